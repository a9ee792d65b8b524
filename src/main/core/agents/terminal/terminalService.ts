import { existsSync } from 'node:fs';
import type { Entry, SessionRow } from '../../../../shared/domain/session';
import { AppError } from '../../../../shared/result';
import type { CoreEvents } from '../../events';
import { createLogger } from '../../logger';
import { childEnv } from '../childEnv';
import type { SessionsService } from '../../services/sessions';
import { PtySession, SCROLLBACK_CHARS, type PtyExit } from './ptySession';
import { ScrollbackFiles } from './scrollbackFiles';
import { screenTail } from './screen';

const log = createLogger('terminal');

/** Output is pushed to the renderer at most this often, in pieces of at most MAX_PUSH characters. */
const PUSH_EVERY_MS = 16;
const MAX_PUSH = 128 * 1024;
/** The scrollback tail is saved this long after output (and on exit). */
const SAVE_AFTER_MS = 2_000;
/** Output this soon after a keystroke is its echo, not the program working. */
const ECHO_WINDOW_MS = 250;
/** No output for this long: the program waits (status 'idle'). */
const QUIET_MS = 1_500;
/** Submitted lines kept for the activity digest. */
const RECENT_LINES = 20;

export type SessionsPort = Pick<SessionsService, 'get' | 'list' | 'appendEntry' | 'recordEntry' | 'setStatus' | 'registerDispatcher'>;

export interface TerminalServiceDeps {
  readonly sessions: SessionsPort;
  readonly events: Pick<CoreEvents, 'emit'>;
  readonly dataDir: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly scrollbackChars?: number;
}

export interface TerminalOpenResult {
  readonly running: boolean;
  readonly scrollback: string;
  readonly exit: PtyExit | null;
}

export interface TerminalActivity {
  /** What the user submitted, oldest first. */
  readonly lines: string[];
  /** The ANSI-stripped tail of the screen. */
  readonly screen: string;
}

interface Live {
  readonly pty: PtySession;
  pending: string;
  pushTimer: NodeJS.Timeout | null;
  saveTimer: NodeJS.Timeout | null;
  quietTimer: NodeJS.Timeout | null;
  /** Monotonic ms (performance.now) of the last input: only compared with the echo window. */
  lastInputAt: number;
  stopping: boolean;
  readonly recent: string[];
}

/**
 * The terminal backend (SPEC §8): any command (a shell, codex, aider...) in a
 * PTY per session. The session's `backendId` holds its command line (null:
 * the user's shell), which is what "resumes" a terminal. Keystrokes come from
 * the pane; submitted lines become 'user' entries (so titles and notes see
 * them), output streams as `terminal:data`, the exit is a note with the code,
 * and the scrollback tail outlives the process.
 */
export class TerminalService {
  private readonly live = new Map<string, Live>();
  private readonly files: ScrollbackFiles;
  private readonly exits = new Map<string, PtyExit>();
  private unregister: (() => void) | null = null;
  private closed = false;

  constructor(private readonly deps: TerminalServiceDeps) {
    this.files = new ScrollbackFiles(deps.dataDir);
  }

  /**
   * Takes the composer of terminal sessions (`sessions:send` types a line,
   * `sessions:stop` ends it). No PTY outlives the app: a terminal row a killed
   * app left 'working' is idle now.
   */
  register(): void {
    for (const row of this.deps.sessions.list(true)) {
      if (row.kind === 'terminal' && row.status === 'working') this.safely(() => this.deps.sessions.setStatus(row.id, 'idle'));
    }
    this.unregister = this.deps.sessions.registerDispatcher('terminal', {
      send: (row, text) => this.sendLine(row, text),
      stop: async (row) => {
        await this.stop(row.id);
      },
    });
  }

  isRunning(sessionId: string): boolean {
    const l = this.live.get(sessionId);
    return l !== undefined && l.pty.exited === null;
  }

  /** The child's pid (tests). */
  pid(sessionId: string): number | null {
    return this.live.get(sessionId)?.pty.pid ?? null;
  }

