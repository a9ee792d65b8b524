import type { SessionId, SessionRow, SessionStatus } from '../../../../shared/domain/session';
import type { AppInfo } from '../../../../shared/ipc/app';
import { api } from '../../bridge';
import { sessionLabel } from '../../label/sessionLabel';
import { openSession, usePanes } from '../../stores/panes';
import { useSessions } from '../../stores/sessions';
import { markRead } from '../sessions/actions';
import { browserNotifier, browserPermission, requestBrowserPermission, type Notifier } from './browserNotifier';
import { notificationText, notifyReason, shouldNotify } from './rules';
import { setNotificationsState, useNotifications } from './store';

let notifier: Notifier | null = null;
let lastBadge = -1;

/** The desktop app: the OS notification and the dock/taskbar badge, shown by main. */
const desktopNotifier: Notifier = {
  show(sessionId, title, body) {
    void api().invoke('app:notify', { sessionId, title, body });
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
export function startNotifications(info: Pick<AppInfo, 'transport' | 'notifications'>): () => void {
  const desktop = info.transport === 'electron';
  notifier = desktop ? desktopNotifier : browserNotifier(openNotifiedSession, document.title || 'Swarmdesk');
  lastBadge = -1;
  setNotificationsState({ enabled: info.notifications, via: desktop ? 'desktop' : 'browser', permission: desktop ? 'granted' : browserPermission() });
  updateBadge();
  const offSessions = useSessions.subscribe((state, before) => {
    if (state.waiting !== before.waiting) updateBadge();
  });
  const offSwitch = useNotifications.subscribe((state, before) => {
    if (state.enabled !== before.enabled) updateBadge();
  });
  return () => {
    offSessions();
    offSwitch();
    notifier = null;
  };
}

/** A pushed row changed status: tap the user on the shoulder if it matters and they are not looking at it. */
export function noticeStatusChange(before: SessionStatus | undefined, row: SessionRow): void {
  if (!notifier || !useNotifications.getState().enabled) return;
  const reason = notifyReason(before, row);
  if (!reason) return;
  const windowFocused = document.visibilityState === 'visible' && document.hasFocus();
  if (!shouldNotify(row.id, { windowFocused, onScreen: new Set(usePanes.getState().open) })) return;
  const { title, body } = notificationText(reason, sessionLabel(row, Date.now()).text);
  notifier.show(row.id, title, body);
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

/** Web mode: ask the browser again (a button beside the switch while permission is undecided). */
export async function allowBrowserNotifications(): Promise<void> {
  setNotificationsState({ permission: await requestBrowserPermission() });
}
