import type { SessionStatus } from '../../../../shared/domain/session';
import { readForeground, type ForegroundState } from './ttyProbe';

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

/** Polls one PTY's process state and reports status changes; `stop()` ends it. */
export class StatusWatch {
  private timer: NodeJS.Timeout | null = null;
  private lastOutputAt = performance.now();
  /** Until when output is an answer, not work (see `StatusInputs.sinceExcused`); the start's window first. */
  private excusedUntil = performance.now() + START_WINDOW_MS;
  // A terminal starts idle (TerminalService sets it when the PTY starts).
  private current: SessionStatus = 'idle';
  private foreground: ForegroundState | null = null;
  private reading = false;

  constructor(
    private readonly pid: number,
    private readonly report: (status: 'idle' | 'working') => void,
  ) {
    this.timer = setInterval(() => void this.tick(), STATUS_POLL_MS);
  }

  /** The group in the terminal's foreground when it is not the shell's (what Stop interrupts), as last read. */
  get foregroundJob(): number | null {
    const f = this.foreground;
    return f && f.tpgid > 0 && f.tpgid !== f.pgid ? f.tpgid : null;
  }

  output(): void {
    this.lastOutputAt = performance.now();
  }

  input(): void {
    this.excuse(ECHO_WINDOW_MS);
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
    if (this.reading || this.timer === null) return;
    this.reading = true;
    try {
      this.foreground = await readForeground(this.pid);
    } finally {
      this.reading = false;
    }
    if (this.timer === null) return;
    const now = performance.now();
    const next = terminalStatus({ foreground: this.foreground, sinceOutput: now - this.lastOutputAt, sinceExcused: now - this.excusedUntil });
    if (next && next !== this.current) {
      this.current = next;
      this.report(next);
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
