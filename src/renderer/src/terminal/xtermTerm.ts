import { FitAddon } from '@xterm/addon-fit';
import { SearchAddon } from '@xterm/addon-search';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { Terminal } from '@xterm/xterm';
import { terminalKeyAction } from './keys';
import { TERMINAL_FONT_SIZE, terminalFontFamily } from './estimateSize';
import type { ScreenOptions } from './screenTypes';
import type { TerminalTheme } from './theme';

/** As the core keeps (SCROLLBACK_LINES): a reattached pane can show all of it. */
const SCROLLBACK_LINES = 10_000;

/** One xterm.js with the pane's addons and keys. */
export interface XtermParts {
  readonly term: Terminal;
  readonly fit: FitAddon;
  readonly search: SearchAddon;
}

/** An xterm.js as a pane uses it (not opened yet): fonts, scrollback, contrast, links, search, and the pane's own keys. */
export function makeXterm(options: ScreenOptions, theme: TerminalTheme): XtermParts {
  const term = new Terminal({
    fontFamily: terminalFontFamily(),
    fontSize: TERMINAL_FONT_SIZE,
    // A steady cursor, as VS Code's terminal defaults to: a blinking one redraws its row twice a second
    // (about 6% of the page's main thread for a focused idle terminal, bench/busy-terminal).
    cursorBlink: false,
    scrollback: SCROLLBACK_LINES,
    // Program colours stay readable on either theme's ground (WCAG AA for text).
    minimumContrastRatio: 4.5,
    theme: { ...theme },
  });
  const fit = new FitAddon();
  const search = new SearchAddon();
  term.loadAddon(fit);
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
  return { term, fit, search };
}
