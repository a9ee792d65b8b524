import '@xterm/xterm/css/xterm.css';
import { FloodGate } from './floodGate';
import { writeSlices } from './writeSlices';
import type { BackScreen, CreateScreen } from './screenTypes';
import { currentColorScheme, terminalTheme, type TerminalTheme } from './theme';
import { SpareXterm } from './spareXterm';
import { makeXterm, type XtermParts } from './xtermTerm';

/** The xterm the next pane takes, built while the page is idle (one for the page: this chunk is evaluated once). */
const spares = new SpareXterm(makeXterm);

/** Builds the next pane's xterm ahead, when the page is idle (`preloadScreen`). */
export function prepareSpareScreen(): void {
  spares.prepare();
}

/**
 * xterm.js, loaded only when a terminal pane opens (it is large, and jsdom cannot draw it). The
 * screen a pane holds stays one object while the xterm behind it can change once: the scrollback
 * is restored into a second xterm, opened hidden in a layer stacked exactly over the first
 * (`.terminal-layer`, drawn as it parses, so it is complete when shown), then shown and the first
 * disposed in one task: the next frame shows the new one, never neither.
 */
export const createXtermScreen: CreateScreen = (host, options) => {
  let theme: TerminalTheme = terminalTheme(currentColorScheme());
  const spare = spares.take(host, options);
  let front: XtermParts = spare ?? makeXterm(options, theme);
  let back: { parts: XtermParts; layer: HTMLElement } | null = null;
  const inputs = new Set<(data: string) => void>();
  const subscribe = (parts: XtermParts): void => {
    parts.term.onData((data) => {
      if (parts === front) for (const listener of inputs) listener(data);
    });
  };
  subscribe(front);
  if (!spare) front.term.open(host);
  front.fit.fit();
  // The next pane's, once this one is drawn and the page has a moment.
  spares.prepare();
  // Output on view is redrawn ~10 times a second while it floods in (floodGate.ts); the hidden screen
  // behind, restoring the scrollback, takes its writes as they come.
  const gate = new FloodGate((data) => {
    for (const slice of writeSlices(data)) front.term.write(slice);
  });

  const dropBack = (): void => {
    back?.parts.term.dispose();
    back?.layer.remove();
    back = null;
  };

  return {
    get cols() {
      return front.term.cols;
    },
    get rows() {
      return front.term.rows;
    },
    write: (data) => gate.push(data),
    onInput: (listener) => {
      inputs.add(listener);
      return () => inputs.delete(listener);
    },
    fit: () => {
      gate.flush();
      front.fit.fit();
      back?.parts.term.resize(front.term.cols, front.term.rows);
    },
    focus: () => front.term.focus(),
    setTheme: (next) => {
      theme = next;
      front.term.options.theme = { ...next };
      if (back) back.parts.term.options.theme = { ...next };
    },
    find: (query, direction) => {
      gate.flush();
      return direction === 'next' ? front.search.findNext(query) : front.search.findPrevious(query);
    },
    clearFind: () => {
      front.search.clearDecorations();
      front.term.clearSelection();
    },
    behind: (): BackScreen => {
      dropBack();
      const layer = document.createElement('div');
      layer.className = 'terminal-layer';
      host.append(layer);
      const parts = makeXterm(options, theme);
      subscribe(parts);
      parts.term.open(layer);
      parts.term.resize(front.term.cols, front.term.rows);
      const mine = { parts, layer };
      back = mine;
      return {
        write: (data) => {
          for (const slice of writeSlices(data)) parts.term.write(slice);
        },
        show: () =>
          new Promise<void>((resolve) => {
            parts.term.write('', () => {
              if (back !== mine) return resolve();
              const old = front;
              const hadFocus = old.term.element?.contains(document.activeElement) ?? false;
              layer.dataset.shown = '';
              // What the gate holds was for the old screen: the new one got the same output as its own stream.
              gate.drop();
              front = parts;
              back = null;
              old.term.dispose();
              if (hadFocus) parts.term.focus();
              resolve();
            });
          }),
        dispose: () => {
          if (back === mine) dropBack();
        },
      };
    },
    dispose: () => {
      gate.drop();
      dropBack();
      front.term.dispose();
    },
  };
};