  /** Attach a pane: starts the command when it is not running; returns the scrollback to paint. */
  open(sessionId: string, cols: number, rows: number, restart = false): TerminalOpenResult {
    const row = this.terminalRow(sessionId);
    const existing = this.live.get(sessionId);
    if (existing && existing.pty.exited === null) {
      existing.pty.resize(cols, rows);
      return { running: true, scrollback: existing.pty.scrollback(), exit: null };
    }
    const saved = existing ? existing.pty.scrollback() : this.files.read(sessionId);
    const lastExit = existing?.pty.exited ?? this.exits.get(sessionId) ?? null;
    if (!restart && (lastExit || (saved !== '' && !existing))) {
      return { running: false, scrollback: saved, exit: lastExit };
    }
    this.start(row, cols, rows, saved);
    return { running: true, scrollback: this.live.get(sessionId)?.pty.scrollback() ?? '', exit: null };
  }

  input(sessionId: string, data: string): void {
    const l = this.live.get(sessionId);
    if (!l || l.pty.exited) throw new AppError('CONFLICT', 'This terminal is not running; restart it first.');
    l.lastInputAt = performance.now();
    for (const line of l.pty.write(data)) this.recordLine(sessionId, l, line);
  }

  resize(sessionId: string, cols: number, rows: number): void {
    this.live.get(sessionId)?.pty.resize(cols, rows);
  }

  /** Stop: the whole process group, SIGKILL within 2 s. */
  async stop(sessionId: string): Promise<void> {
    const l = this.live.get(sessionId);
    if (!l || l.pty.exited) return;
    l.stopping = true;
    await l.pty.kill();
  }

  /** What ambient calls read about a terminal session. */
  activity(sessionId: string): TerminalActivity {
    const l = this.live.get(sessionId);
    if (l) return { lines: [...l.recent], screen: l.pty.tail() };
    return { lines: [], screen: screenTail(this.files.read(sessionId), { maxLines: 40, maxChars: 4_000 }) };
  }

  /**
   * The screen tail as ambient material (the submitted lines are already
   * 'user' entries); null for sessions that are not terminals or show nothing.
   */
  screenForAmbient(sessionId: string): string | null {
    const l = this.live.get(sessionId);
    const screen = l ? l.pty.tail() : this.exits.has(sessionId) ? this.activity(sessionId).screen : '';
    return screen.trim() === '' ? null : `The terminal shows (last lines):\n${screen}`;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unregister?.();
    await Promise.allSettled([...this.live.keys()].map((id) => this.stop(id)));
  }

  private terminalRow(sessionId: string): SessionRow {
    const row = this.deps.sessions.get(sessionId);
    if (row.kind !== 'terminal') throw new AppError('CONFLICT', 'That session is not a terminal.');
    return row;
  }

  private async sendLine(row: SessionRow, text: string): Promise<Entry> {
    if (!this.isRunning(row.id)) this.open(row.id, 120, 30, true);
    const l = this.live.get(row.id);
    if (!l) throw new AppError('UNAVAILABLE', 'The terminal could not start.');
    const line = text.replace(/\r?\n/g, ' ').trim();
    // Recorded before the PTY sees it: a database that refuses the record refuses the line (BUSY or STORAGE, the composer keeps it).
    const entry = this.deps.sessions.appendEntry(row.id, 'user', line, { source: 'terminal' });
    this.remember(l, line);
    l.pty.write(`${line}\r`, false);
    l.lastInputAt = performance.now();
    return entry;
  }

  /**
   * A line typed in the pane has reached the PTY with its Enter: its record is
   * never dropped (a refused write is kept and retried, and the row says "Not saved yet").
   */
  private recordLine(sessionId: string, l: Live, line: string): void {
    this.remember(l, line);
    this.deps.sessions.recordEntry(sessionId, 'user', line, { source: 'terminal' });
  }

  private remember(l: Live, line: string): void {
    l.recent.push(line);
    if (l.recent.length > RECENT_LINES) l.recent.shift();
  }

