import { create } from 'zustand';
import type { SessionId, SessionListRow } from '../../../shared/domain/session';
import type { Result } from '../../../shared/result';
import { compareRows, holdTime, mergeIntoOrder, placeInOrder, releaseTimes, sortedIds } from './sessionOrder';
import { SwarmTally } from './swarmTally';

/** What the ambient engine shows for one session; null = nothing to show. */
export interface AmbientView {
  pickupNote: string | null;
  suggestion: string | null;
}

export interface SessionsState {
  /**
   * The rows by id. Replaced whole by a list reply, but a single row is put in place (see
   * `upsertSession`): copying 100,000 keys per push costs ~40 ms. Whole-list views key on
   * `listVersion` (and this object's identity), never on a copy.
   */
  byId: Record<SessionId, SessionListRow>;
  /** Every known id, pinned first, then by position (the swarm's order). */
  order: SessionId[];
  /** The first page (at least) has arrived: the list can be drawn. */
  loaded: boolean;
  /**
   * The whole swarm has arrived. False between the first page (the rows on
   * screen) and the rest: rows beyond the page are not known yet, but pushes
   * and replies about any row are applied as they come.
   */
  complete: boolean;
  loadError: string | null;
  /** "Show archived": the list adds the archived sessions (in their own group at the end). */
  showArchived: boolean;
  /** Only sessions of this project (`projectOf`: a repository or a folder); null = all. */
  folder: string | null;
  query: string;
  /** Full-text matches for `query`, best first; null when not searching. */
  searchIds: SessionId[] | null;
  searching: boolean;
  ambient: Record<SessionId, AmbientView>;
  /** Bumped when the list as drawn may change: a row added or removed, or its order, pin, archive, folder or parent. */
  listVersion: number;
  /** Bumped when any row changes (its status, title, …). */
  rowsVersion: number;
  /** Rows waiting for the user outside the archive (the badge), kept as rows change: never a walk of the swarm. */
  waiting: number;
  /** Bumped when a project's (or the archive's) row count changes (`heldFolders`, `groupCount` then say what it holds). */
  foldersVersion: number;
}

/** A fresh state (its `byId` is written in place, so never shared between stores or resets). */
const initialState = (): SessionsState => ({
  byId: {},
  order: [],
  loaded: false,
  complete: false,
  loadError: null,
  showArchived: false,
  folder: null,
  query: '',
  searchIds: null,
  searching: false,
  ambient: {},
  listVersion: 0,
  rowsVersion: 0,
  waiting: 0,
  foldersVersion: 0,
});

export const useSessions = create<SessionsState>(() => initialState());

/** A row's new state, or null: it was removed. */
type RowChange = SessionListRow | null;

/**
 * Pushed changes not yet in the store, the last one per row (module data, not
 * state; changes to different rows commute, so arrival order within a row is
 * all that matters). The push path applies them once per frame; every direct
 * write applies them first, so a reply is never overtaken by an older push.
 */
const queued = new Map<SessionId, RowChange>();

/** The waiting count and the rows per folder, changed with every row written (module data beside `byId`). */
const tally = new SwarmTally();

/**
 * The reload in progress (`beginReload`): its generation, and the rows main has
 * shown to exist since it began (its pages, pushes and replies). Its last page
 * removes every row held that is not among them (mark and sweep).
 */
let reload: { gen: number; seen: Set<SessionId>; includeArchived: boolean } | null = null;

/**
 * Whether the order is held (the pointer or the focus is in the list, issue 28): a row whose time
 * changes keeps its place (its data changes in place) until the hold ends. What the user does to
 * the order themselves (a move, a pin, an archive) still applies at once; rows added or removed too.
 */
let holding = false;

/** Hold the order (true) or let it catch up (false: the rows held in place move to where they now belong, in one update). */
export function holdOrder(hold: boolean): void {
  if (hold === holding) return;
  holding = hold;
  if (hold) return;
  applyQueuedChanges();
  const ids = releaseTimes();
  if (ids.length === 0) return;
  useSessions.setState((state) => {
    const moved = new Set(ids.filter((id) => state.byId[id] !== undefined));
    if (moved.size === 0) return {};
    const placed = [...moved].map((id) => state.byId[id] as SessionListRow);
    return { order: mergeIntoOrder(state.order, state.byId, moved, placed), listVersion: state.listVersion + 1 };
  });
}

/** Whether the order is held now. */
export function orderHeld(): boolean {
  return holding;
}

export function resetSessionsStore(): void {
  queued.clear();
  holding = false;
  releaseTimes();
  tally.clear();
  reload = null;
  useSessions.setState(initialState(), true);
}

/**
 * Replace the swarm with a fresh `sessions:list` reply: its first page
 * (`complete` false: the rest follows page by page, `mergeSessions`) or all
 * of it. A reply is newer than every push that came before it on the same
 * channel, so it replaces what they left. Main lists in swarm order already;
 * sort only if not.
 */
