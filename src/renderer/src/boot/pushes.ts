import type { SessionId } from '../../../shared/domain/session';
import type { SwarmdeskApi } from '../../../shared/ipc/api';
import { addEntry, forgetEntries, setStreaming } from '../stores/entries';
import { dropFromPanes, usePanes } from '../stores/panes';
import { applyQueuedChanges, queueRowChange, queuedRow, setPickupNote, setSuggestion, useSessions } from '../stores/sessions';
import { coalesced } from './coalesced';
import { showToast } from '../stores/ui';
import { forgetUsage, setUsage } from '../stores/usage';
import { firstShowings } from '../features/app/actions';
import { markRead } from '../features/sessions/actions';
import { useApp } from '../stores/app';
import { noticeMissed, noticeStatusChange, openNotifiedSession } from '../features/notifications/actions';
import { changesPushed } from '../features/changes/actions';
import { forgetChanges } from '../features/changes/store';
import { reviewChanged } from '../features/review/actions';
import { forgetReview } from '../features/review/store';
import { hostStatePushed } from '../features/host/actions';
import { refreshAfterReconnect } from './refresh';
import { permissionPushed, sessionOptionsPushed } from '../features/acp/actions';
import { forgetAcpSession } from '../features/acp/store';
import { hostsPushed } from '../features/hosts/actions';

/** The push paths subscribed now, each with its frame (tests let the frame come at once). */
const frames = new Set<{ runNow(): void }>();

/** Let every scheduled push frame run now, as the next animation frame would (for tests). */
export function runPushFramesNow(): void {
  for (const frame of frames) frame.runNow();
}

/**
 * Main pushes changed entities (already schema-checked by the bridge); each
 * lands in its store. Rows are queued and applied once per frame (the importer
 * pushes one row per session: a burst of N costs one rebuild of the list, not N).
 * Returns the unsubscribe for all of them.
 */
export function subscribeToPushes(api: SwarmdeskApi): () => void {
  /** Pushed this frame: the rows that came in unread (the one on screen is marked read once it is in). */
  const unread = new Set<SessionId>();
  const frame = coalesced(() => {
    applyQueuedChanges();
    const focused = usePanes.getState().focused;
    const seen = focused !== null && unread.has(focused);
    unread.clear();
    // What the user is looking at is read.
    if (seen && useSessions.getState().byId[focused]?.unread && document.visibilityState === 'visible') void markRead(focused);
  });
  frames.add(frame);
  const offs = [
    api.on('session:changed', (row) => {
      const queuedBefore = queuedRow(row.id);
      const before = queuedBefore === undefined ? useSessions.getState().byId[row.id]?.status : queuedBefore?.status;
      queueRowChange(row.id, row);
      if (row.unread) unread.add(row.id);
      void noticeStatusChange(before, row);
      frame.schedule();
    }),
    api.on('session:removed', ({ id }) => {
      queueRowChange(id, null);
      frame.schedule();
      forgetUsage(id);
      forgetChanges(id);
      forgetReview(id);
      dropFromPanes(id);
      forgetEntries(id);
      forgetAcpSession(id);
    }),
    api.on('entry:added', (entry) => addEntry(entry)),
    api.on('entry:streaming', (payload) => setStreaming(payload)),
    api.on('app:notice', ({ message }) => {
      // Live: always said; remembered, so the same notice from app:info after a reload is not said again.
      const dataDir = useApp.getState().info?.dataDir;
      if (dataDir !== undefined) firstShowings(dataDir, [message]);
      showToast(message);
    }),
    api.on('session:usage', (usage) => setUsage(usage)),
    api.on('session:changes', (summary) => changesPushed(summary)),
    api.on('review:changed', ({ sessionId }) => reviewChanged(sessionId)),
    api.on('app:openSession', ({ sessionId }) => openNotifiedSession(sessionId)),
    api.on('session:suggestion', ({ sessionId, text }) => setSuggestion(sessionId, text)),
    api.on('session:pickupNote', ({ sessionId, text }) => setPickupNote(sessionId, text)),
    api.on('acp:permission', (payload) => permissionPushed(payload)),
    api.on('acp:sessionOptions', (payload) => sessionOptionsPushed(payload)),
    api.on('hosts:changed', (view) => hostsPushed(view)),
    api.on('host:state', (state) => {
      // The host came back: what it pushed meanwhile never arrived. Reload as after a reconnect; then what was missed.
      if (hostStatePushed(state)) void refreshAfterReconnect().then(() => noticeMissed());
    }),
  ];
  return () => {
    for (const off of offs) off();
    frames.delete(frame);
    frame.cancel();
    applyQueuedChanges();
  };
}
