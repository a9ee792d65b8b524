import type { SessionId, SessionRow } from '../../../shared/domain/session';

/**
 * The swarm's order (pinned first, then position, newest first, then id): a
 * total order, so every row has exactly one place and a sorted `order` can be
 * searched by halving instead of sorted again on every push.
 */
export function compareRows(a: SessionRow, b: SessionRow): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.position !== b.position) return a.position - b.position;
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export type Compare = (a: SessionRow, b: SessionRow) => number;

/** The index of the first id in `order` whose row does not sort before `row` (ids without a row sort last). */
function lowerBound(order: readonly SessionId[], byId: Readonly<Record<SessionId, SessionRow>>, row: SessionRow, compare: Compare): number {
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
  byId: Readonly<Record<SessionId, SessionRow>>,
  before: SessionRow | null,
  row: SessionRow,
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

/** Every row's id in the swarm's order (a fresh list that main did not send in order). */
export function sortedIds(byId: Readonly<Record<SessionId, SessionRow>>): SessionId[] {
  return Object.values(byId)
    .sort(compareRows)
    .map((row) => row.id);
}
