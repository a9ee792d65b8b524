import { readSidebarLayout, setSidebarLayout, clampSidebarWidth, useSidebarLayout, type SidebarLayout } from '../../stores/sidebarLayout';
import type { Grouping } from '../../stores/sessionView';

/**
 * The sidebar's layout kept across reloads, in this window's localStorage (a per-machine view
 * preference, not the swarm's data: main never needs it). Storage that is missing or full is
 * not an error a user can act on; the layout then lasts as long as the window.
 */
export const SIDEBAR_LAYOUT_KEY = 'swarmdesk.sidebar';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // access denied (a sandboxed or privacy-locked page)
  }
}

/** The stored layout into the store (at start). */
export function restoreSidebarLayout(): void {
  const raw = storage()?.getItem(SIDEBAR_LAYOUT_KEY);
  if (!raw) return;
  try {
    setSidebarLayout(readSidebarLayout(JSON.parse(raw)));
  } catch {
    // Not JSON (written by hand or a broken write): the default layout stands.
  }
}

function save(change: Partial<SidebarLayout>): void {
  setSidebarLayout(change);
  try {
    storage()?.setItem(SIDEBAR_LAYOUT_KEY, JSON.stringify(useSidebarLayout.getState()));
  } catch {
    // Quota exceeded: kept for this window only.
  }
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

export function toggleGroup(group: string): void {
  const groups = { ...useSidebarLayout.getState().collapsedGroups };
  if (groups[group]) delete groups[group];
  else groups[group] = true;
  save({ collapsedGroups: groups });
}
