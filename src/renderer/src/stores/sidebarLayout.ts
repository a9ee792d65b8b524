import { create } from 'zustand';
import { defaultSidebarLayout, type SidebarLayout } from './sidebarLayoutData';

/** The sidebar's width bounds, in CSS pixels: one place, the contract's (the core clamps a saved width too). */
export { clampSidebarWidth, SIDEBAR_DEFAULT_WIDTH, SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH } from '../../../shared/ipc/sidebarWidth';
/** The layout as plain data (`sidebarLayoutData.ts`: also read by the entry chunk, without zustand). */
export { defaultSidebarLayout, readSidebarLayout, type SidebarLayout } from './sidebarLayoutData';

/** The sidebar's layout; `features/sidebar/layout.ts` keeps it across reloads. */
export const useSidebarLayout = create<SidebarLayout>(() => defaultSidebarLayout());

export function resetSidebarLayoutStore(): void {
  useSidebarLayout.setState(defaultSidebarLayout(), true);
}

export function setSidebarLayout(change: Partial<SidebarLayout>): void {
  useSidebarLayout.setState(change);
}
