import type { SessionId, SessionListRow } from '../../../shared/domain/session';
import { lastSegment, projectDetail, projectNames, projectOf, splitProject } from './projects';

/** One line of the swarm list as drawn. */
export interface VisibleRow {
  id: SessionId;
  /** 0 = top level; subagents sit one level deeper than their parent. */
  depth: number;
  /**
   * Top-level rows of one group share a group; reordering stays inside it: 'pinned', a project
   * (`project:<path>`), 'rest' (one list by recency), 'archived', or 'search' (results, not reorderable).
   */
  group: string;
  childCount: number;
  collapsed: boolean;
}

/** A group heading, drawn before the row at `before` (or where that row would be: its group may be collapsed). */
export interface GroupHeader {
  before: number;
  /** The group it heads (`VisibleRow.group`); also its key for the collapsed state. */
  group: string;
  text: string;
  /** The full path for a project (its tooltip; a remote one's "… on <host>"), else null. */
  detail: string | null;
  /** The user reordered this group: its rows are in their places, not by time ("Sort by time" clears it). */
  reordered: boolean;
  /** Rows in the group (from the swarm's tally), or null where a count says nothing ("Pinned"). */
  count: number | null;
  collapsible: boolean;
  collapsed: boolean;
}

export interface ListView {
  rows: VisibleRow[];
  headers: GroupHeader[];
}

/** How the list is laid out below the pinned rows: by project (repository or folder), or one list in the swarm's order. */
export type Grouping = 'project' | 'recency';

export interface ViewInput {
  byId: Record<SessionId, SessionListRow>;
  order: readonly SessionId[];
  showArchived: boolean;
  folder: string | null;
  searchIds: readonly SessionId[] | null;
  collapsed: Record<SessionId, boolean>;
  grouping?: Grouping;
  /** Groups folded away (by `GroupHeader.group`). */
  collapsedGroups?: Record<string, boolean>;
  /** Groups the user reordered (by `GroupHeader.group`): drawn in the places they gave the rows, not by time. */
  reorderedGroups?: Record<string, boolean>;
  /** A group's count, kept by the store as rows change; absent: the rows placed in it are counted. */
  countOf?: (group: { project: string } | 'archived') => number;
}

const MAX_DEPTH = 4;
const PROJECT = 'project:';

function passes(row: SessionListRow, input: ViewInput): boolean {
  if (row.archived && !input.showArchived) return false;
  if (input.folder !== null && projectOf(row) !== input.folder) return false;
  return true;
}

