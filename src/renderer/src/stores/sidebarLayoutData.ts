import { clampSidebarWidth, SIDEBAR_DEFAULT_WIDTH } from '../../../shared/ipc/sidebarWidth';
import type { Grouping } from './sessionView';

/**
 * How the user laid the sidebar out: its width, whether it is collapsed, how the list is grouped
 * and which groups are folded. Plain data, no zustand or zod: the entry chunk reads it too, to
 * draw the first rows before React (`boot/earlyPaint.ts`) as the sidebar will.
 */
export interface SidebarLayout {
  width: number;
  collapsed: boolean;
  grouping: Grouping;
  collapsedGroups: Record<string, boolean>;
  /** Groups the user reordered by hand (drawn in their places, not by time, until "Sort by time"). */
  reorderedGroups: Record<string, boolean>;
}

/** Where this window's storage keeps the layout (its fast first guess; `features/sidebar/layout.ts`). */
export const SIDEBAR_LAYOUT_KEY = 'swarmdesk.sidebar';
/** Where it keeps a window-state change the core has not confirmed yet (`features/windowState/actions.ts`). */
export const UNSAVED_WINDOW_STATE_KEY = 'swarmdesk.windowState.unsaved';

export const defaultSidebarLayout = (): SidebarLayout => ({
  width: SIDEBAR_DEFAULT_WIDTH,
  collapsed: false,
  grouping: 'project',
  collapsedGroups: {},
  reorderedGroups: {},
});

/** A stored layout (any JSON) as a layout: what is missing or wrong is the default. */
export function readSidebarLayout(value: unknown): SidebarLayout {
  const base = defaultSidebarLayout();
  if (typeof value !== 'object' || value === null) return base;
  const v = value as Partial<Record<keyof SidebarLayout, unknown>>;
  const marked = (value: unknown): Record<string, boolean> => {
    const out: Record<string, boolean> = {};
    if (typeof value === 'object' && value !== null) for (const [key, on] of Object.entries(value)) if (on === true) out[key] = true;
    return out;
  };
  const groups = marked(v.collapsedGroups);
  return {
    width: typeof v.width === 'number' ? clampSidebarWidth(v.width) : base.width,
    collapsed: v.collapsed === true,
    grouping: v.grouping === 'recency' ? 'recency' : 'project',
    collapsedGroups: groups,
    reorderedGroups: marked(v.reorderedGroups),
  };
}
