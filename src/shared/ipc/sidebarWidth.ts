/*
 * The sidebar's width bounds, zod-free: the renderer's entry chunk (which holds no zod) lays out
 * the rows it draws before React with them. `ui.ts` re-exports them with its schemas.
 */

/** The sidebar's width bounds, in CSS pixels (a stored or sent width is clamped to them). */
export const SIDEBAR_MIN_WIDTH = 200;
export const SIDEBAR_MAX_WIDTH = 520;
export const SIDEBAR_DEFAULT_WIDTH = 300;

export function clampSidebarWidth(width: number): number {
  if (!Number.isFinite(width)) return SIDEBAR_DEFAULT_WIDTH;
  return Math.round(Math.min(SIDEBAR_MAX_WIDTH, Math.max(SIDEBAR_MIN_WIDTH, width)));
}
