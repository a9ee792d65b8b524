import type { CreateScreen } from './screenTypes';

export type { BackScreen, CreateScreen, ScreenOptions, ScreenShortcut, TerminalScreen } from './screenTypes';

/** The app's screen: xterm.js, fetched as its own chunk on first use (or ahead of it: `preloadScreen`). */
export const createDefaultScreen: CreateScreen = async (host, options) => (await import('./xtermScreen')).createXtermScreen(host, options);

/**
 * Fetch and evaluate xterm.js (a 370 kB chunk: 0.1-0.5 s of the main thread on a loaded machine)
 * before the first terminal pane opens, and build that pane's xterm when the page is next idle
 * (`spareXterm.ts`), so opening one waits only for its screen. Failures are left to the pane's own
 * import, which says so.
 */
export function preloadScreen(): Promise<void> {
  return import('./xtermScreen').then(
    (screen) => screen.prepareSpareScreen(),
    () => undefined,
  );
}

/** The key help shown in the terminal bar's tooltip and described to screen readers. */
export const TERMINAL_KEYS_HELP =
  'Keys: Ctrl+Shift+C copies the selection (Ctrl+C too while text is selected), Ctrl+Shift+V pastes, Ctrl+Shift+F finds in the scrollback. ' +
  'Tab goes to the program; press Escape then Tab (or Shift+Tab) to move focus out of the terminal.';