export function replaceSessions(rows: readonly SessionListRow[], complete = true): void {
  // Pushes still queued came before this reply: it holds their state already.
  queued.clear();
  // A whole new list is drawn in its order (a held row's earlier time would misplace it among them).
  releaseTimes();
  reload = null;
  tally.clear();
  const byId: Record<SessionId, SessionListRow> = {};
  const order: SessionId[] = new Array(rows.length);
  let sorted = true;
  let unique = true;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as SessionListRow;
    if (unique && byId[row.id] !== undefined) unique = false;
    tally.change(byId[row.id], row);
    byId[row.id] = row;
    order[i] = row.id;
    if (sorted && i > 0 && compareRows(rows[i - 1] as SessionListRow, row) > 0) sorted = false;
  }
  useSessions.setState((state) => ({
    byId,
    order: sorted && unique ? order : sortedIds(byId),
    loaded: true,
    complete,
    loadError: null,
    listVersion: state.listVersion + 1,
    rowsVersion: state.rowsVersion + 1,
    waiting: tally.waiting,
    foldersVersion: state.foldersVersion + 1,
  }));
}


/**
 * Rows in `changes` (the last state of each; null = removed) into the store in one update:
 * `byId` written in place, `order` changed once (one row: by halving; more: one merge pass).
 */
function applyRowChanges(changes: ReadonlyMap<SessionId, RowChange>, extra?: Partial<SessionsState>): void {
  useSessions.setState((state) => {
    const moved = new Set<SessionId>();
    const placed: SessionListRow[] = [];
    let single: { before: SessionListRow | null; row: SessionListRow } | null = null;
    let reshaped = false;
    let removed = false;
    for (const [id, row] of changes) {
      const before = state.byId[id] ?? null;
      // Held: a row whose time moved keeps the time it had, so it keeps its place.
      if (holding && before && row && before.updatedAt !== row.updatedAt) holdTime(id, before.updatedAt);
      if (row === null) {
        if (!before) continue;
        moved.add(id);
        removed = true;
        continue;
      }
      if (!before || compareRows(before, row) !== 0) {
        moved.add(id);
        placed.push(row);
        single = { before, row };
      } else if (
        before.archived !== row.archived ||
        before.folder !== row.folder ||
        before.project !== row.project ||
        before.host !== row.host ||
        before.parentId !== row.parentId ||
        // A group the user reordered is drawn by position.
        before.position !== row.position
      )
        reshaped = true;
    }
    let order = state.order;
    if (moved.size === 1 && placed.length === 1 && single) {
      // One row: its old and new places found by halving while `byId` still holds its old state.
      order = placeInOrder(state.order, state.byId, single.before, single.row);
    } else if (moved.size > 0) {
      order = mergeIntoOrder(state.order, state.byId, moved, placed);
    }
    // In place, not copied: O(1) per row at 100,000 rows. A row's view re-renders on its new object.
    let folders = false;
    for (const [id, row] of changes) {
      const before = state.byId[id];
      if (row === null && before === undefined) continue;
      if (tally.change(before, row)) folders = true;
      if (row === null) delete state.byId[id];
      else {
        state.byId[id] = row;
        // Main has this row now: a reload under way keeps it.
        reload?.seen.add(id);
      }
    }
    const searchIds = removed && state.searchIds ? state.searchIds.filter((id) => state.byId[id] !== undefined) : state.searchIds;
    return {
      ...extra,
      order,
      searchIds,
      rowsVersion: state.rowsVersion + 1,
      listVersion: moved.size > 0 || reshaped ? state.listVersion + 1 : state.listVersion,
      waiting: tally.waiting,
      foldersVersion: folders ? state.foldersVersion + 1 : state.foldersVersion,
    };
  });
}


/** A pushed row (or its removal) for the next `applyQueuedChanges`. */
export function queueRowChange(id: SessionId, row: RowChange): void {
  queued.delete(id); // re-inserted at the end: the map's order stays the arrival order
  queued.set(id, row);
}

/** What a queued push says about a row: its state, null (removed), or undefined (nothing queued). */
export function queuedRow(id: SessionId): RowChange | undefined {
  return queued.get(id);
}

/** Every queued push in one store update (one rebuild of the order for a burst, not one per push). */
export function applyQueuedChanges(): void {
  if (queued.size === 0) return;
  const changes = new Map(queued);
  queued.clear();
  applyRowChanges(changes);
}

/**
 * A page of `sessions:list` after the first (`complete`: it was the last): each
 * row lands in its place, as a push would (a reply is newer than the pushes before it).
 */
export function mergeSessions(rows: readonly SessionListRow[], complete: boolean): void {
  applyQueuedChanges();
  const changes = new Map<SessionId, RowChange>();
  for (const row of rows) changes.set(row.id, row);
  applyRowChanges(changes, { complete });
}

/**
 * A reload of the list begins (generation `gen`, newer than any before): the rows held stay
 * (and on screen) while its pages arrive (`mergeReloadPage`); its last page removes those that
 * no page, push or reply brought meanwhile. Without the archive (`includeArchived` false) the
 * archived rows held are dropped at once: no page will bring them and the view is without them.
 */
