import type { SavedSidebarLayout } from '../../../../shared/ipc/ui';
import { readSidebarLayout, setSidebarLayout, clampSidebarWidth, useSidebarLayout, type SidebarLayout } from '../../stores/sidebarLayout';
import type { Grouping } from '../../stores/sessionView';
import { SIDEBAR_LAYOUT_KEY } from '../../stores/sidebarLayoutData';
import { saveWindowState } from '../windowState/actions';

/**
 * The sidebar's layout kept across reloads and restarts: in the core (`ui:state`, authoritative:
 * web mode's origin, and so its localStorage, is new at each start) and in this window's
 * localStorage, the fast first guess read before the first render. Storage that is missing or
 * full is not an error a user can act on; the layout then lasts as long as the window.
 */
export { SIDEBAR_LAYOUT_KEY } from '../../stores/sidebarLayoutData';

/** Whether the user changed the layout in this window (then the core's copy, arriving late, does not undo it). */
let changedHere = false;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // access denied (a sandboxed or privacy-locked page)
  }
}

/** The layout this window's storage holds, or null (none, or not JSON: written by hand or a broken write). */
function storedLayout(): SidebarLayout | null {
  const raw = storage()?.getItem(SIDEBAR_LAYOUT_KEY);
  if (!raw) return null;
  try {
    return readSidebarLayout(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** The stored layout into the store (at start, before the first render); none: the default stands. */
export function restoreSidebarLayout(): void {
  changedHere = false;
  const local = storedLayout();
  if (local) setSidebarLayout(local);
}

/** The marked groups only (the core keeps `true`s). */
function marked(groups: Record<string, boolean>): Record<string, true> {
  const out: Record<string, true> = {};
  for (const [group, on] of Object.entries(groups)) if (on) out[group] = true;
  return out;
}

/** The layout as the core keeps it: only folded and reordered groups are named. */
function forCore({ width, collapsed, grouping, collapsedGroups, reorderedGroups }: SidebarLayout): SavedSidebarLayout {
  return { width, collapsed, grouping, collapsedGroups: marked(collapsedGroups), reorderedGroups: marked(reorderedGroups) };
}

function cache(): void {
  try {
    storage()?.setItem(SIDEBAR_LAYOUT_KEY, JSON.stringify(useSidebarLayout.getState()));
  } catch {
    // Quota exceeded: kept in the core only.
  }
}

/**
 * The core's copy, once it arrives: it wins over the local guess (they agree in the common case,
 * so nothing moves), unless the user changed the layout meanwhile. None in the core yet (first
 * start of this build): the local layout, if there is one, is handed to it.
 */
export function adoptSidebarLayout(fromCore: SavedSidebarLayout | null): void {
  if (changedHere) return;
  if (fromCore === null) {
    if (storage()?.getItem(SIDEBAR_LAYOUT_KEY)) saveWindowState({ sidebar: forCore(useSidebarLayout.getState()) });
    return;
  }
  const next = readSidebarLayout(fromCore);
  // Unchanged (the common case): no store update, so nothing re-renders or moves.
  if (JSON.stringify(forCore(next)) !== JSON.stringify(forCore(useSidebarLayout.getState()))) setSidebarLayout(next);
  cache();
}

function save(change: Partial<SidebarLayout>): void {
  changedHere = true;
  setSidebarLayout(change);
  cache();
  saveWindowState({ sidebar: forCore(useSidebarLayout.getState()) });
}

export function setSidebarWidth(width: number): void {
  save({ width: clampSidebarWidth(width) });
}

export function setSidebarCollapsed(collapsed: boolean): void {
  save({ collapsed });
}

export function setGrouping(grouping: Grouping): void {
  save({ grouping });
}

/** The user reordered `group` by hand (true: drawn in their places) or asked for it by time again ("Sort by time"). */
export function setGroupReordered(group: string, reordered: boolean): void {
  const groups = { ...useSidebarLayout.getState().reorderedGroups };
  if (reordered === (groups[group] === true)) return;
  if (reordered) groups[group] = true;
  else delete groups[group];
  save({ reorderedGroups: groups });
}

export function toggleGroup(group: string): void {
  const groups = { ...useSidebarLayout.getState().collapsedGroups };
  if (groups[group]) delete groups[group];
  else groups[group] = true;
  save({ collapsedGroups: groups });
}
