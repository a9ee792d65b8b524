import type { TerminalTheme } from './theme';

/** Keys the terminal keeps from the program and hands to the pane. */
export type ScreenShortcut = 'find';

/** What the terminal pane needs of a screen; xterm.js in the app, a stand-in in jsdom tests (no canvas there). */
export interface TerminalScreen {
  readonly cols: number;
  readonly rows: number;
  write(data: string): void;
  /** Keystrokes and pastes; returns the unsubscribe. */
  onInput(listener: (data: string) => void): () => void;
  /** Fit the grid to the host element's size. */
  fit(): void;
  focus(): void;
  /** The colours for the app's current light or dark look. */
  setTheme(theme: TerminalTheme): void;
  /** Select the next (or previous) match of `query` in the screen and scrollback; false when there is none. */
  find(query: string, direction: 'next' | 'previous'): boolean;
  clearFind(): void;
  /**
   * A hidden screen of this one's size behind it, to restore the scrollback into while this one
   * shows the screen; `show` puts it in this one's place (this object then drives it). One at a time.
   */
  behind(): BackScreen;
  dispose(): void;
}

/** The hidden screen behind a `TerminalScreen` (see `behind`). */
export interface BackScreen {
  write(data: string): void;
  /** Once everything written to it so far is parsed, shows it in the front's place in one step (no frame shows neither); resolves then. */
  show(): Promise<void>;
  /** Dropped unshown (the pane closed, or the restore failed). */
  dispose(): void;
}

export interface ScreenOptions {
  /** A link in the output was clicked (http and https only). */
  readonly openLink: (url: string) => void;
  /** A pane shortcut was pressed in the terminal (Ctrl+Shift+F: find). */
  readonly onShortcut: (shortcut: ScreenShortcut) => void;
}

export type CreateScreen = (host: HTMLElement, options: ScreenOptions) => TerminalScreen | Promise<TerminalScreen>;

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