export function beginReload(gen: number, includeArchived: boolean): void {
  applyQueuedChanges();
  reload = { gen, seen: new Set(), includeArchived };
  const { byId, order } = useSessions.getState();
  const archived = new Map<SessionId, RowChange>();
  if (!includeArchived) for (const id of order) if (byId[id]?.archived) archived.set(id, null);
  if (archived.size > 0) applyRowChanges(archived, { complete: false });
  else useSessions.setState({ complete: false });
}

/**
 * A page of reload `gen` (`last`: no more follow): merged in (a page is newer than the rows
 * held and the pushes before it). The last page also sweeps: every row held that main did not
 * show meanwhile (or, without the archive, that was archived meanwhile) is removed, in the same
 * store update. A superseded reload's page is dropped
 * (returns false).
 */
export function mergeReloadPage(gen: number, rows: readonly SessionListRow[], last: boolean): boolean {
  if (reload?.gen !== gen) return false;
  applyQueuedChanges();
  const changes = new Map<SessionId, RowChange>();
  for (const row of rows) changes.set(row.id, row);
  if (last) {
    const { seen, includeArchived } = reload;
    reload = null;
    const { byId, order } = useSessions.getState();
    // Gone from main, or (a row archived meanwhile) out of the view this reload lists.
    for (const id of order) if ((!seen.has(id) || (!includeArchived && byId[id]?.archived)) && !changes.has(id)) changes.set(id, null);
  }
  applyRowChanges(changes, { complete: last, loaded: true, loadError: null });
  return true;
}

/**
 * Reload `gen` stopped short (a page could not be had): no sweep, the rows held stay, and the
 * list is no longer busy. With nothing held yet, the reason is shown instead of the list.
 */
export function endReload(gen: number, error: string): void {
  if (reload?.gen !== gen) return;
  reload = null;
  const { loaded, order } = useSessions.getState();
  useSessions.setState(loaded && order.length > 0 ? { complete: true } : { loaded: true, complete: true, loadError: error });
}

/**
 * The projects the swarm holds (repositories and folders, never a worktree's path), most used
 * first (from the tally: no walk of the rows; changes with `foldersVersion`).
 */
export function heldFolders(): string[] {
  return tally.projectsByUse();
}

/** How many projects the swarm holds (the tally's count, no sort: `heldFolders` sorts them). */
export function heldFolderCount(): number {
  return tally.projectCount();
}

/** A group heading's count: rows in `project` outside the archive and "Pinned" (as drawn under it), or archived rows (`'archived'`); kept as rows change. */
export function groupCount(group: { project: string } | 'archived'): number {
  return group === 'archived' ? tally.archived : tally.liveIn(group.project);
}

/** Main pushed (or a reply carried) the current state of one row: known or not yet loaded, it lands once, in its place. */
export function upsertSession(row: SessionListRow): void {
  applyQueuedChanges();
  applyRowChanges(new Map([[row.id, row]]));
}

export function removeSession(id: SessionId): void {
  applyQueuedChanges();
  if (!useSessions.getState().byId[id]) return;
  applyRowChanges(new Map([[id, null]]));
}

/** A `sessions:list` reply into the store: the swarm (or its first page), or why it could not be loaded. */
export function applySessionList(result: Result<SessionListRow[]>, complete = true): void {
  if (result.ok) replaceSessions(result.value, complete);
  else useSessions.setState({ loaded: true, loadError: result.error.message });
}

/** The archived view on or off (the caller fetches the list for it). */
export function setShowArchivedView(showArchived: boolean): void {
  useSessions.setState({ showArchived });
}

export function setFolderFilter(folder: string | null): void {
  useSessions.setState({ folder });
}

/** What the search box holds, and whether results for it are on their way. */
export function setSearchQuery(query: string, searching: boolean): void {
  useSessions.setState({ query, searching });
}

/** The search box is empty (or only spaces): the list is the swarm again. */
export function clearSearch(query: string): void {
  useSessions.setState({ query, searchIds: null, searching: false });
}

/** The newest search's matches, best first. */
export function applySearchResults(ids: SessionId[]): void {
  useSessions.setState({ searching: false, searchIds: ids });
}

/** For the ambient engine: the pick-up note to show when the session is reopened (null hides it). */
export function setPickupNote(id: SessionId, pickupNote: string | null): void {
  useSessions.setState((state) => ({
    ambient: { ...state.ambient, [id]: { suggestion: state.ambient[id]?.suggestion ?? null, pickupNote } },
  }));
}

/** For the ambient engine: the next-prompt ghost text (null hides it). */
export function setSuggestion(id: SessionId, suggestion: string | null): void {
  useSessions.setState((state) => ({
    ambient: { ...state.ambient, [id]: { pickupNote: state.ambient[id]?.pickupNote ?? null, suggestion } },
  }));
}
