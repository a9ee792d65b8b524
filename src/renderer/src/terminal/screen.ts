import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';

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
  dispose(): void;
}

export type CreateScreen = (host: HTMLElement) => TerminalScreen;

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

export const createXtermScreen: CreateScreen = (host) => {
  const term = new Terminal({
    fontFamily: cssVar('--mono', 'monospace'),
    fontSize: 12.5,
    cursorBlink: true,
    scrollback: 5_000,
    theme: { background: cssVar('--bg-code', '#1b1b1d'), foreground: cssVar('--text', '#ececf0'), cursor: cssVar('--accent', '#6d95ff') },
  });
  const fitAddon = new FitAddon();
  term.loadAddon(fitAddon);
  term.open(host);
  fitAddon.fit();
  return {
    get cols() {
      return term.cols;
    },
    get rows() {
      return term.rows;
    },
    write: (data) => term.write(data),
    onInput: (listener) => {
      const subscription = term.onData(listener);
      return () => subscription.dispose();
    },
    fit: () => fitAddon.fit(),
    focus: () => term.focus(),
    dispose: () => term.dispose(),
  };
};
