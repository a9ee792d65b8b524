import type { ListCursor, SessionListRow, SessionRow } from '../../../shared/domain/session';

/*
 * The swarm's one order across hosts (SPEC §4 `sessions:list`): pinned first, then the newest
 * activity first (`updatedAt`, the time a row shows), then id, as every host's store orders its
 * own rows; the swarm interleaves them by time.
 */

type OrderKey = Pick<SessionListRow, 'pinned' | 'updatedAt' | 'id'>;

/** Negative when `a` comes first. Ids compare as the store's BINARY collation does (they are ASCII). */
export function compareRows(a: OrderKey, b: OrderKey): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.updatedAt !== b.updatedAt) return a.updatedAt > b.updatedAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Positions, within a pin group, as the user placed rows by hand (a move across hosts is placed by them). */
type PlaceKey = Pick<SessionListRow, 'pinned' | 'position' | 'id'>;

function compareByPlace(a: PlaceKey, b: PlaceKey): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Whether `row` comes after the cursor's row in the order (a keyset page's rows). */
export function isAfter(row: OrderKey, cursor: ListCursor): boolean {
  return compareRows(row, cursor) > 0;
}

/** A full row as the list draws it (what `sessions:list` sends; see SessionListRowSchema). */
export function toListRow(row: SessionRow | SessionListRow): SessionListRow {
  const { backendId: _b, createdAt: _c, ...rest } = row as SessionRow;
  return rest.title === null ? rest : { ...rest, firstUserLine: null };
}

/**
 * One `sessions:list` page of the swarm: this machine's page (already after
 * `after`, at most `limit`) merged with the remote rows, cut at `limit`. The
 * page holds at most `limit` of this machine's rows, and those are its first
 * ones after the cursor, so the merge's first `limit` rows are the swarm's.
 */
export function mergePage(
  local: readonly SessionListRow[],
  remote: Iterable<SessionListRow>,
  query: { includeArchived: boolean; limit?: number; after?: ListCursor },
): SessionListRow[] {
  const { includeArchived, limit, after } = query;
  const others = [...remote].filter((r) => (includeArchived || !r.archived) && (after === undefined || isAfter(r, after))).sort(compareRows);
  const out: SessionListRow[] = [];
  const max = limit ?? Number.MAX_SAFE_INTEGER;
  let i = 0;
  let j = 0;
  while (out.length < max && (i < local.length || j < others.length)) {
    const a = local[i];
    const b = others[j];
    if (b === undefined || (a !== undefined && compareRows(a, b) <= 0)) {
      out.push(a as SessionListRow);
      i += 1;
    } else {
      out.push(b);
      j += 1;
    }
  }
  return out;
}

/**
 * Ranked id lists (each best first) as one: the first of each, then the
 * second of each, … (no host's scores are comparable with another's), cut at
 * `limit`, each id once.
 */
export function interleave(lists: ReadonlyArray<readonly string[]>, limit: number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let rank = 0; rank < longest && out.length < limit; rank += 1) {
    for (const list of lists) {
      const id = list[rank];
      if (id === undefined || seen.has(id)) continue;
      seen.add(id);
      out.push(id);
      if (out.length >= limit) break;
    }
  }
  return out;
}

/**
 * Where a row moves on its own host when dropped before a row of another
 * host: before the nearest row of its own host (and pin group) at or after
 * the target in the swarm's order; null (its group's end) when none follows.
 */
export function moveTargetOnHost(
  swarm: readonly (PlaceKey & { host?: string })[],
  moving: PlaceKey & { host?: string },
  beforeId: string,
): string | null {
  const sorted = [...swarm].sort(compareByPlace);
  const at = sorted.findIndex((r) => r.id === beforeId);
  if (at < 0) return null;
  for (const row of sorted.slice(at)) {
    if (row.id !== moving.id && row.host === moving.host && row.pinned === moving.pinned) return row.id;
  }
  return null;
}
