import { spawn, type IPty } from '@lydell/node-pty';
import { constants } from 'node:os';
import { InputLineTracker, screenTail } from './screen';

/** Default bound of the kept scrollback (characters of raw output). */
export const SCROLLBACK_CHARS = 256 * 1024;
/** SIGTERM, then SIGKILL after this long (SPEC §8). */
export const PTY_KILL_GRACE_MS = 2_000;

export interface PtySessionOptions {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly cols: number;
  readonly rows: number;
  readonly scrollbackChars?: number;
  /** Earlier output to keep in front of this run's (a reopened pane). */
  readonly initialScrollback?: string;
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

function clampSize(cols: number, rows: number): [number, number] {
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
 * One command in a pseudo-terminal: output kept as a bounded scrollback, the
 * user's keystrokes turned into submitted lines, and a stop that really stops
 * (the PTY child leads its own process group: SIGTERM to the group, then
 * SIGKILL within 2 s).
 */
export class PtySession {
  private readonly pty: IPty;
  private chunks: string[] = [];
  private chars = 0;
  private readonly limit: number;
  private readonly lines = new InputLineTracker();
  private exitInfo: PtyExit | null = null;
  private readonly exitWaiters: Array<(e: PtyExit) => void> = [];
  private readonly dataListeners = new Set<(data: string) => void>();
  private readonly exitListeners = new Set<(e: PtyExit) => void>();

  constructor(options: PtySessionOptions) {
    this.limit = options.scrollbackChars ?? SCROLLBACK_CHARS;
    if (options.initialScrollback) this.keep(options.initialScrollback);
    const [cols, rows] = clampSize(options.cols, options.rows);
    this.pty = spawn(options.file, [...options.args], {
      name: 'xterm-256color',
      cols,
      rows,
      cwd: options.cwd,
      env: options.env,
    });
    this.pty.onData((data) => {
      this.keep(data);
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

  /** Keystrokes from the pane; returns the lines the user submitted with them (none when `track` is false). */
  write(data: string, track = true): string[] {
    if (this.exitInfo) return [];
    this.pty.write(data);
    return track ? this.lines.push(data) : [];
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

  /** The kept raw output, oldest first (at most the bound). */
  scrollback(): string {
    if (this.chunks.length > 1 || this.chars > this.limit) {
      const all = this.chunks.join('');
      const kept = all.length > this.limit ? all.slice(all.length - this.limit) : all;
      this.chunks = [kept];
      this.chars = kept.length;
    }
    return this.chunks[0] ?? '';
  }

  /** Plain text of the screen's last lines (for ambient calls). */
  tail(maxLines = 40, maxChars = 4_000): string {
    return screenTail(this.scrollback(), { maxLines, maxChars });
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

  private keep(data: string): void {
    this.chunks.push(data);
    this.chars += data.length;
    if (this.chars > this.limit * 2 || this.chunks.length > 4_096) {
      const all = this.chunks.join('');
      const kept = all.slice(all.length - this.limit);
      this.chunks = [kept];
      this.chars = kept.length;
    }
  }
}
