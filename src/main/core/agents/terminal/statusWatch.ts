import type { SessionStatus } from '../../../../shared/domain/session';
import { readForeground, type ForegroundState } from './ttyProbe';
import { blockedOnTerminal } from './promptProbe';
import { titleActivity, type TerminalSignal, type TitleActivity } from './terminalSignals';
import type { HookStatus } from '../sessionReports/hookStatus';

/** How often the terminal's foreground process group is read. */
export const STATUS_POLL_MS = 500;
/** No output for this long, with the shell in the foreground: idle. */
export const QUIET_MS = 1_000;
/** Output this soon after a keystroke (or a resize) is its echo (or the redraw), not the program working. */
const ECHO_WINDOW_MS = 250;
/** Output in a terminal's first second is its start (a shell's first prompt, a banner), not work yet. */
export const START_WINDOW_MS = 1_000;

export interface StatusInputs {
  /** Null where the foreground group cannot be read (no /proc). */
  readonly foreground: ForegroundState | null;
  /** Monotonic ms since the last output. */
  readonly sinceOutput: number;
  /**
   * Monotonic ms since output stopped being an answer (negative while it still is): a keystroke's echo,
   * a resize's redraw, the program's start. Output after that is the program at work.
   */
  readonly sinceExcused: number;
}

/**
 * The status a running terminal shows (null: keep the current one). Linux:
 * working while another process group than the shell's holds the terminal, or
 * while output comes that is not the echo of typing (a loop in the shell, a
 * command session that prints); idle once the shell has it and the output has
 * gone quiet. Elsewhere: working while output comes that is not typing's echo.
 */
export function terminalStatus({ foreground, sinceOutput, sinceExcused }: StatusInputs): Extract<SessionStatus, 'idle' | 'working'> | null {
  if (foreground && foreground.tpgid > 0 && foreground.tpgid !== foreground.pgid) return 'working';
  if (sinceOutput >= QUIET_MS) return 'idle';
  // Output that answers nothing (a loop in the shell, a command session that is the shell, or no /proc to ask): working.
  return sinceOutput < sinceExcused ? 'working' : null;
}

export interface CommandEndInputs {
  /** Null where the foreground group cannot be read (no /proc). */
  readonly foreground: ForegroundState | null;
  /** Monotonic ms since the later of the line's submission and the last output. */
  readonly quietSinceLine: number;
  /** The foreground program (not the shell) sits at its own prompt (promptProbe). */
  readonly atPrompt: boolean;
  /** A known TUI's title glyph is read, or the agent CLI's own hooks report: they say when its turn ends, not the quiet. */
  readonly tui: boolean;
}

/**
 * Whether the command a submitted line started has ended (a terminal's turn, issue 32): output quiet
 * for QUIET_MS since the line went in, and the shell holds the terminal again (or, where /proc cannot
 * be read, nothing holds it that we know of), or the program the line went to waits at its own
 * prompt again. A known TUI's turn is its glyph's to say (see `StatusWatch.signal`).
 */
export function commandEnded({ foreground, quietSinceLine, atPrompt, tui }: CommandEndInputs): boolean {
  if (tui || quietSinceLine < QUIET_MS) return false;
  if (atPrompt) return true;
  return foreground === null || foreground.tpgid <= 0 || foreground.tpgid === foreground.pgid;
}

/** What the host-wide ticker drives: one terminal's read of its process state. */
export interface Ticked {
  tick(): Promise<void>;
}

/**
 * One timer for every running terminal of this host (issue 31): each tick reads each terminal's
 * foreground group, and /proc's prompt probe only for those gone quiet with a program other than the
 * shell in front (`StatusWatch.readPrompt`). The timer runs only while a terminal does.
 */
