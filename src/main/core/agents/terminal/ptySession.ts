import { spawn, type IPty } from '@lydell/node-pty';
import { readSync } from 'node:fs';
import type { Socket } from 'node:net';
import { constants } from 'node:os';
import { StringDecoder } from 'node:string_decoder';
import { readForeground } from './ttyProbe';
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

/** The most a command's unread tail may hold when its reader is destroyed (the kernel keeps far less). */
const MAX_TAIL_BYTES = 4 * 1024 * 1024;

/**
 * node-pty gives the PTY's reader 200 ms after the child's exit to reach the end of the output, then
 * destroys it: what the stream still buffers and what the kernel still holds are dropped. A host
 * whose event loop is busy for longer (a saturated machine, a 10,000-line scrollback serialized for a
 * pane) lost the last lines of every command that ended meanwhile (bench/live-load.bench.ts: 5 of 40
 * terminals). So before the reader is destroyed, both are read and delivered as data. The master
 * side is non-blocking (libuv): the reads end at EAGAIN (another process still holds the terminal)
 * or EIO (nothing left, every writer gone).
 */
function keepTailOnDestroy(pty: IPty): void {
  const internals = pty as IPty & { _socket?: unknown; _fd?: unknown };
  const socket = internals._socket as Socket | undefined;
  const fd = internals._fd;
  if (!socket || typeof socket.destroy !== 'function' || typeof fd !== 'number') return;
  const destroy = socket.destroy.bind(socket);
  socket.destroy = ((error?: Error) => {
    if (!socket.destroyed) deliverTail(socket, fd);
    return destroy(error);
  }) as Socket['destroy'];
}

function deliverTail(socket: Socket, fd: number): void {
  try {
    // What the stream holds: read() emits it as 'data', as flowing would have.
    while (socket.read() !== null) {
      // each chunk went to the data listeners
    }
    const decoder = new StringDecoder('utf8');
    const chunk = Buffer.allocUnsafe(64 * 1024);
    for (let total = 0; total < MAX_TAIL_BYTES; ) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n <= 0) break;
      total += n;
      const text = decoder.write(chunk.subarray(0, n));
      if (text) socket.emit('data', text);
    }
    const rest = decoder.end();
    if (rest) socket.emit('data', rest);
  } catch {
    // EAGAIN / EIO: the end of what there is to read.
  }
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
    keepTailOnDestroy(this.pty);
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
   * after the grace period; resolves on exit. A job the shell started (an
   * agent CLI) leads its own process group, which the shell's signals miss:
   * it gets the same signals (woken if stopped), and SIGKILL once the grace
   * period is over if it outlived the shell (it was left stopped, orphaned).
   */
  async kill(graceMs = PTY_KILL_GRACE_MS): Promise<PtyExit> {
    if (this.exitInfo) return this.exitInfo;
    const foreground = await readForeground(this.pty.pid);
    const job = foreground && foreground.tpgid > 0 && foreground.tpgid !== foreground.pgid ? foreground.tpgid : null;
    const all = (signal: NodeJS.Signals): void => {
      this.signalGroup(signal);
      if (job !== null) signalJob(job, signal);
    };
    all('SIGHUP');
    all('SIGTERM');
    if (job !== null) signalJob(job, 'SIGCONT');
    const started = Date.now();
    const timer = setTimeout(() => all('SIGKILL'), graceMs);
    try {
      return await this.waitForExit();
    } finally {
      clearTimeout(timer);
      // The shell went first: its job is given the rest of the grace period, then killed (not waited on).
      if (job !== null) setTimeout(() => signalJob(job, 'SIGKILL'), Math.max(0, graceMs - (Date.now() - started))).unref();
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

function signalJob(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch {
    // already gone
  }
}
