import type { SessionId, SessionListRow } from '../../../shared/domain/session';

/** One line of the swarm list as drawn. */
export interface VisibleRow {
  id: SessionId;
  /** 0 = top level; subagents sit one level deeper than their parent. */
  depth: number;
  /** Top-level rows of one group share a group; reordering stays inside it. */
  group: 'pinned' | 'rest' | 'search';
  childCount: number;
  collapsed: boolean;
}

export interface ViewInput {
  byId: Record<SessionId, SessionListRow>;
  order: readonly SessionId[];
  showArchived: boolean;
  folder: string | null;
  searchIds: readonly SessionId[] | null;
  collapsed: Record<SessionId, boolean>;
}

const MAX_DEPTH = 4;

function passes(row: SessionListRow, input: ViewInput): boolean {
  if (row.archived !== input.showArchived) return false;
  if (input.folder !== null && row.folder !== input.folder) return false;
  return true;
}

/**
 * The list as drawn: pinned rows first, then the rest, each followed by its
 * subagents unless collapsed. A search shows its matches flat, best first.
 */
export function buildVisibleRows(input: ViewInput): VisibleRow[] {
  const { byId } = input;
  if (input.searchIds !== null) {
    const rows: VisibleRow[] = [];
    for (const id of input.searchIds) {
      const row = byId[id];
      if (row && passes(row, input)) rows.push({ id, depth: 0, group: 'search', childCount: 0, collapsed: false });
    }
    return rows;
  }

  // The common case, no subagents in view: one flat pass, left at the first subagent.
  const flat: VisibleRow[] = [];
  let anyChild = false;
  for (const id of input.order) {
    const row = byId[id];
    if (!row || !passes(row, input)) continue;
    if (row.parentId !== null) {
      anyChild = true;
      break;
    }
    flat.push({ id, depth: 0, group: row.pinned ? 'pinned' : 'rest', childCount: 0, collapsed: false });
  }
  if (!anyChild) return flat;

  const visibleIds: SessionId[] = [];
  for (const id of input.order) {
    const row = byId[id];
    if (row && passes(row, input)) visibleIds.push(id);
  }

  const visible = new Set(visibleIds);
  const children = new Map<SessionId, SessionId[]>();
  const roots: SessionId[] = [];
  for (const id of visibleIds) {
    const parentId = byId[id]?.parentId ?? null;
    if (parentId !== null && visible.has(parentId) && parentId !== id) {
      const list = children.get(parentId);
      if (list) list.push(id);
      else children.set(parentId, [id]);
    } else {
      roots.push(id);
    }
  }

  const rows: VisibleRow[] = [];
  const placed = new Set<SessionId>();
  /** Place a row and its subagents; under a collapsed parent they are walked (so not orphaned) but not drawn. */
  const place = (id: SessionId, depth: number, group: VisibleRow['group'], hidden: boolean): void => {
    if (placed.has(id)) return; // a parent cycle cannot loop forever
    placed.add(id);
    const kids = children.get(id);
    const collapsed = input.collapsed[id] === true;
    if (!hidden) rows.push({ id, depth, group, childCount: kids ? kids.length : 0, collapsed });
    if (kids) for (const kid of kids) place(kid, Math.min(depth + 1, MAX_DEPTH), group, hidden || collapsed);
  };
  for (const id of roots) place(id, 0, byId[id]?.pinned ? 'pinned' : 'rest', false);
  // Rows caught in a parent cycle still show, at the top level.
  for (const id of visibleIds) if (!placed.has(id)) place(id, 0, byId[id]?.pinned ? 'pinned' : 'rest', false);
  return rows;
}

/**
 * The rows that share `id`'s parent and group, in order: what reordering moves
 * `id` among. Empty for search results (their order is relevance, not the swarm's).
 */
export function reorderSiblings(rows: readonly VisibleRow[], id: SessionId): SessionId[] {
  const parents = parentIds(rows);
  const index = rows.findIndex((row) => row.id === id);
  const self = rows[index];
  if (!self || self.group === 'search') return [];
  const parent = parents[index] ?? null;
  const siblings: SessionId[] = [];
  rows.forEach((row, i) => {
    if (row.depth === self.depth && row.group === self.group && (parents[i] ?? null) === parent) siblings.push(row.id);
  });
  return siblings;
}

/** Each row's parent id in one pass (a stack of the latest row at each depth). */
function parentIds(rows: readonly VisibleRow[]): (SessionId | null)[] {
  const latestAtDepth: SessionId[] = [];
  return rows.map((row) => {
    latestAtDepth[row.depth] = row.id;
    latestAtDepth.length = row.depth + 1;
    return row.depth > 0 ? (latestAtDepth[row.depth - 1] ?? null) : null;
  });
}
