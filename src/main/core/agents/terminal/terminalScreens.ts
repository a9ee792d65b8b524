import { clampSize, type PtyExit } from './ptySession';
import { scrollbackLinesFor } from './scrollbackBudget';
import type { ScrollbackFiles } from './scrollbackFiles';
import { SCROLLBACK_LINES, TerminalState } from './terminalState';

export interface TerminalOpenResult {
  readonly running: boolean;
  /** Escape sequences that redraw the screen and its scrollback (the screen alone when opened `screenOnly`). */
  readonly scrollback: string;
  /** The output offset the snapshot ends at: live `terminal:data` from here on follows it. */
  readonly offset: number;
  readonly exit: PtyExit | null;
}

export interface TerminalActivity {
  /** What the user submitted, oldest first. */
  readonly lines: string[];
  /** The plain text of the screen's last lines. */
  readonly screen: string;
}

/** What a terminal's ambient title reads besides its submitted lines (they are its 'user' entries). */
export interface TerminalAmbientMaterial {
  /** The plain text of the screen's last lines (wrapped rows joined). */
  readonly screen: string;
  /** The window title the program set last (OSC 0/2), bounded; null when none was set. */
  readonly windowTitle: string | null;
}

/**
 * Every terminal's screen this run, running or not (a restart continues it), begun from the one an
 * earlier run saved; their scrollback shared under the host's budget; and the window title (OSC 0/2)
 * each terminal's program set last this run.
 */
export class TerminalScreens {
  private readonly states = new Map<string, TerminalState>();
  private readonly windowTitles = new Map<string, string>();

  /** `maxLines`: lines of scrollback kept per terminal (default 10,000). */
  constructor(
    private readonly files: ScrollbackFiles,
    private readonly maxLines = SCROLLBACK_LINES,
  ) {}

  /** This run's screen of a session, if it has one. */
  get(sessionId: string): TerminalState | undefined {
    return this.states.get(sessionId);
  }

  /** This run's screen of a session, else the one saved by an earlier run, else a blank one. */
  of(sessionId: string, cols: number, rows: number): TerminalState {
    let state = this.states.get(sessionId);
    if (!state) {
      state = new TerminalState(...clampSize(cols, rows), this.maxLines);
      this.states.set(sessionId, state);
      this.share();
      const saved = this.files.read(sessionId);
      if (saved) state.write(saved);
    }
    return state;
  }

  /** Every kept screen's scrollback, re-shared under the host's budget (a terminal more, or wider). */
  share(): void {
    const widest = Math.max(...[...this.states.values()].map((s) => s.cols));
    const lines = scrollbackLinesFor(this.states.size, widest, this.maxLines);
    for (const state of this.states.values()) state.setScrollback(lines);
  }

  setWindowTitle(sessionId: string, title: string): void {
    this.windowTitles.set(sessionId, title);
  }

  /** The window title the session's program set last this run; null when none was set. */
  windowTitle(sessionId: string): string | null {
    return this.windowTitles.get(sessionId) ?? null;
  }

  disposeAll(): void {
    for (const state of this.states.values()) state.dispose();
    this.states.clear();
  }
}
