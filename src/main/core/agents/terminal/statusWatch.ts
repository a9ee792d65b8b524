import type { SessionStatus } from '../../../../shared/domain/session';
import { readForeground, type ForegroundState } from './ttyProbe';

/** How often the terminal's foreground process group is read. */
export const STATUS_POLL_MS = 500;
/** No output for this long, with the shell in the foreground: idle. */
export const QUIET_MS = 1_000;
/** Without /proc: output this soon after a keystroke is its echo, not the program working. */
const ECHO_WINDOW_MS = 250;

export interface StatusInputs {
  /** Null where the foreground group cannot be read (no /proc). */
  readonly foreground: ForegroundState | null;
  /** Monotonic ms since the last output, and since the last keystroke. */
  readonly sinceOutput: number;
  readonly sinceInput: number;
}

/**
 * The status a running terminal shows (null: keep the current one). Linux:
 * working while another process group than the shell's holds the terminal, or
 * while output comes that is not the echo of typing (a loop in the shell, a
 * command session that prints); idle once the shell has it and the output has
 * gone quiet. Elsewhere: working while output comes that is not typing's echo.
 */
export function terminalStatus({ foreground, sinceOutput, sinceInput }: StatusInputs): Extract<SessionStatus, 'idle' | 'working'> | null {
  if (foreground) {
    if (foreground.tpgid > 0 && foreground.tpgid !== foreground.pgid) return 'working';
    if (sinceOutput >= QUIET_MS) return 'idle';
    // The shell's own group prints on its own (a loop in the shell, or a command session that is the shell): working.
    return sinceOutput < sinceInput - ECHO_WINDOW_MS ? 'working' : null;
  }
  if (sinceOutput >= QUIET_MS) return 'idle';
  return sinceOutput < sinceInput - ECHO_WINDOW_MS ? 'working' : null;
}

/** Polls one PTY's process state and reports status changes; `stop()` ends it. */
export class StatusWatch {
  private timer: NodeJS.Timeout | null = null;
  private lastOutputAt = performance.now();
  private lastInputAt = 0;
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
    this.lastInputAt = performance.now();
  }

  /**
   * The window's size changed: what the program prints now is its redraw (a shell's prompt, a
   * full-screen program's screen), an answer like typing's echo, not work. Without this every terminal
   * on view showed "working" for a second each time the window or a pane was resized.
   */
  resized(): void {
    this.lastInputAt = performance.now();
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
    const next = terminalStatus({ foreground: this.foreground, sinceOutput: now - this.lastOutputAt, sinceInput: now - this.lastInputAt });
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
