import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import type { CreateScreen } from './screen';
import { currentColorScheme, terminalTheme } from './theme';

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** xterm.js, loaded only when a terminal pane opens (it is large, and jsdom cannot draw it). */
export const createXtermScreen: CreateScreen = (host) => {
  const term = new Terminal({
    fontFamily: cssVar('--mono', 'monospace'),
    fontSize: 12.5,
    cursorBlink: true,
    scrollback: 5_000,
    theme: { ...terminalTheme(currentColorScheme()) },
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
    setTheme: (theme) => {
      term.options.theme = { ...theme };
    },
    dispose: () => term.dispose(),
  };
};
