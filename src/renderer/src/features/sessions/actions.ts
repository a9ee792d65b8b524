import type { ListCursor, SessionId, SessionListRow, SessionRow } from '../../../../shared/domain/session';
import type { ChannelOutput } from '../../../../shared/ipc/contract';
import type { Result } from '../../../../shared/result';
import { api } from '../../bridge';
import { sessionLabel } from '../../label/sessionLabel';
import { searchResultsShown } from '../search/actions';
import { forgetEntries } from '../../stores/entries';
import { dropFromPanes, openSession } from '../../stores/panes';
import {
  applySearchResults,
  applySessionList,
  beginReload,
  clearSearch,
  endReload,
  mergeReloadPage,
  mergeSessions,
  removeSession,
  setSearchQuery,
  setShowArchivedView,
  upsertSession,
  useSessions,
} from '../../stores/sessions';
import { askToDelete, cancelRename, setRenameError, setRenameSaving, showToast, type UndoAction } from '../../stores/ui';

/**
 * The swarm list's calls to main: the list itself, the archived view, search,
 * and what the row menu and the row do to one session (rename, titles, pin,
 * archive, delete and their undo, move, mark read).
 */

function labelOf(id: SessionId): string {
  const row = useSessions.getState().byId[id];
  return row ? sessionLabel(row, Date.now()).text : 'session';
}

/** Apply a reply carrying a row; a failure becomes an error toast. */
export function applyRow(result: Result<SessionRow>): SessionRow | null {
  if (result.ok) {
    upsertSession(result.value);
    return result.value;
  }
  showToast(result.error.message, { tone: 'error' });
  return null;
}

/**
 * Save a rename. A title the judge refuses keeps the field open with the
 * reason (TITLE_REJECTED); anything else closes it.
 */
