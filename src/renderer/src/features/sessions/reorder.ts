import type { SessionId } from '../../../../shared/domain/session';
import { moveSession, reorderGroupRows } from './actions';
import { setGroupReordered } from '../sidebar/layout';
import { useSidebarLayout } from '../../stores/sidebarLayout';
import { currentVisibleRows } from '../../stores/useVisibleRows';
import { sessionLabel } from '../../label/sessionLabel';
import { reorderSiblings, type VisibleRow } from '../../stores/sessionView';
import { useSessions } from '../../stores/sessions';
import { announce, setReorder, useUi, type ReorderState } from '../../stores/ui';

/**
 * Keyboard and mouse reordering (SPEC §7.1 drag handle). The keyboard path:
 * Space picks a row up, arrows move it among its siblings (the list previews
 * the move), Space drops it, Escape puts it back. Every step
 * is announced through the live region.
 *
 * A group is drawn by time until the user reorders it (issue 28). The first move in a group puts
 * the whole group in the order shown with the move made (`sessions:reorder`) and marks the group
 * reordered (the sidebar layout's `reorderedGroups`; "Sort by time" in the row menu clears it);
 * later moves in it are `sessions:move`, since the places then are the order drawn.
 */

/** Put `id` just before `beforeId` (null: last) among `siblings` (the rows it moves among, in `group`, as drawn). */
async function place(id: SessionId, beforeId: SessionId | null, siblings: readonly SessionId[], group: string): Promise<void> {
  if (useSidebarLayout.getState().reorderedGroups[group]) {
    await moveSession(id, beforeId);
    return;
  }
  const order = siblings.filter((other) => other !== id);
  const at = beforeId === null ? order.length : order.indexOf(beforeId);
  order.splice(at < 0 ? order.length : at, 0, id);
  if (await reorderGroupRows(order)) setGroupReordered(group, true);
}

/** The group `id` is drawn in (a subagent: its parent's). */
function groupIn(rows: readonly VisibleRow[], id: SessionId): string | null {
  return rows.find((row) => row.id === id)?.group ?? null;
}

function labelOf(id: SessionId): string {
  const row = useSessions.getState().byId[id];
  return row ? sessionLabel(row, Date.now()).text : 'Session';
}

export function pickUp(id: SessionId, rows: readonly VisibleRow[]): void {
  const siblings = reorderSiblings(rows, id);
  const index = siblings.indexOf(id);
  if (index === -1 || siblings.length < 2) {
    announce(rows.some((row) => row.group === 'search') ? 'Clear the search to reorder sessions.' : `${labelOf(id)} has nothing to move past.`);
    return;
  }
  setReorder({ sessionId: id, siblings, fromIndex: index, index });
  announce(`Picked up ${labelOf(id)}, position ${index + 1} of ${siblings.length}. Arrow keys move it, Space drops it, Escape cancels.`);
}

export function moveBy(delta: number): void {
  const state = useUi.getState().reorder;
  if (!state) return;
  const index = Math.max(0, Math.min(state.siblings.length - 1, state.index + delta));
  if (index === state.index) {
    announce(`${labelOf(state.sessionId)} is already ${delta < 0 ? 'first' : 'last'}.`);
    return;
  }
  setReorder({ ...state, index });
  announce(`${labelOf(state.sessionId)}, position ${index + 1} of ${state.siblings.length}.`);
}

export function moveTo(edge: 'first' | 'last'): void {
  const state = useUi.getState().reorder;
  if (!state) return;
  moveBy(edge === 'first' ? -state.index : state.siblings.length - 1 - state.index);
}

/** The sibling order a reorder state describes. */
export function previewOrder(state: ReorderState): SessionId[] {
  const order = state.siblings.filter((id) => id !== state.sessionId);
  order.splice(state.index, 0, state.sessionId);
  return order;
}

export async function drop(): Promise<void> {
  const state = useUi.getState().reorder;
  if (!state) return;
  const label = labelOf(state.sessionId);
  if (state.index === state.fromIndex) {
    setReorder(null);
    announce(`${label} dropped where it was.`);
    return;
  }
  const order = previewOrder(state);
  const beforeId = order[state.index + 1] ?? null;
  // Keep the preview on screen until main answers, so the row does not jump back and forth.
  await place(state.sessionId, beforeId, state.siblings, groupIn(currentVisibleRows(), state.sessionId) ?? '');
  if (useUi.getState().reorder?.sessionId === state.sessionId) setReorder(null);
  announce(`${label} dropped at position ${state.index + 1} of ${state.siblings.length}.`);
}

export function cancelReorder(): void {
  const state = useUi.getState().reorder;
  if (!state) return;
  setReorder(null);
  announce(`Reorder cancelled. ${labelOf(state.sessionId)} is back at position ${state.fromIndex + 1} of ${state.siblings.length}.`);
}

/**
 * Where a mouse drop of `dragged` just before or after `target` puts it: the sibling it then goes before
 * (null: last), or undefined where the drop would do nothing (not a sibling, or the place it already has).
 */
export function dropPlace(dragged: SessionId, target: SessionId, where: 'before' | 'after', rows: readonly VisibleRow[]): SessionId | null | undefined {
  if (dragged === target) return undefined;
  const siblings = reorderSiblings(rows, dragged);
  if (!siblings.includes(target)) return undefined;
  const without = siblings.filter((id) => id !== dragged);
  const targetIndex = without.indexOf(target);
  const beforeId = where === 'before' ? target : (without[targetIndex + 1] ?? null);
  const currentIndex = siblings.indexOf(dragged);
  if (siblings[currentIndex + 1] === (beforeId ?? undefined) || (beforeId === null && currentIndex === siblings.length - 1)) return undefined;
  return beforeId;
}

/** A mouse drop: `dragged` lands just before or after `target`, if they are siblings. */
export async function dropOnRow(dragged: SessionId, target: SessionId, where: 'before' | 'after', rows: readonly VisibleRow[]): Promise<void> {
  const beforeId = dropPlace(dragged, target, where, rows);
  if (beforeId === undefined) return;
  await place(dragged, beforeId, reorderSiblings(rows, dragged), groupIn(rows, dragged) ?? '');
  announce(`${labelOf(dragged)} moved.`);
}

/** The rows as drawn while a keyboard reorder is in progress: the picked row's block sits at its new place. */
export function applyReorderPreview(rows: readonly VisibleRow[], state: ReorderState | null): readonly VisibleRow[] {
  if (!state || state.index === state.fromIndex) return rows;
  const blocks = new Map<SessionId, VisibleRow[]>();
  let first = -1;
  let last = -1;
  const siblingSet = new Set(state.siblings);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (!row || !siblingSet.has(row.id)) continue;
    const block: VisibleRow[] = [row];
    let j = i + 1;
    while (j < rows.length && (rows[j]?.depth ?? 0) > row.depth) block.push(rows[j++] as VisibleRow);
    blocks.set(row.id, block);
    if (first === -1) first = i;
    last = j - 1;
  }
  if (first === -1 || blocks.size !== state.siblings.length) return rows;
  const middle = previewOrder(state).flatMap((id) => blocks.get(id) ?? []);
  return [...rows.slice(0, first), ...middle, ...rows.slice(last + 1)];
}