  private start(row: SessionRow, cols: number, rows: number, previous: string): void {
    if (this.closed) throw new AppError('UNAVAILABLE', 'Swarmdesk is shutting down.');
    const env = childEnv(this.deps.env ?? process.env, 'terminal', { TERM: 'xterm-256color', COLORTERM: 'truecolor' });
    const shell = env.SHELL && existsSync(env.SHELL) ? env.SHELL : existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh';
    const command = row.backendId?.trim() || null;
    const cwd = existsSync(row.folder) ? row.folder : (env.HOME ?? '/');
    const separator = previous ? '\r\n\x1b[2m── restarted ──\x1b[0m\r\n' : '';
    let pty: PtySession;
    try {
      pty = new PtySession({
        file: shell,
        args: command ? ['-c', command] : [],
        cwd,
        env,
        cols,
        rows,
        scrollbackChars: this.deps.scrollbackChars ?? SCROLLBACK_CHARS,
        initialScrollback: previous + separator,
      });
    } catch (err) {
      log.error('terminal did not start', { session: row.id, err });
      this.deps.sessions.recordEntry(row.id, 'error', `The terminal could not start: ${(err as Error).message}`);
      this.deps.sessions.setStatus(row.id, 'error');
      throw new AppError('UNAVAILABLE', 'The terminal could not start.');
    }
    const l: Live = { pty, pending: '', pushTimer: null, saveTimer: null, quietTimer: null, lastInputAt: 0, stopping: false, recent: [] };
    this.live.set(row.id, l);
    this.exits.delete(row.id);
    this.deps.sessions.recordEntry(row.id, 'note', command ? `Started: ${command}` : `Started a shell (${shell})`, { command, pid: pty.pid });
    this.deps.sessions.setStatus(row.id, 'idle');
    pty.onData((data) => this.onData(row.id, l, data));
    pty.onExit((exit) => this.onExit(row.id, l, exit));
  }

  private onData(sessionId: string, l: Live, data: string): void {
    l.pending += data;
    l.pushTimer ??= setTimeout(() => this.flush(sessionId, l), PUSH_EVERY_MS);
    l.saveTimer ??= setTimeout(() => this.save(sessionId, l), SAVE_AFTER_MS);
    if (performance.now() - l.lastInputAt > ECHO_WINDOW_MS) {
      this.safely(() => this.deps.sessions.setStatus(sessionId, 'working'));
      if (l.quietTimer) clearTimeout(l.quietTimer);
      l.quietTimer = setTimeout(() => {
        l.quietTimer = null;
        if (l.pty.exited === null) this.safely(() => this.deps.sessions.setStatus(sessionId, 'idle'));
      }, QUIET_MS);
    }
  }

  private flush(sessionId: string, l: Live): void {
    l.pushTimer = null;
    let rest = l.pending;
    l.pending = '';
    while (rest.length > 0) {
      this.deps.events.emit('terminal:data', { sessionId, data: rest.slice(0, MAX_PUSH) });
      rest = rest.slice(MAX_PUSH);
    }
  }

  private save(sessionId: string, l: Live): void {
    if (l.saveTimer) clearTimeout(l.saveTimer);
    l.saveTimer = null;
    try {
      this.files.write(sessionId, l.pty.scrollback());
    } catch (err) {
      log.warn('could not save terminal scrollback', { session: sessionId, err });
    }
  }

  private onExit(sessionId: string, l: Live, exit: PtyExit): void {
    if (l.pushTimer) clearTimeout(l.pushTimer);
    if (l.quietTimer) clearTimeout(l.quietTimer);
    this.flush(sessionId, l);
    this.save(sessionId, l);
    this.exits.set(sessionId, exit);
    const text = l.stopping
      ? 'Stopped.'
      : exit.signal
        ? `Ended by ${exit.signal}.`
        : `Exited with code ${exit.exitCode}.`;
    this.safely(() => {
      this.deps.sessions.recordEntry(sessionId, 'note', text, { exitCode: exit.exitCode, signal: exit.signal });
      this.deps.sessions.setStatus(sessionId, l.stopping || (exit.exitCode === 0 && !exit.signal) ? 'idle' : 'error');
    });
    this.deps.events.emit('terminal:exit', { sessionId, exitCode: exit.exitCode, signal: exit.signal });
  }

  /** A session deleted meanwhile must not crash the PTY's event handlers. */
  private safely(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      log.debug('terminal update skipped', { err });
    }
  }
}
