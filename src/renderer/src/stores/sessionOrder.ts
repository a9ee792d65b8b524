import type { SessionId, SessionListRow } from '../../../shared/domain/session';

/**
 * The swarm's order (pinned first, then the newest activity first: the time a row shows, then id),
 * exactly main's (`sessions:list` pages are keyed by it): a total order, so every row has
 * exactly one place and a sorted `order` can be searched by halving instead of
 * sorted again on every push. While the order is held (`sortTime`), a row keeps the time it had.
 */
export function compareRows(a: SessionListRow, b: SessionListRow): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  const at = sortTime(a);
  const bt = sortTime(b);
  if (at !== bt) return bt - at;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Rows whose time changed while the order was held (the pointer or the focus in the list): the
 * time each had when the hold began, which places it until the hold ends (`stores/sessions.ts`).
 */
const heldTimes = new Map<SessionId, number>();

function sortTime(row: SessionListRow): number {
  return heldTimes.size === 0 ? row.updatedAt : (heldTimes.get(row.id) ?? row.updatedAt);
}

/** While held: `id` keeps placing at `time` (its first held time stays). */
export function holdTime(id: SessionId, time: number): void {
  if (!heldTimes.has(id)) heldTimes.set(id, time);
}

/** The hold ends: the rows it kept in place, whose places are then found again. */
export function releaseTimes(): SessionId[] {
  const ids = [...heldTimes.keys()];
  heldTimes.clear();
  return ids;
}

export type Compare = (a: SessionListRow, b: SessionListRow) => number;

/** The index of the first id in `order` whose row does not sort before `row` (ids without a row sort last). */
function lowerBound(order: readonly SessionId[], byId: Readonly<Record<SessionId, SessionListRow>>, row: SessionListRow, compare: Compare): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const other = byId[order[mid] as SessionId];
    if (other !== undefined && compare(other, row) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * `order` (sorted by `compare` over `byId`) with `row` placed where it now
 * belongs: `before` is the row's previous state (null when it is new), found by
 * halving too. O(log n) comparisons and one copy of the array: a push into a
 * swarm of 100,000 never sorts the swarm.
 */
export function placeInOrder(
  order: readonly SessionId[],
  byId: Readonly<Record<SessionId, SessionListRow>>,
  before: SessionListRow | null,
  row: SessionListRow,
  compare: Compare = compareRows,
): SessionId[] {
  const next = order.slice();
  if (before) {
    const at = lowerBound(next, byId, before, compare);
    if (next[at] === row.id) next.splice(at, 1);
    else {
      // Not where its old state says (should not happen): drop it wherever it is.
      const stray = next.indexOf(row.id);
      if (stray >= 0) next.splice(stray, 1);
    }
  }
  next.splice(lowerBound(next, byId, row, compare), 0, row.id);
  return next;
}

/**
 * `order` without the ids in `moved`, with `placed` (rows, in any order) merged
 * into their places: O(n + k log k) for k rows however many there are, so a
 * burst of pushes or a page of the list costs one pass over the swarm, not one per row.
 */
export function mergeIntoOrder(
  order: readonly SessionId[],
  byId: Readonly<Record<SessionId, SessionListRow>>,
  moved: ReadonlySet<SessionId>,
  placed: SessionListRow[],
): SessionId[] {
  placed.sort(compareRows);
  // The usual page of the list: rows all after the last one held (one append, no comparisons).
  const lastId = order[order.length - 1];
  const lastRow = lastId === undefined ? undefined : byId[lastId];
  const first = placed[0];
  if (first !== undefined && (lastId === undefined || (lastRow !== undefined && !moved.has(lastRow.id) && compareRows(lastRow, first) < 0))) {
    const kept = moved.size === placed.length && placed.every((row) => byId[row.id] === undefined) ? order.slice() : order.filter((id) => !moved.has(id));
    for (const row of placed) kept.push(row.id);
    return kept;
  }
  const next: SessionId[] = [];
  let p = 0;
  for (const id of order) {
    if (moved.has(id)) continue;
    const row = byId[id];
    while (p < placed.length && row !== undefined && compareRows(placed[p] as SessionListRow, row) < 0) next.push((placed[p++] as SessionListRow).id);
    next.push(id);
  }
  while (p < placed.length) next.push((placed[p++] as SessionListRow).id);
  return next;
}

/** Every row's id in the swarm's order (a fresh list that main did not send in order). */
export function sortedIds(byId: Readonly<Record<SessionId, SessionListRow>>): SessionId[] {
  return Object.values(byId)
    .sort(compareRows)
    .map((row) => row.id);
}
