import { spawn, type IPty } from '@lydell/node-pty';
import { constants } from 'node:os';
/** SIGTERM, then SIGKILL after this long (SPEC §8). */
export const PTY_KILL_GRACE_MS = 2_000;

export interface PtySessionOptions {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly cols: number;
  readonly rows: number;
}

export interface PtyExit {
  readonly exitCode: number;
  /** Signal name when a signal ended it (SIGKILL, SIGTERM...), else null. */
  readonly signal: string | null;
}

export const MIN_COLS = 2;
export const MAX_COLS = 1_000;
export const MIN_ROWS = 1;
export const MAX_ROWS = 500;

export function clampSize(cols: number, rows: number): [number, number] {
  const c = Math.min(MAX_COLS, Math.max(MIN_COLS, Math.floor(cols)));
  const r = Math.min(MAX_ROWS, Math.max(MIN_ROWS, Math.floor(rows)));
  return [c, r];
}

function signalName(signal: number | undefined): string | null {
  if (!signal) return null;
  const found = Object.entries(constants.signals).find(([, n]) => n === signal);
  return found ? found[0] : `signal ${signal}`;
}

/**
 * One command in a pseudo-terminal, and a stop that really stops (the PTY
 * child leads its own process group: SIGTERM to the group, then SIGKILL
 * within 2 s). What it drew is kept by `TerminalState`, what was typed by
 * `LineRecorder`.
 */
export class PtySession {
  private readonly pty: IPty;
  private exitInfo: PtyExit | null = null;
  private readonly exitWaiters: Array<(e: PtyExit) => void> = [];
  private readonly dataListeners = new Set<(data: string) => void>();
  private readonly exitListeners = new Set<(e: PtyExit) => void>();

  constructor(options: PtySessionOptions) {
    const [cols, rows] = clampSize(options.cols, options.rows);
    this.pty = spawn(options.file, [...options.args], {
      name: 'xterm-256color',
      cols,
      rows,
      cwd: options.cwd,
      env: options.env,
    });
    this.pty.onData((data) => {
      for (const l of this.dataListeners) l(data);
    });
    this.pty.onExit(({ exitCode, signal }) => {
      const info: PtyExit = { exitCode, signal: signalName(signal) };
      this.exitInfo = info;
      for (const w of this.exitWaiters.splice(0)) w(info);
      for (const l of this.exitListeners) l(info);
    });
  }

  get pid(): number {
    return this.pty.pid;
  }

  /** The slave side's device (/dev/pts/N) for reading its termios; null where node-pty does not say (Windows). */
  get ptsName(): string | null {
    // UnixTerminal has it; the typings do not declare it.
    const name = (this.pty as IPty & { ptsName?: unknown }).ptsName;
    return typeof name === 'string' && name !== '' ? name : null;
  }

  get exited(): PtyExit | null {
    return this.exitInfo;
  }

  onData(listener: (data: string) => void): () => void {
    this.dataListeners.add(listener);
    return () => this.dataListeners.delete(listener);
  }

  onExit(listener: (e: PtyExit) => void): () => void {
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  /** Keystrokes and pastes, as they are. */
  write(data: string): void {
    if (this.exitInfo) return;
    this.pty.write(data);
  }

  resize(cols: number, rows: number): void {
    if (this.exitInfo) return;
    const [c, r] = clampSize(cols, rows);
    try {
      this.pty.resize(c, r);
    } catch {
      // The child may be exiting right now; its exit event follows.
    }
  }

  /** Resolves when the child has exited. */
  waitForExit(): Promise<PtyExit> {
    if (this.exitInfo) return Promise.resolve(this.exitInfo);
    return new Promise((resolve) => this.exitWaiters.push(resolve));
  }

  /**
   * SIGHUP and SIGTERM to the process group (an interactive shell ignores
   * SIGTERM but not a hang-up, as when a terminal window closes), SIGKILL
   * after the grace period; resolves on exit.
   */
  async kill(graceMs = PTY_KILL_GRACE_MS): Promise<PtyExit> {
    if (this.exitInfo) return this.exitInfo;
    this.signalGroup('SIGHUP');
    this.signalGroup('SIGTERM');
    const timer = setTimeout(() => this.signalGroup('SIGKILL'), graceMs);
    try {
      return await this.waitForExit();
    } finally {
      clearTimeout(timer);
    }
  }

  private signalGroup(signal: NodeJS.Signals): void {
    try {
      process.kill(-this.pty.pid, signal);
    } catch {
      try {
        process.kill(this.pty.pid, signal);
      } catch {
        // already gone
      }
    }
  }
}
