import { FitAddon } from '@xterm/addon-fit';
import { SearchAddon } from '@xterm/addon-search';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { terminalKeyAction } from './keys';
import { writeSlices } from './writeSlices';
import type { CreateScreen } from './screen';
import { currentColorScheme, terminalTheme } from './theme';

/** As the core keeps (SCROLLBACK_LINES): a reattached pane can show all of it. */
const SCROLLBACK_LINES = 10_000;

function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** xterm.js, loaded only when a terminal pane opens (it is large, and jsdom cannot draw it). */
export const createXtermScreen: CreateScreen = (host, options) => {
  const term = new Terminal({
    fontFamily: cssVar('--mono', 'monospace'),
    fontSize: 12.5,
    cursorBlink: true,
    scrollback: SCROLLBACK_LINES,
    // Program colours stay readable on either theme's ground (WCAG AA for text).
    minimumContrastRatio: 4.5,
    theme: { ...terminalTheme(currentColorScheme()) },
  });
  const fitAddon = new FitAddon();
  const search = new SearchAddon();
  term.loadAddon(fitAddon);
  term.loadAddon(search);
  term.loadAddon(
    new WebLinksAddon((event, uri) => {
      event.preventDefault();
      if (/^https?:\/\//i.test(uri)) options.openLink(uri);
    }),
  );

  let escapeAt = Number.NEGATIVE_INFINITY;
  term.attachCustomKeyEventHandler((e) => {
    const action = terminalKeyAction(e, term.hasSelection(), performance.now() - escapeAt);
    if (e.type === 'keydown' && e.key === 'Escape') escapeAt = performance.now();
    switch (action) {
      case 'program':
        return true;
      case 'copy':
        e.preventDefault(); // Chromium's Ctrl+Shift+C would open the inspector
        void navigator.clipboard?.writeText(term.getSelection()).catch(() => undefined);
        term.clearSelection();
        return false;
      case 'paste':
        return false; // xterm skips the key; the browser's paste event brings the text in
      case 'find':
        e.preventDefault();
        options.onShortcut('find');
        return false;
      case 'leave':
        escapeAt = Number.NEGATIVE_INFINITY;
        return false; // xterm keeps its hands off: the browser's own Tab moves focus on
    }
  });

  term.open(host);
  fitAddon.fit();
  return {
    get cols() {
      return term.cols;
    },
    get rows() {
      return term.rows;
    },
    write: (data) => {
      for (const slice of writeSlices(data)) term.write(slice);
    },
    onInput: (listener) => {
      const subscription = term.onData(listener);
      return () => subscription.dispose();
    },
    fit: () => fitAddon.fit(),
    focus: () => term.focus(),
    setTheme: (theme) => {
      term.options.theme = { ...theme };
    },
    find: (query, direction) => (direction === 'next' ? search.findNext(query) : search.findPrevious(query)),
    clearFind: () => {
      search.clearDecorations();
      term.clearSelection();
    },
    dispose: () => term.dispose(),
  };
};