export async function saveRename(id: SessionId, title: string): Promise<void> {
  setRenameSaving();
  const result = await api().invoke('sessions:rename', { id, title });
  if (result.ok) {
    upsertSession(result.value);
    cancelRename();
    return;
  }
  const message = result.error.code === 'TITLE_REJECTED' ? result.error.message : `Could not rename: ${result.error.message}`;
  setRenameError(id, message || 'That title cannot be used.');
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
 * pin group (places are positions within a pin group). Main answers with the moved row only
 * (and pushes the rest); if our positions disagree with its place, fetch the swarm again.
 */
export async function moveSession(id: SessionId, beforeId: SessionId | null): Promise<void> {
  const row = applyRow(await api().invoke('sessions:move', { id, beforeId }));
  if (!row) return;
  const { byId } = useSessions.getState();
  const target = beforeId === null ? null : byId[beforeId];
  // Right above its target: nothing of its pin group between them (or, last: nothing after it).
  const between = Object.values(byId).some(
    (other) =>
      other.id !== id &&
      other.pinned === row.pinned &&
      (target ? comesBefore(row, other) && comesBefore(other, target) : comesBefore(row, other)),
  );
  if (between || (target && !comesBefore(row, target))) await loadSessions();
}

/** Whether `a` is placed before `b` (position, then id): the order a reordered group is drawn in. */
function comesBefore(a: SessionListRow, b: SessionListRow): boolean {
  return a.position < b.position || (a.position === b.position && a.id < b.id);
}

/**
 * A group drawn by time, put in the order the user just gave it (`ids`: the group's rows, top to
 * bottom): its rows take the places they hold among themselves in that order (`sessions:reorder`),
 * so it can then be drawn by place. False (and a toast) when main refused.
 */
export async function reorderGroupRows(ids: readonly SessionId[]): Promise<boolean> {
  if (ids.length < 2) return true;
  const result = await api().invoke('sessions:reorder', { ids: [...ids] });
  if (!result.ok) showToast(result.error.message, { tone: 'error' });
  return result.ok;
}

export async function markRead(id: SessionId): Promise<void> {
  const row = useSessions.getState().byId[id];
  if (!row?.unread) return;
  const result = await api().invoke('sessions:markRead', { id });
  if (result.ok) upsertSession(result.value);
}

/** List loads: each takes a number; only the newest one's pages land (an older one would undo a view switch). */
let listSeq = 0;

/**
 * Rows per page of the rest of the swarm: a page's parse and apply stay a few
 * ms (~320 KB), and each page lands in its own task, so input and paint go on
 * between pages while 10,000 or 100,000 rows arrive.
 */
export const LIST_PAGE_ROWS = 1_000;

/** Where the next page of the list starts: right after this row, in main's order. */
function cursorAfter(row: SessionListRow): ListCursor {
  return { pinned: row.pinned, updatedAt: row.updatedAt, id: row.id };
}

/** The rest of the list after `after`, page by page, each page into the store in its own task; stops when a newer list is asked for. */
async function loadRest(seq: number, includeArchived: boolean, after: ListCursor): Promise<void> {
  for (;;) {
    const result = await api().invoke('sessions:list', { includeArchived, limit: LIST_PAGE_ROWS, after });
    if (seq !== listSeq) return;
    if (!result.ok) {
      showToast(`Could not load the rest of the sessions: ${result.error.message}`, { tone: 'error' });
      return;
    }
    const rows = result.value;
    const last = rows[rows.length - 1];
    const done = rows.length < LIST_PAGE_ROWS || last === undefined;
    // Keyed by the last row as main sent it: a row that moves meanwhile is pushed, so none is missed.
    mergeSessions(rows, done);
    if (done) return;
    after = cursorAfter(last);
  }
}

/**
 * The whole swarm (or the archived view) from main again, page by page, unless a newer list
 * was asked for meanwhile (a reconnect, the archived view, a move whose neighbours were
 * renumbered). The rows held stay on screen while the pages arrive: each page is merged in, and
 * only the last removes the rows no page brought (`stores/sessions.ts#beginReload`), so a deep
 * scroll position holds and no row blinks out for the seconds 100,000 rows take.
 */
export async function loadSessions(): Promise<void> {
  const seq = ++listSeq;
  const includeArchived = useSessions.getState().showArchived;
  beginReload(seq, includeArchived);
  let after: ListCursor | null = null;
  for (;;) {
    const result = await api().invoke('sessions:list', after ? { includeArchived, limit: LIST_PAGE_ROWS, after } : { includeArchived, limit: LIST_PAGE_ROWS });
    if (seq !== listSeq) return;
    if (!result.ok) {
      if (useSessions.getState().order.length > 0) showToast(`Could not load the sessions: ${result.error.message}`, { tone: 'error' });
      endReload(seq, result.error.message);
      return;
    }
    const rows = result.value;
    const last = rows[rows.length - 1];
    const done = rows.length < LIST_PAGE_ROWS || last === undefined;
    if (!mergeReloadPage(seq, rows, done) || done) return;
    after = cursorAfter(last);
  }
}

/**
 * The first page asked for by the early start (the rows on screen, in order):
 * returns how to apply its reply. A full page means more rows wait: `apply`
 * returns how to fetch them (page by page), for the caller to start once the
 * first page is painted. A page that lands after a newer list was asked for is dropped.
 */
export function takeFirstPage(pageRows: number): (result: Result<SessionListRow[]>) => { rest: (() => Promise<void>) | null } {
  const seq = ++listSeq;
  return (result) => {
    if (seq !== listSeq) return { rest: null };
    const last = result.ok ? result.value[result.value.length - 1] : undefined;
    const more = result.ok && result.value.length >= pageRows && last !== undefined;
    applySessionList(result, !more);
    return { rest: more ? () => loadRest(seq, false, cursorAfter(last)) : null };
  };
}

/** Switch between the swarm and the archived view: fetch the list (and the search results) for it. */
export async function setShowArchived(showArchived: boolean): Promise<void> {
  setShowArchivedView(showArchived);
  await loadSessions();
  const { query } = useSessions.getState();
  if (query.trim()) await searchSessions(query);
}

/**
 * After this long without a keystroke the query's last word counts as whole: the search goes
 * out again with `whole`, so that word also finds its other forms ("decorators" finds
 * "decorator", issue 34). Words before a space are whole at once.
 */
export const SEARCH_SETTLE_MS = 350;

/** Search bookkeeping: which request is the newest, and the one keystroke waiting for the wire. */
let searchSeq = 0;
let searchInFlight = false;
let queuedQuery: { query: string; whole: boolean } | null = null;
let settleTimer: ReturnType<typeof setTimeout> | null = null;

function stopSettle(): void {
  if (settleTimer) clearTimeout(settleTimer);
  settleTimer = null;
}

/** For tests: forget searches of an earlier app (their replies are then ignored). */
export function resetSearch(): void {
  searchSeq++;
  searchInFlight = false;
  queuedQuery = null;
  stopSettle();
}

/** Whether the typed text ends in a finished word (a space after it). */
const endsWhole = (query: string): boolean => /\s$/u.test(query);

/**
 * Full-text search as the user types. Each call supersedes the previous one:
 * a reply that arrives after a newer query was issued is ignored. `whole`: the
 * last word is finished (by default, as when the view changes under a query).
 */
export async function searchSessions(query: string, whole = true): Promise<void> {
  const seq = ++searchSeq;
  if (!query.trim()) {
    searchResultsShown(null);
    clearSearch(query);
    return;
  }
  setSearchQuery(query, true);
  const result = await api().invoke('sessions:search', {
    query: query.trim(),
    includeArchived: useSessions.getState().showArchived,
    whole,
  });
  if (seq !== searchSeq) return;
  searchResultsShown(query.trim());
  applySearchResults(result.ok ? result.value.ids : []);
}

/** One search on the wire at a time: a later one waits (the newest replacing any waiting). */
function issueSearch(query: string, whole: boolean): void {
  if (searchInFlight) {
    queuedQuery = { query, whole };
    setSearchQuery(query, true);
    return;
  }
  searchInFlight = true;
  void searchSessions(query, whole).finally(() => {
    searchInFlight = false;
    const next = queuedQuery;
    queuedQuery = null;
    if (next !== null) issueSearch(next.query, next.whole);
  });
}

/**
 * What the search box calls on every keystroke. The first keystroke searches at
 * once; while a search is on the wire, later keystrokes only replace the queued
 * query, which goes out when the reply lands. So the list follows the typing
 * within one round trip, and main never sees more than one search at a time.
 * Once the typing pauses (SEARCH_SETTLE_MS), the query goes out once more with its
 * last word whole.
 */
export function typeQuery(query: string): void {
  stopSettle();
  if (!query.trim()) {
    searchSeq++;
    queuedQuery = null;
    searchResultsShown(null);
    clearSearch(query);
    return;
  }
  issueSearch(query, endsWhole(query));
  if (endsWhole(query)) return;
  settleTimer = setTimeout(() => {
    settleTimer = null;
    if (useSessions.getState().query === query) issueSearch(query, true);
  }, SEARCH_SETTLE_MS);
}

export type WorktreeState = ChannelOutput<'git:worktreeState'>['worktree'];

/** A session's worktree and its unsaved work (the delete confirmation says what is kept); null when none or unknown. */
export async function loadWorktreeState(id: SessionId): Promise<WorktreeState> {
  const result = await api().invoke('git:worktreeState', { id });
  return result.ok ? result.value.worktree : null;
}

export type ContinueKind = 'claude-code' | 'chat' | 'terminal';

/**
 * "Continue in…" (SPEC §9.5): the new session opens; a refusal (ambient off, nothing yet) is said in a toast.
 * `acp` names its agent (issue 16).
 */
export async function continueSessionIn(id: SessionId, kind: ContinueKind | 'acp', agent?: string): Promise<void> {
  const row = applyRow(await api().invoke('sessions:continueIn', { id, kind, ...(kind === 'acp' && agent ? { agent } : {}) }));
  if (row) openSession(row.id);
}
