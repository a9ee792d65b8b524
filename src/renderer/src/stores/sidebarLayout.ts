import { create } from 'zustand';
import { clampSidebarWidth, SIDEBAR_DEFAULT_WIDTH } from '../../../shared/ipc/ui';
import type { Grouping } from './sessionView';

/** The sidebar's width bounds, in CSS pixels: one place, the contract's (the core clamps a saved width too). */
export { clampSidebarWidth, SIDEBAR_DEFAULT_WIDTH, SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH } from '../../../shared/ipc/ui';

/**
 * How the user laid the sidebar out: its width, whether it is collapsed, how the list is grouped
 * and which groups are folded. Plain data; `features/sidebar/layout.ts` keeps it across reloads.
 */
export interface SidebarLayout {
  width: number;
  collapsed: boolean;
  grouping: Grouping;
  collapsedGroups: Record<string, boolean>;
}

export const defaultSidebarLayout = (): SidebarLayout => ({
  width: SIDEBAR_DEFAULT_WIDTH,
  collapsed: false,
  grouping: 'project',
  collapsedGroups: {},
});

export const useSidebarLayout = create<SidebarLayout>(() => defaultSidebarLayout());

export function resetSidebarLayoutStore(): void {
  useSidebarLayout.setState(defaultSidebarLayout(), true);
}

/** A stored layout (any JSON) as a layout: what is missing or wrong is the default. */
export function readSidebarLayout(value: unknown): SidebarLayout {
  const base = defaultSidebarLayout();
  if (typeof value !== 'object' || value === null) return base;
  const v = value as Partial<Record<keyof SidebarLayout, unknown>>;
  const groups: Record<string, boolean> = {};
  if (typeof v.collapsedGroups === 'object' && v.collapsedGroups !== null) {
    for (const [key, folded] of Object.entries(v.collapsedGroups)) if (folded === true) groups[key] = true;
  }
  return {
    width: typeof v.width === 'number' ? clampSidebarWidth(v.width) : base.width,
    collapsed: v.collapsed === true,
    grouping: v.grouping === 'recency' ? 'recency' : 'project',
    collapsedGroups: groups,
  };
}

export function setSidebarLayout(change: Partial<SidebarLayout>): void {
  useSidebarLayout.setState(change);
}
