import { create } from 'zustand';
import type { SessionId, SessionRow } from '../../../shared/domain/session';
import type { Result } from '../../../shared/result';
import { compareRows, placeInOrder, sortedIds } from './sessionOrder';

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
  byId: Record<SessionId, SessionRow>;
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
  /** The archived view: the list shows archived sessions only. */
  showArchived: boolean;
  /** Only sessions whose folder is exactly this; null = all folders. */
  folder: string | null;
  query: string;
  /** Full-text matches for `query`, best first; null when not searching. */
  searchIds: SessionId[] | null;
  searching: boolean;
  ambient: Record<SessionId, AmbientView>;
  /** Bumped when the list as drawn may change: a row added or removed, or its order, pin, archive, folder or parent. */
  listVersion: number;
  /** Bumped when any row changes (its status, title, …), for views that read every row (the waiting badge). */
  rowsVersion: number;
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
});

export const useSessions = create<SessionsState>(() => initialState());

export function resetSessionsStore(): void {
  useSessions.setState(initialState(), true);
}

/**
 * Replace the swarm with a fresh `sessions:list` reply: the whole swarm, or its
 * first page (`complete` false). A reply is newer than every push that came
 * before it on the same channel, so it replaces what they left. Main lists in
 * swarm order already; sort only if not.
 */
export function replaceSessions(rows: readonly SessionRow[], complete = true): void {
  const byId: Record<SessionId, SessionRow> = {};
  const order: SessionId[] = new Array(rows.length);
  let sorted = true;
  let unique = true;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as SessionRow;
    if (unique && byId[row.id] !== undefined) unique = false;
    byId[row.id] = row;
    order[i] = row.id;
    if (sorted && i > 0 && compareRows(rows[i - 1] as SessionRow, row) > 0) sorted = false;
  }
  useSessions.setState((state) => ({
    byId,
    order: sorted && unique ? order : sortedIds(byId),
    loaded: true,
    complete,
    loadError: null,
    listVersion: state.listVersion + 1,
    rowsVersion: state.rowsVersion + 1,
  }));
}

/** Main pushed (or a reply carried) the current state of one row: known or not yet loaded, it lands once, in its place. */
export function upsertSession(row: SessionRow): void {
  useSessions.setState((state) => {
    const before = state.byId[row.id] ?? null;
    const moved = !before || compareRows(before, row) !== 0;
    // The new place is found while `byId` still holds the row's previous state.
    const order = moved ? placeInOrder(state.order, state.byId, before, row) : state.order;
    const reshaped = moved || before.archived !== row.archived || before.folder !== row.folder || before.parentId !== row.parentId;
    // In place, not copied: O(1) per push at 100,000 rows. A row's view re-renders on its new object.
    state.byId[row.id] = row;
    return { order, rowsVersion: state.rowsVersion + 1, listVersion: reshaped ? state.listVersion + 1 : state.listVersion };
  });
}

export function removeSession(id: SessionId): void {
  useSessions.setState((state) => {
    if (!state.byId[id]) return state;
    const order = state.order.filter((other) => other !== id);
    delete state.byId[id];
    return {
      order,
      searchIds: state.searchIds ? state.searchIds.filter((other) => other !== id) : null,
      listVersion: state.listVersion + 1,
      rowsVersion: state.rowsVersion + 1,
    };
  });
}

/** A `sessions:list` reply into the store: the swarm, or why it could not be loaded. */
export function applySessionList(result: Result<SessionRow[]>, complete = true): void {
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