export class StatusTicker {
  private readonly watches = new Set<Ticked>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ms = STATUS_POLL_MS) {}

  /** Starts ticking `watch`; the returned function stops it (the last one gone stops the timer). */
  add(watch: Ticked): () => void {
    this.watches.add(watch);
    this.timer ??= setInterval(() => {
      for (const w of this.watches) void w.tick();
    }, this.ms);
    return () => {
      this.watches.delete(watch);
      if (this.watches.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  /** How many terminals it ticks, and whether its timer runs (tests). */
  get size(): number {
    return this.watches.size;
  }

  get running(): boolean {
    return this.timer !== null;
  }
}

/** The host's one ticker for its terminals. */
export const hostStatusTicker = new StatusTicker();

/** What a terminal's status watch reports: its status, and whether a known TUI's turn just ended (the row is then "done"). */
export type TerminalReport = (status: Extract<SessionStatus, 'idle' | 'working' | 'waiting'>, turnEnded: boolean) => void;

/**
 * Polls one PTY's process state, reads what its output signals (`signal`), and reports status changes;
 * `stop()` ends it. An attention request (or a bell that answers no keystroke) holds "waiting" until the
 * user types; a known TUI's title glyph says working or idle while that TUI holds the terminal.
 */
export class StatusWatch implements Ticked {
  /** Stops this terminal's ticks; null once stopped. */
  private untick: (() => void) | null;
  private lastOutputAt = performance.now();
  /** Until when output is an answer, not work (see `StatusInputs.sinceExcused`); the start's window first. */
  private excusedUntil = performance.now() + START_WINDOW_MS;
  // A terminal starts idle (TerminalService sets it when the PTY starts).
  private current: Extract<SessionStatus, 'idle' | 'working' | 'waiting'> = 'idle';
  private foreground: ForegroundState | null = null;
  private reading = false;
  /** An attention request came and no keystroke has answered it. */
  private attention = false;
  private lastInputAt = -Infinity;
  /** What the running TUI's title glyph last said (null: no known TUI title). */
  private tui: TitleActivity | null = null;
  /** The foreground program was last seen blocked reading this terminal (at its own prompt). */
  private atPrompt = false;
  /**
   * What the foreground agent CLI's own hooks last said (null: none reported since it took the terminal).
   * First in the order of trust: while set, terminal conventions and the /proc probe are not read.
   */
  private hooked: Extract<SessionStatus, 'idle' | 'working' | 'waiting'> | null = null;
  /** When the newest submitted line whose command has not ended yet went in (null: none). */
  private lineAt: number | null = null;

  constructor(
    private readonly pid: number,
    private readonly report: TerminalReport,
    /** The terminal's own device (`/dev/pts/N`): a program blocked reading it waits for the user. */
    private readonly ptsName = '',
    /** A turn ended: a submitted line's command ended, or a known TUI's turn did. */
    private readonly onTurn: () => void = () => {},
    ticker: StatusTicker = hostStatusTicker,
  ) {
    this.untick = ticker.add(this);
  }

  /** The group in the terminal's foreground when it is not the shell's (what Stop interrupts), as last read. */
  get foregroundJob(): number | null {
    const f = this.foreground;
    return f && f.tpgid > 0 && f.tpgid !== f.pgid ? f.tpgid : null;
  }

  /** A submitted line's command has not been seen to end (the terminal's process may end first: `exit`). */
  get lineOpen(): boolean {
    return this.lineAt !== null;
  }

  /** A line was submitted (its Enter reaches the program now): its turn ends when its command does. */
  submitted(): void {
    this.lineAt = performance.now();
  }

  output(): void {
    this.lastOutputAt = performance.now();
  }

  input(): void {
    this.lastInputAt = performance.now();
    this.attention = false;
    // A key answers the agent's question (its permission prompt): it goes on working until a hook says otherwise.
    if (this.hooked === 'waiting') {
      this.hooked = 'working';
      this.settle(false);
    }
    this.excuse(ECHO_WINDOW_MS);
  }

  /** What the output signalled, as the emulator parsed it: the status follows at once. */
  signal(signal: TerminalSignal): void {
    if (this.untick === null) return;
    // The agent's own hooks report: its attention requests and bells say nothing more (and would outlive it).
    if (this.hooked !== null && signal.type !== 'title') return;
    let turnEnded = false;
    if (signal.type === 'attention') this.attention = true;
    // A bell right after a keystroke is the shell's completion bell (Tab with no match), not a question.
    else if (signal.type === 'bell') this.attention ||= performance.now() - this.lastInputAt >= ECHO_WINDOW_MS;
    else {
      const activity = titleActivity(signal.title);
      // Resting after spinning is a finished turn; resting at start-up is only idle. Hooks, where they report, say it instead.
      turnEnded = activity === 'idle' && this.tui === 'working' && this.hooked === null;
      this.tui = activity;
    }
    this.settle(turnEnded);
  }

  /** What the agent's own hook reported (a `status` report for this session): it outranks every other source. */
  hook(status: HookStatus): void {
    if (this.untick === null) return;
    this.hooked = status === 'done' ? 'idle' : status;
    this.attention = false;
    this.settle(status === 'done');
  }

  /**
   * The window's size changed: what the program prints now is its redraw (a shell's prompt, a
   * full-screen program's screen), an answer like typing's echo, not work. Without this every terminal
   * on view showed "working" for a second each time the window or a pane was resized.
   */
  resized(): void {
    this.excuse(ECHO_WINDOW_MS);
  }

  private excuse(ms: number): void {
    this.excusedUntil = Math.max(this.excusedUntil, performance.now() + ms);
  }

  /** Read now (tests and Stop want a fresh answer rather than one up to 500 ms old). */
  async tick(): Promise<void> {
    if (this.reading || this.untick === null) return;
    this.reading = true;
    try {
      const before = this.foregroundJob;
      this.foreground = await readForeground(this.pid);
      // A program that held the terminal gave it back to the shell: the TUI whose title was read has ended.
      if (before !== null && this.foregroundJob === null && this.foreground !== null) {
        this.tui = null;
        this.hooked = null;
      }
      this.atPrompt = await this.readPrompt();
    } finally {
      this.reading = false;
    }
    if (this.untick === null) return;
    this.settle(false);
    this.checkTurn();
  }

  private checkTurn(): void {
    if (this.lineAt === null) return;
    const quietSinceLine = performance.now() - Math.max(this.lineAt, this.lastOutputAt);
    if (!commandEnded({ foreground: this.foreground, quietSinceLine, atPrompt: this.atPrompt, tui: this.tui !== null || this.hooked !== null })) return;
    this.lineAt = null;
    this.onTurn();
  }

  /**
   * Whether the foreground program (not the shell) sits at its own prompt: read only once its output has gone
   * quiet for a second, or printed nothing since but the echo of what the user types there.
   */
  private async readPrompt(): Promise<boolean> {
    const job = this.foregroundJob;
    if (job === null || this.attention || this.tui !== null || this.hooked !== null || !this.ptsName) return false;
    const now = performance.now();
    const sinceOutput = now - this.lastOutputAt;
    if (sinceOutput < QUIET_MS && this.lastOutputAt > this.excusedUntil) return false;
    return blockedOnTerminal(job, this.ptsName);
  }

  private settle(turnEnded: boolean): void {
    const f = this.foreground;
    const now = performance.now();
    const next = this.hooked ?? (this.attention || (this.atPrompt && this.tui === null)
      ? 'waiting'
      : (this.tui ?? terminalStatus({ foreground: f, sinceOutput: now - this.lastOutputAt, sinceExcused: now - this.excusedUntil })));
    if ((next && next !== this.current) || turnEnded) {
      this.current = next ?? this.current;
      this.report(this.current, turnEnded);
    }
    if (turnEnded) {
      this.lineAt = null;
      this.onTurn();
    }
  }

  stop(): void {
    this.untick?.();
    this.untick = null;
  }
}
