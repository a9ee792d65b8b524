import type { ScreenOptions } from './screenTypes';
import { currentColorScheme, terminalTheme } from './theme';
import type { makeXterm, XtermParts } from './xtermTerm';

/** What a spare's addons and keys call: the options of the pane that takes it, once one does. */
interface Relay extends ScreenOptions {
  bind(options: ScreenOptions): void;
}

function relay(): Relay {
  let bound: ScreenOptions | null = null;
  return {
    openLink: (url) => bound?.openLink(url),
    onShortcut: (shortcut) => bound?.onShortcut(shortcut),
    bind: (options) => {
      bound = options;
    },
  };
}

interface Spare {
  readonly parts: XtermParts;
  readonly holder: HTMLElement;
  readonly relay: Relay;
}

/** When the page has a moment: between frames, or after `timeout` ms at the latest (a busy swarm may never be idle). */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, 200);
}

/**
 * One xterm built and opened ahead of time, hidden, for the next terminal pane to take. Building and
 * opening an xterm (its DOM, its measure of the font, its first render) is 50-150 ms of a loaded main
 * thread, and without a spare a pane's screen waits behind it (bench/attach-profile.ts --trace-open).
 * A pane takes the spare by moving its element into its own host, as VS Code moves a terminal between
 * containers (xterm keeps no tie to the element it was opened in), and fits it there. Another is built
 * when the page is next idle.
 */
export class SpareXterm {
  /** `makeParts`: `makeXterm` (tests pass a stand-in: jsdom cannot draw one). */
  constructor(private readonly makeParts: typeof makeXterm) {}

  private spare: Spare | null = null;
  private pending = false;
  /** Set once building one failed (a page that cannot draw a terminal): the pane's own build says so. */
  private broken = false;

  /** Builds one when the page is next idle, unless one is ready or on its way. */
  prepare(): void {
    if (this.spare || this.pending || this.broken || typeof document === 'undefined') return;
    this.pending = true;
    whenIdle(() => {
      this.pending = false;
      if (!this.spare && !this.broken) this.build();
    });
  }

  /**
   * The spare, moved into `host` (not fitted yet) and bound to the pane's options; null when none is
   * ready. Its colours are the look's when it was built: the pane sets its theme as it opens.
   */
  take(host: HTMLElement, options: ScreenOptions): XtermParts | null {
    const spare = this.spare;
    this.spare = null;
    const element = spare?.parts.term.element;
    if (!spare || !element) {
      spare?.parts.term.dispose();
      spare?.holder.remove();
      return null;
    }
    spare.relay.bind(options);
    host.append(element);
    spare.holder.remove();
    return spare.parts;
  }

  /** Drops the spare (tests; a page going away). */
  dispose(): void {
    this.spare?.parts.term.dispose();
    this.spare?.holder.remove();
    this.spare = null;
  }

  private build(): void {
    // The page may be gone by the time the page is idle (a test's window torn down meanwhile).
    if (typeof document === 'undefined') return;
    const holder = document.createElement('div');
    holder.className = 'terminal-spare';
    holder.setAttribute('aria-hidden', 'true');
    holder.inert = true;
    document.body.append(holder);
    try {
      const options = relay();
      const parts = this.makeParts(options, terminalTheme(currentColorScheme()));
      parts.term.open(holder);
      this.spare = { parts, holder, relay: options };
    } catch {
      holder.remove();
      this.broken = true;
    }
  }
}
