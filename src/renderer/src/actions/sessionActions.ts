import type { SessionId, SessionRow } from '../../../shared/domain/session';
import type { ChannelInput } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/result';
import { api } from '../bridge';
import { sessionLabel } from '../label/sessionLabel';
import { addEntry, forgetEntries } from '../stores/entries';
import { dropFromPanes, openSession } from '../stores/panes';
import { loadSessions, removeSession, upsertSession, useSessions } from '../stores/sessions';
import { askToDelete, cancelRename, requestComposerFocus, showToast, useUi, type UndoAction } from '../stores/ui';

function labelOf(id: SessionId): string {
  const row = useSessions.getState().byId[id];
  return row ? sessionLabel(row, Date.now()).text : 'session';
}

/** Apply a reply carrying a row; a failure becomes an error toast. */
function applyRow(result: Result<SessionRow>): SessionRow | null {
  if (result.ok) {
    upsertSession(result.value);
    return result.value;
  }
  showToast(result.error.message, { tone: 'error' });
  return null;
}

/**
 * "New session": creates and opens it. A refusal (a folder that is not there) comes back
 * as its message, for the dialog to show beside the field.
 */
export async function createSession(input: ChannelInput<'sessions:create'>): Promise<{ ok: true; row: SessionRow } | { ok: false; message: string }> {
  const result = await api().invoke('sessions:create', input);
  if (!result.ok) return { ok: false, message: result.error.message };
  upsertSession(result.value);
  openSession(result.value.id);
  requestComposerFocus(result.value.id);
  return { ok: true, row: result.value };
}

/** "Browse…": the OS folder picker (desktop app); null when cancelled or unavailable (said in a toast). */
export async function pickFolder(current: string): Promise<string | null> {
  const result = await api().invoke('app:pickFolder', current.trim() ? { defaultPath: current.trim() } : {});
  if (result.ok) return result.value.folder;
  showToast(result.error.message, { tone: 'error' });
  return null;
}

/**
 * Save a rename. A title the judge refuses keeps the field open with the
 * reason (TITLE_REJECTED); anything else closes it.
 */
export async function saveRename(id: SessionId, title: string): Promise<void> {
  useUi.setState((state) => (state.renaming ? { renaming: { ...state.renaming, saving: true, error: null } } : state));
  const result = await api().invoke('sessions:rename', { id, title });
  if (result.ok) {
    upsertSession(result.value);
    cancelRename();
    return;
  }
  const message = result.error.code === 'TITLE_REJECTED' ? result.error.message : `Could not rename: ${result.error.message}`;
  useUi.setState((state) =>
    state.renaming?.sessionId === id ? { renaming: { sessionId: id, saving: false, error: message || 'That title cannot be used.' } } : state,
  );
}

export async function releaseTitle(id: SessionId): Promise<void> {
  if (applyRow(await api().invoke('sessions:releaseTitle', { id }))) showToast('Swarmdesk will title this session from now on.');
}

const REGENERATE_OUTCOMES = {
  titled: null,
  kept: 'The title still fits.',
  'no-title': 'No title yet: there is not enough to go on.',
  pinned: 'Your own title stays. Pick “Let Swarmdesk title this” first.',
  off: 'Automatic titles are turned off in the settings.',
} as const;

/** "Regenerate title": ask the model now; say so when nothing changed. */
export async function regenerateTitle(id: SessionId): Promise<void> {
  const result = await api().invoke('sessions:regenerateTitle', { id });
  if (!result.ok) {
    showToast(result.error.message, { tone: 'error' });
    return;
  }
  upsertSession(result.value.row);
  const message = REGENERATE_OUTCOMES[result.value.outcome];
  if (message) showToast(message);
}

export async function setPinned(id: SessionId, pinned: boolean): Promise<void> {
  applyRow(await api().invoke('sessions:setPinned', { id, pinned }));
}

export async function archiveSession(id: SessionId): Promise<void> {
  const label = labelOf(id);
  if (applyRow(await api().invoke('sessions:setArchived', { id, archived: true }))) {
    showToast(`Archived “${label}”.`, { undo: { kind: 'unarchive', sessionId: id } });
  }
}

export async function unarchiveSession(id: SessionId): Promise<void> {
  applyRow(await api().invoke('sessions:setArchived', { id, archived: false }));
}

export async function deleteSession(id: SessionId): Promise<void> {
  const label = labelOf(id);
  askToDelete(null);
  const result = await api().invoke('sessions:delete', { id });
  if (!result.ok) {
    showToast(result.error.message, { tone: 'error' });
    return;
  }
  removeSession(id);
  dropFromPanes(id);
  forgetEntries(id);
  showToast(`Deleted “${label}”.`, { undo: { kind: 'restore', sessionId: id } });
}

export async function restoreSession(id: SessionId): Promise<void> {
  applyRow(await api().invoke('sessions:restore', { id }));
}

export async function runUndo(undo: UndoAction): Promise<void> {
  if (undo.kind === 'unarchive') await unarchiveSession(undo.sessionId);
  else await restoreSession(undo.sessionId);
}

/**
 * Persist a new place for a row: just before `beforeId`, or at the end of its
 * group. Main answers with the moved row only; if its neighbours were
 * renumbered meanwhile, our positions are stale, so fetch the swarm again.
 */
export async function moveSession(id: SessionId, beforeId: SessionId | null): Promise<void> {
  const row = applyRow(await api().invoke('sessions:move', { id, beforeId }));
  if (!row) return;
  const { order, byId } = useSessions.getState();
  const group = order.filter((other) => byId[other]?.pinned === row.pinned);
  const at = group.indexOf(id);
  const placed = beforeId === null ? at === group.length - 1 : group[at + 1] === beforeId;
  if (!placed) await loadSessions();
}

export async function markRead(id: SessionId): Promise<void> {
  const row = useSessions.getState().byId[id];
  if (!row?.unread) return;
  const result = await api().invoke('sessions:markRead', { id });
  if (result.ok) upsertSession(result.value);
}

/** The composer: a user message, or a steer while the agent works. Returns whether it was accepted. */
export async function sendMessage(id: SessionId, text: string): Promise<boolean> {
  const result = await api().invoke('sessions:send', { id, text });
  if (!result.ok) {
    showToast(result.error.message, { tone: 'error' });
    return false;
  }
  addEntry(result.value);
  return true;
}

export async function stopSession(id: SessionId): Promise<void> {
  applyRow(await api().invoke('sessions:stop', { id }));
}