/** The places the user gave rows (position, then id): a reordered group's order. */
function byPlace(a: SessionListRow, b: SessionListRow): number {
  if (a.position !== b.position) return a.position - b.position;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The group a top-level row is drawn in (`VisibleRow.group`). */
export function groupOf(row: SessionListRow, grouping: Grouping): string {
  if (row.archived) return 'archived';
  if (row.pinned) return 'pinned';
  return grouping === 'project' ? PROJECT + projectOf(row) : 'rest';
}

/**
 * The list as drawn: pinned rows first, then the rest by project (each project where its
 * newest row is, its rows in the swarm's order: newest first) or as one list, then the archived rows
 * when shown; each row followed by its subagents unless collapsed. A group the user reordered is in
 * the places they gave its rows (position), still where its newest row puts it. A search shows its
 * matches flat, best first. One pass over the swarm's order (and one more when subagents are in
 * view), and a sort of each reordered group's rows.
 */
export function buildListView(input: ViewInput): ListView {
  const { byId } = input;
  if (input.searchIds !== null) {
    const rows: VisibleRow[] = [];
    for (const id of input.searchIds) {
      const row = byId[id];
      if (row && passes(row, input)) rows.push({ id, depth: 0, group: 'search', childCount: 0, collapsed: false });
    }
    return { rows, headers: [] };
  }
  const grouping = input.grouping ?? 'project';

  // The common case, no subagents in view: the top-level rows are every row that passes.
  const visibleIds: SessionId[] = [];
  let anyChild = false;
  for (const id of input.order) {
    const row = byId[id];
    if (!row || !passes(row, input)) continue;
    if (row.parentId !== null) anyChild = true;
    visibleIds.push(id);
  }

  let roots = visibleIds;
  let children: Map<SessionId, SessionId[]> | null = null;
  if (anyChild) {
    const visible = new Set(visibleIds);
    children = new Map();
    roots = [];
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
  }

  // Top-level rows into their groups, each group where its first row is.
  const buckets = new Map<string, SessionId[]>();
  for (const id of roots) {
    const key = groupOf(byId[id] as SessionListRow, grouping);
    const bucket = buckets.get(key);
    if (bucket) bucket.push(id);
    else buckets.set(key, [id]);
  }
  // A reordered group: its rows in the places the user gave them (its place among groups stays its newest row's).
  const reordered = input.reorderedGroups;
  if (reordered) for (const [key, ids] of buckets) if (reordered[key]) ids.sort((a, b) => byPlace(byId[a] as SessionListRow, byId[b] as SessionListRow));
  const keys = [...buckets.keys()];
  const middle = keys.filter((key) => key !== 'pinned' && key !== 'archived');
  const ordered = [...(buckets.has('pinned') ? ['pinned'] : []), ...middle, ...(buckets.has('archived') ? ['archived'] : [])];
  const byProject = middle.length > 1;
  const anyHeader = byProject || ordered.length > 1;
  const names = byProject ? projectNames(middle.map((key) => key.slice(PROJECT.length))) : null;

  const rows: VisibleRow[] = [];
  const headers: GroupHeader[] = [];
  const placed = children ? new Set<SessionId>() : null;
  /** Place a row and its subagents; under a collapsed parent they are walked (so not orphaned) but not drawn. */
  const place = (id: SessionId, depth: number, group: string, hidden: boolean): void => {
    if (placed) {
      if (placed.has(id)) return; // a parent cycle cannot loop forever
      placed.add(id);
    }
    let kids = children?.get(id);
    if (kids && reordered?.[group]) kids = [...kids].sort((a, b) => byPlace(byId[a] as SessionListRow, byId[b] as SessionListRow));
    const collapsed = input.collapsed[id] === true;
    if (!hidden) rows.push({ id, depth, group, childCount: kids ? kids.length : 0, collapsed });
    if (kids) for (const kid of kids) place(kid, Math.min(depth + 1, MAX_DEPTH), group, hidden || collapsed);
  };

  for (const key of ordered) {
    const ids = buckets.get(key) as SessionId[];
    const collapsible = key === 'archived' || (byProject && key.startsWith(PROJECT));
    const folded = collapsible && input.collapsedGroups?.[key] === true;
    if (anyHeader) headers.push(headerFor(key, rows.length, ids.length, { byProject, names, folded, collapsible, countOf: input.countOf, reordered: reordered?.[key] === true }));
    if (folded) {
      if (placed) for (const id of ids) place(id, 0, key, true);
      continue;
    }
    if (!children) {
      for (const id of ids) rows.push({ id, depth: 0, group: key, childCount: 0, collapsed: false });
    } else {
      for (const id of ids) place(id, 0, key, false);
    }
  }
  // Rows caught in a parent cycle still show, at the top level.
  if (placed) for (const id of visibleIds) if (!placed.has(id)) place(id, 0, groupOf(byId[id] as SessionListRow, grouping), false);
  return { rows, headers };
}

function headerFor(
  key: string,
  before: number,
  placedCount: number,
  how: { byProject: boolean; names: Map<string, string> | null; folded: boolean; collapsible: boolean; countOf: ViewInput['countOf']; reordered: boolean },
): GroupHeader {
  const base = { before, group: key, collapsible: how.collapsible, collapsed: how.folded, reordered: how.reordered };
  if (key === 'pinned') return { ...base, text: 'Pinned', detail: null, count: null };
  if (key === 'archived') return { ...base, text: 'Archived', detail: null, count: how.countOf ? how.countOf('archived') : placedCount };
  if (!how.byProject) return { ...base, text: 'Sessions', detail: null, count: null };
  const project = key.slice(PROJECT.length);
  return {
    ...base,
    text: how.names?.get(project) ?? lastSegment(splitProject(project).path),
    detail: projectDetail(project),
    count: how.countOf ? how.countOf({ project }) : placedCount,
  };
}

/**
 * The group `id`'s row is drawn in, from the rows themselves (a subagent's: its top parent's),
 * without building the list: what the row menu asks ("Sort by time" for a reordered group).
 */
export function groupOfRow(byId: Readonly<Record<SessionId, SessionListRow>>, id: SessionId, grouping: Grouping): string | null {
  let row = byId[id];
  for (let depth = 0; row && row.parentId !== null && depth < 64; depth++) {
    const parent = byId[row.parentId];
    if (!parent || parent.archived !== row.archived) break;
    row = parent;
  }
  return row ? groupOf(row, grouping) : null;
}

/** The rows as drawn (without their headings). */
export function buildVisibleRows(input: ViewInput): VisibleRow[] {
  return buildListView(input).rows;
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
