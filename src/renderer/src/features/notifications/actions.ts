import type { SessionId, SessionRow, SessionStatus } from '../../../../shared/domain/session';
import type { AppInfo } from '../../../../shared/ipc/app';
import { api } from '../../bridge';
import { sessionLabel } from '../../label/sessionLabel';
import { openSession, usePanes } from '../../stores/panes';
import { useSessions } from '../../stores/sessions';
import { showToast } from '../../stores/ui';
import { markRead } from '../sessions/actions';
import { browserNotifier, browserPermission, requestBrowserPermission, type Notifier } from './browserNotifier';
import { missedNotifications, notificationText, notifyReason, shouldNotify, type MissedLabelled } from './rules';
import { setNotificationsState, useNotifications } from './store';

let notifier: Notifier | null = null;
let lastBadge = -1;

/** The desktop app: the OS notification and the dock/taskbar badge, shown by main; a notification the OS refused is a toast here. */
const desktopNotifier: Notifier = {
  show(sessionId, title, body) {
    void api()
      .invoke('app:notify', { sessionId, title, body })
      .then((result) => {
        if (result.ok && !result.value.shown) showToast(`${title}: ${body}`);
      });
  },
  setBadge(count) {
    void api().invoke('app:setBadge', { count });
  },
};

function updateBadge(): void {
  if (!notifier) return;
  // Kept by the store as rows change (never a walk of the swarm per push).
  const count = useNotifications.getState().enabled ? useSessions.getState().waiting : 0;
  if (count === lastBadge) return;
  lastBadge = count;
  notifier.setBadge(count);
}

/**
 * Starts notifications once the app's facts are known (which transport, the
 * switch). Keeps the badge in step with the sessions store. Returns the stop.
 */
export function startNotifications(info: Pick<AppInfo, 'transport' | 'notifications' | 'notifyDone'>): () => void {
  const desktop = info.transport === 'electron';
  notifier = desktop ? desktopNotifier : browserNotifier(openNotifiedSession, document.title || 'Swarmdesk');
  lastBadge = -1;
  setNotificationsState({ enabled: info.notifications, notifyDone: info.notifyDone ?? false, via: desktop ? 'desktop' : 'browser', permission: desktop ? 'granted' : browserPermission() });
  updateBadge();
  const offSessions = useSessions.subscribe((state, before) => {
    if (state.waiting !== before.waiting) updateBadge();
  });
  const offSwitch = useNotifications.subscribe((state, before) => {
    if (state.enabled !== before.enabled) updateBadge();
  });
  // Coming back: what happened while no window was open, told once.
  void noticeMissed();
  return () => {
    offSessions();
    offSwitch();
    notifier = null;
  };
}

/**
 * Asks the session host what started waiting (or failed) while no window was
 * attached (`app:missed`, which clears it) and notifies once per session, or
 * one summary when there are more than three. At start and after a re-attach.
 */
export async function noticeMissed(): Promise<void> {
  if (!notifier || !useNotifications.getState().enabled) return;
  const result = await api().invoke('app:missed', {});
  if (!result.ok || result.value.sessions.length === 0) return;
  const now = Date.now();
  const rows = await Promise.all(
    result.value.sessions.map(async (missed) => {
      const row = useSessions.getState().byId[missed.sessionId] ?? (await fetchRow(missed.sessionId));
      return row && !row.archived ? { missed, row } : null;
    }),
  );
  const shown = notifier;
  if (!shown) return;
  const windowFocused = document.visibilityState === 'visible' && document.hasFocus();
  const onScreen = new Set(usePanes.getState().open);
  const labelled: MissedLabelled[] = [];
  for (const found of rows) {
    if (!found || !shouldNotify(found.row.id, { windowFocused, onScreen })) continue;
    // A wait is told once, whichever window or start tells it.
    if (found.missed.status === 'waiting' && !(await claimWaitNotice(found.row.id))) continue;
    labelled.push({ ...found.missed, label: sessionLabel(found.row, now).text });
  }
  for (const note of missedNotifications(labelled)) shown.show(note.sessionId, note.title, note.body);
}

/** A missed session beyond the rows loaded so far. */
async function fetchRow(id: SessionId): Promise<SessionRow | null> {
  const result = await api().invoke('sessions:get', { id });
  return result.ok ? result.value : null;
}

/**
 * A pushed row changed status: tap the user on the shoulder if it matters and they are not looking at it.
 * Done only when the user asked for it; a wait only when the core says it was not told yet (once per wait,
 * at most once per session per 30 s, across windows and restarts).
 */
export async function noticeStatusChange(before: SessionStatus | undefined, row: SessionRow): Promise<void> {
  const settings = useNotifications.getState();
  if (!notifier || !settings.enabled) return;
  const reason = notifyReason(before, row);
  if (!reason || (reason === 'done' && !settings.notifyDone)) return;
  const windowFocused = document.visibilityState === 'visible' && document.hasFocus();
  if (!shouldNotify(row.id, { windowFocused, onScreen: new Set(usePanes.getState().open) })) return;
  if (reason === 'waiting' && !(await claimWaitNotice(row.id))) return;
  const { title, body } = notificationText(reason, sessionLabel(row, Date.now()).text);
  notifier?.show(row.id, title, body);
}

/** Whether this window may tell that the session waits; a failed ask (an older host) tells it, as before. */
async function claimWaitNotice(id: SessionId): Promise<boolean> {
  const result = await api().invoke('app:claimWaitNotice', { id });
  return result.ok ? result.value.notify : result.error.code === 'UNKNOWN_CHANNEL';
}

/** A notification was clicked in the desktop app (main pushed `app:openSession`). */
export function openNotifiedSession(id: SessionId): void {
  const row = useSessions.getState().byId[id];
  if (!row) return;
  openSession(id);
  if (row.unread) void markRead(id);
}

/**
 * The settings switch. Turning it on in web mode asks the browser first (this
 * runs inside the click, as browsers require); the choice is kept by main.
 */
export async function setNotificationsEnabled(enabled: boolean): Promise<void> {
  if (enabled && useNotifications.getState().via === 'browser' && browserPermission() === 'default') {
    setNotificationsState({ permission: await requestBrowserPermission() });
  }
  const result = await api().invoke('app:setNotifications', { enabled });
  if (result.ok) setNotificationsState({ enabled: result.value.enabled, error: null });
  else setNotificationsState({ error: result.error.message });
}

/** The opt-in for done notifications (Settings → Notifications); kept by main. */
export async function setNotifyDone(enabled: boolean): Promise<void> {
  const result = await api().invoke('app:setNotifyDone', { enabled });
  if (result.ok) setNotificationsState({ notifyDone: result.value.enabled, error: null });
  else setNotificationsState({ error: result.error.message });
}

/** Web mode: ask the browser again (a button beside the switch while permission is undecided). */
export async function allowBrowserNotifications(): Promise<void> {
  setNotificationsState({ permission: await requestBrowserPermission() });
}
