// What a terminal screen is, apart from the xterm.js that draws it: xtermScreen.ts and its helpers
// import these types without importing screen.ts, which loads them lazily (no cycle).
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
