import type { TerminalTheme } from './theme';

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
  dispose(): void;
}

export type CreateScreen = (host: HTMLElement) => TerminalScreen | Promise<TerminalScreen>;

/** The app's screen: xterm.js, fetched as its own chunk on first use. */
export const createDefaultScreen: CreateScreen = async (host) => (await import('./xtermScreen')).createXtermScreen(host);

