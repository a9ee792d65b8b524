import type { SwarmdeskApi } from '../../../shared/ipc/api';
import { addEntry, forgetEntries, setStreaming } from '../stores/entries';
import { dropFromPanes, usePanes } from '../stores/panes';
import { removeSession, setPickupNote, setSuggestion, upsertSession, useSessions } from '../stores/sessions';
import { showToast } from '../stores/ui';
import { forgetUsage, setUsage } from '../stores/usage';
import { markRead } from '../features/sessions/actions';
import { noticeStatusChange, openNotifiedSession } from '../features/notifications/actions';
import { changesPushed } from '../features/changes/actions';
import { forgetChanges } from '../features/changes/store';

/**
 * Main pushes changed entities (already schema-checked by the bridge); each
 * lands in its store. Returns the unsubscribe for all of them.
 */
export function subscribeToPushes(api: SwarmdeskApi): () => void {
  const offs = [
    api.on('session:changed', (row) => {
      const before = useSessions.getState().byId[row.id]?.status;
      upsertSession(row);
      noticeStatusChange(before, row);
      // What the user is looking at is read.
      if (row.unread && usePanes.getState().focused === row.id && document.visibilityState === 'visible') void markRead(row.id);
    }),
    api.on('session:removed', ({ id }) => {
      removeSession(id);
      forgetUsage(id);
      forgetChanges(id);
      dropFromPanes(id);
      forgetEntries(id);
    }),
    api.on('entry:added', (entry) => addEntry(entry)),
    api.on('entry:streaming', (payload) => setStreaming(payload)),
    api.on('app:notice', ({ message }) => {
      showToast(message);
    }),
    api.on('session:usage', (usage) => setUsage(usage)),
    api.on('session:changes', (summary) => changesPushed(summary)),
    api.on('app:openSession', ({ sessionId }) => openNotifiedSession(sessionId)),
    api.on('session:suggestion', ({ sessionId, text }) => setSuggestion(sessionId, text)),
    api.on('session:pickupNote', ({ sessionId, text }) => setPickupNote(sessionId, text)),
  ];
  return () => {
    for (const off of offs) off();
  };
}
