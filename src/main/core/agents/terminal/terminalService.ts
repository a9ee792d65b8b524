import { existsSync } from 'node:fs';
import type { Entry, SessionRow } from '../../../../shared/domain/session';
import { AppError } from '../../../../shared/result';
import { TO_PROGRAM } from '../../../../shared/terminalCommand';
import type { CoreEvents } from '../../events';
import { createLogger } from '../../logger';
import { childEnv } from '../../spawn/childEnv';
import type { CoreHooks } from '../../services/hooks';
import type { SessionsService } from '../../services/sessions';
import { echoProbe, LineRecorder, takerProbe } from './lineRecorder';
import { clampSize, PtySession, type PtyExit } from './ptySession';
import { ScrollbackFiles } from './scrollbackFiles';
import { StatusWatch } from './statusWatch';
import { SCROLLBACK_LINES, TerminalState } from './terminalState';
import { scrollbackLinesFor } from './scrollbackBudget';
import type { HookStatus } from '../sessionReports/hookStatus';
import type { TerminalHooks } from '../sessionReports/terminalHooks';

const log = createLogger('terminal');

/** Output is pushed to the renderer at most this often, in pieces of at most MAX_PUSH characters. */
const PUSH_EVERY_MS = 16;
const MAX_PUSH = 128 * 1024;
/**
 * The screen is saved once output has been quiet this long (and on exit, which closing the app causes).
 * Serializing a full 10,000-line scrollback costs about a second of CPU: never while output streams.
 */
const SAVE_WHEN_QUIET_MS = 5_000;
const SAVE_WHILE_BUSY_MS = 30_000;
/** Submitted lines kept for the activity digest. */
const RECENT_LINES = 20;

export type SessionsPort = Pick<SessionsService, 'get' | 'list' | 'appendEntry' | 'recordEntry' | 'setStatus' | 'markUnread' | 'registerDispatcher'>;

export interface TerminalServiceDeps {
  readonly sessions: SessionsPort;
  readonly events: Pick<CoreEvents, 'emit'>;
  /** Where a terminal's turn end is told (`terminalTurnEnded`: the ambient titles count them). */
  readonly coreHooks?: Pick<CoreHooks, 'emit'>;
  readonly dataDir: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Lines of scrollback kept per terminal (default 10,000). */
  readonly scrollbackLines?: number;
  /**
   * Whether this host has /proc (Linux), where a program blocked at its own prompt is seen (promptProbe.ts).
   * Default: looked up. Without it (macOS) a terminal's notes say its prompts are known by hooks and signals only.
   */
  readonly procFs?: boolean;
  /** The agent CLIs' own hooks (a report token and the shims on PATH); absent: terminals run unhooked. */
  readonly hooks?: TerminalHooks;
}

/** The note a terminal gets where the process cannot be read (SPEC §8: a host without /proc uses 1 and 2). */
export const NO_PROC_NOTE =
  "This host has no /proc: a program waiting at its own prompt is known only by the agent CLI's hooks and terminal signals (attention requests, the bell, a TUI's title).";

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

interface Live {
  readonly pty: PtySession;
  readonly state: TerminalState;
  readonly recorder: LineRecorder;
  readonly status: StatusWatch;
  pending: string;
  pendingOffset: number;
  pushTimer: NodeJS.Timeout | null;
  saveTimer: NodeJS.Timeout | null;
  /** When the screen was last saved (a busy terminal is saved on this clock too). */
  savedAt: number;
  /** The last save of the screen (close waits for it). */
  saving: Promise<void>;
  stopping: boolean;
  readonly recent: string[];
  /** Revokes this run's report token (its process ended). */
  readonly revokeToken: () => void;
  /** The terminal runs its own command (no shell of ours): its whole run is one turn. */
  readonly ownCommand: boolean;
}

/**
 * The terminal backend (SPEC §8): any command (a shell, codex, aider...) in a
 * PTY per session. The session's `backendId` holds its command line (null:
 * the user's shell), which is what "resumes" a terminal. The pane's terminal is
 * the input: keystrokes come as `terminal:input`, submitted lines become 'user'
 * entries unless typed while the terminal hid them. Output feeds a headless
 * terminal (`TerminalState`, what a pane attaching is shown) and streams as
 * `terminal:data` with its offset; the status follows the foreground process;
 * the screen is saved to the data folder and outlives the process.
 */
export class TerminalService {
  private readonly live = new Map<string, Live>();
  /** Every terminal's screen this run, running or not (a restart continues it). */
  private readonly states = new Map<string, TerminalState>();
  private readonly files: ScrollbackFiles;
  private readonly exits = new Map<string, PtyExit>();
  /** The window title each terminal's program set last this run (OSC 0/2). */
  private readonly windowTitles = new Map<string, string>();
  private unregister: (() => void) | null = null;
  private closed = false;

  constructor(private readonly deps: TerminalServiceDeps) {
    this.files = new ScrollbackFiles(deps.dataDir);
  }

  /**
   * Takes the dispatcher of terminal sessions (`sessions:send` types a line,
   * `sessions:stop` ends it). No PTY outlives the host: a terminal that ran under
   * an earlier one (its screen was kept) and did not say how it ended (the host
   * was killed) is exited now; one a killed host left 'working' that never ran is idle.
   */
  register(): void {
    for (const row of this.deps.sessions.list(true)) {
      if (row.kind !== 'terminal' || row.status === 'exited' || row.status === 'error') continue;
      if (this.files.exists(row.id)) this.safely(() => this.deps.sessions.setStatus(row.id, 'exited'));
      else if (row.status === 'working') this.safely(() => this.deps.sessions.setStatus(row.id, 'idle'));
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

  /**
   * Attach a pane: starts the command when it has not run (or `restart`),
   * resizes it to the pane, and returns the screen and scrollback to paint with
   * the offset live output continues from; `screenOnly`: the visible screen without its scrollback.
   */
  async open(sessionId: string, cols: number, rows: number, restart = false, screenOnly = false): Promise<TerminalOpenResult> {
    await this.deps.hooks?.ready();
    this.attach(sessionId, cols, rows, restart);
    const l = this.live.get(sessionId);
    const running = l !== undefined && l.pty.exited === null;
    const state = this.stateOf(sessionId, cols, rows);
    const snapshot = await state.snapshot(screenOnly ? 0 : undefined);
    const known = l?.pty.exited ?? this.exits.get(sessionId) ?? null;
    // Ran under an earlier host (its screen was kept): shown as ended, with Restart; never started again by opening it.
    const exit = running ? null : (known ?? (this.files.exists(sessionId) ? { exitCode: 0, signal: null, endedWithHost: true } : null));
    return { running, scrollback: snapshot.data, offset: snapshot.offset, exit };
  }

  /** Keystrokes and pastes from the pane; resolves once they reached the PTY (and their lines were recorded). */
  async input(sessionId: string, data: string): Promise<void> {
    const l = this.live.get(sessionId);
    if (!l || l.pty.exited) throw new AppError('CONFLICT', 'This terminal is not running; restart it first.');
    l.status.input();
    const { lines, toProgram } = await l.recorder.input(data);
    for (const line of lines) this.recordLine(sessionId, l, line, toProgram);
  }

  /** Whether the running program has turned bracketed paste on (DECSET 2004), as its output parsed so far says. */
  bracketedPasteOn(sessionId: string): boolean {
    return this.isRunning(sessionId) && (this.states.get(sessionId)?.bracketedPaste ?? false);
  }

  /**
   * `text` as one bracketed paste and Enter after its end marker (a review sent to a terminal agent):
   * line breaks as a terminal pastes them (CR), and no escape or control character of the text's own, so
   * nothing in it can end the paste early.
   */
  async pasteBracketed(sessionId: string, text: string): Promise<void> {
    // eslint-disable-next-line no-control-regex -- the point is to drop control characters
    const body = text.replace(/\r?\n/g, '\r').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '');
    await this.input(sessionId, `\x1b[200~${body}\x1b[201~\r`);
  }

  resize(sessionId: string, cols: number, rows: number): void {
    const l = this.live.get(sessionId);
    if (!l || l.pty.exited) return;
    const [c, r] = clampSize(cols, rows);
    // The same size again sends no SIGWINCH, and so no redraw to excuse.
    const was = l.state.size;
    if (c !== was.cols || r !== was.rows) l.status.resized();
    l.pty.resize(cols, rows);
    l.state.resize(c, r);
    this.shareScrollback();
  }

  /** Stop in the pane: interrupt the foreground job, as Ctrl-C does (the terminal keeps running). */
  async interrupt(sessionId: string): Promise<void> {
    const l = this.live.get(sessionId);
    if (!l || l.pty.exited) return;
    await l.status.tick();
    const job = l.status.foregroundJob;
    if (job !== null) {
      try {
        process.kill(-job, 'SIGINT');
        return;
      } catch {
        // The job ended meanwhile: Ctrl-C below reaches whoever holds the terminal now.
      }
    }
    l.pty.write('\x03');
  }

  /** Stop the session: the whole process group, SIGKILL within 2 s. */
  async stop(sessionId: string): Promise<void> {
    const l = this.live.get(sessionId);
    if (!l || l.pty.exited) return;
    l.stopping = true;
    await l.pty.kill();
  }

  /** What ambient calls read about a terminal session. */
  activity(sessionId: string): TerminalActivity {
    const l = this.live.get(sessionId);
    return { lines: l ? [...l.recent] : [], screen: this.states.get(sessionId)?.text() ?? '' };
  }

  /**
   * The screen tail as ambient material (the submitted lines are already
   * 'user' entries); null for sessions that are not terminals or show nothing.
   */
  screenForAmbient(sessionId: string): string | null {
    const screen = this.states.get(sessionId)?.text() ?? '';
    return screen.trim() === '' ? null : `The terminal shows (last lines):\n${screen}`;
  }

  /** A `status` report from the agent CLI's own hook in this terminal (SPEC §8): first in the order of trust. */
  hookReport(sessionId: string, status: HookStatus): void {
    const l = this.live.get(sessionId);
    if (l && l.pty.exited === null) l.status.hook(status);
  }

  /**
   * What a terminal's ambient title reads (issue 32): its screen tail and its program's window title,
   * unmasked here (the prompt's material blocks mask them); null for a session with no screen this run.
   */
  ambientMaterial(sessionId: string): TerminalAmbientMaterial | null {
    const state = this.states.get(sessionId);
    if (!state) return null;
    return { screen: state.text(), windowTitle: this.windowTitles.get(sessionId) ?? null };
  }

  /**
   * A terminal's turn ended (issue 32): a submitted line's command ended or a known TUI's turn did (the
   * status watch says so), or the agent CLI's own hook reported `Stop` (its `done` reaches here through the
   * status watch; a report of another kind may call this directly).
   * Told as the `terminalTurnEnded` hook; a session that is not a terminal (or is gone) is ignored.
   */
  turnEnded(sessionId: string): void {
    let row: SessionRow;
    try {
      row = this.deps.sessions.get(sessionId);
    } catch {
      return;
    }
    if (row.kind === 'terminal') this.deps.coreHooks?.emit('terminalTurnEnded', row);
  }

  /** PTYs whose process still runs. */
  liveCount(): number {
    let n = 0;
    for (const l of this.live.values()) if (l.pty.exited === null) n += 1;
    return n;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unregister?.();
    await Promise.allSettled([...this.live.keys()].map((id) => this.stop(id)));
    await Promise.allSettled([...this.live.values()].map((l) => l.saving));
    for (const state of this.states.values()) state.dispose();
    this.states.clear();
  }

  private attach(sessionId: string, cols: number, rows: number, restart: boolean): void {
    const row = this.terminalRow(sessionId);
    const existing = this.live.get(sessionId);
    if (existing && existing.pty.exited === null) {
      this.resize(sessionId, cols, rows);
      return;
    }
    const ranBefore = existing !== undefined || this.exits.has(sessionId) || this.files.exists(sessionId);
    if (!restart && ranBefore) return;
    this.start(row, cols, rows);
  }

  /** This run's screen of a session, else the one saved by an earlier run, else a blank one. */
  private stateOf(sessionId: string, cols: number, rows: number): TerminalState {
    let state = this.states.get(sessionId);
    if (!state) {
      state = new TerminalState(...clampSize(cols, rows), this.deps.scrollbackLines ?? SCROLLBACK_LINES);
      this.states.set(sessionId, state);
      this.shareScrollback();
      const saved = this.files.read(sessionId);
      if (saved) state.write(saved);
    }
    return state;
  }

  /** Every kept screen's scrollback, re-shared under the host's budget (a terminal more, or wider). */
  private shareScrollback(): void {
    const max = this.deps.scrollbackLines ?? SCROLLBACK_LINES;
    const widest = Math.max(...[...this.states.values()].map((s) => s.cols));
    const lines = scrollbackLinesFor(this.states.size, widest, max);
    for (const state of this.states.values()) state.setScrollback(lines);
  }

  private terminalRow(sessionId: string): SessionRow {
    const row = this.deps.sessions.get(sessionId);
    if (row.kind !== 'terminal') throw new AppError('CONFLICT', 'That session is not a terminal.');
    return row;
  }

  private async sendLine(row: SessionRow, text: string): Promise<Entry> {
    await this.deps.hooks?.ready();
    if (!this.isRunning(row.id)) this.attach(row.id, 120, 30, true);
    const l = this.live.get(row.id);
    if (!l) throw new AppError('UNAVAILABLE', 'The terminal could not start.');
    const line = text.replace(/\r?\n/g, ' ').trim();
    // Recorded before the PTY sees it: a database that refuses the record refuses the line (BUSY or STORAGE, the caller keeps it).
    const entry = this.deps.sessions.appendEntry(row.id, 'user', line, { source: 'terminal' });
    this.remember(l, line);
    l.status.input();
    l.status.submitted();
    l.pty.write(`${line}\r`);
    return entry;
  }

  /**
   * A line typed in the pane has reached the PTY with its Enter: its record is
   * never dropped (a refused write is kept and retried, and the row says "Not saved yet").
   */
  private recordLine(sessionId: string, l: Live, line: string, toProgram: boolean): void {
    this.remember(l, line);
    l.status.submitted();
    // A line typed to a program (Python's input(), a REPL) is kept as typed, never as the terminal's command.
    this.deps.sessions.recordEntry(sessionId, 'user', line, toProgram ? { source: 'terminal', to: TO_PROGRAM } : { source: 'terminal' });
  }

  private remember(l: Live, line: string): void {
    l.recent.push(line);
    if (l.recent.length > RECENT_LINES) l.recent.shift();
  }

  private start(row: SessionRow, cols: number, rows: number): void {
    if (this.closed) throw new AppError('UNAVAILABLE', 'Swarmdesk is shutting down.');
    const base = childEnv(this.deps.env ?? process.env, 'terminal', { TERM: 'xterm-256color', COLORTERM: 'truecolor' });
    // After childEnv, which keeps every SWARMDESK_…TOKEN out: this one is the terminal's own, for its hooks.
    const hooked = this.deps.hooks?.terminalEnv(row.id, base.PATH) ?? { env: {}, revoke: () => undefined };
    const env = { ...base, ...hooked.env };
    const shell = env.SHELL && existsSync(env.SHELL) ? env.SHELL : existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh';
    const command = row.backendId?.trim() || null;
    const cwd = existsSync(row.folder) ? row.folder : (env.HOME ?? '/');
    let pty: PtySession;
    try {
      const launch = command ? { args: ['-c', command], env: {} } : (this.deps.hooks?.shellLaunch(shell, env) ?? { args: [], env: {} });
      pty = new PtySession({ file: shell, args: launch.args, cwd, env: { ...env, ...launch.env }, cols, rows });
    } catch (err) {
      hooked.revoke();
      log.error('terminal did not start', { session: row.id, err });
      this.deps.sessions.recordEntry(row.id, 'error', `The terminal could not start: ${(err as Error).message}`);
      this.deps.sessions.setStatus(row.id, 'error');
      throw new AppError('UNAVAILABLE', 'The terminal could not start.');
    }
    const state = this.stateOf(row.id, cols, rows);
    state.resize(...clampSize(cols, rows));
    this.shareScrollback();
    const l: Live = {
      pty,
      state,
      recorder: new LineRecorder((data) => pty.write(data), echoProbe(pty.ptsName), takerProbe(pty.pid)),
      status: new StatusWatch(pty.pid, (status, turnEnded) =>
        this.safely(() => {
          this.deps.sessions.setStatus(row.id, status);
          if (turnEnded) this.deps.sessions.markUnread(row.id);
        }),
        pty.ptsName ?? '',
        () => this.safely(() => this.turnEnded(row.id)),
      ),
      pending: '',
      pendingOffset: state.end,
      pushTimer: null,
      saveTimer: null,
      savedAt: Date.now(),
      saving: Promise.resolve(),
      stopping: false,
      recent: [],
      revokeToken: hooked.revoke,
      ownCommand: command !== null,
    };
    this.live.set(row.id, l);
    state.onSignal = (signal) => {
      if (signal.type === 'title') this.windowTitles.set(row.id, signal.title);
      l.status.signal(signal);
    };
    this.exits.delete(row.id);
    // Marks that it ran: a later host (after a crash) shows it as ended rather than running its command again.
    if (!this.files.exists(row.id)) l.saving = this.save(row.id, l);
    if (state.end > 0) this.onData(row.id, l, '\r\n\x1b[2m── restarted ──\x1b[0m\r\n');
    this.deps.sessions.recordEntry(row.id, 'note', command ? `Started: ${command}` : `Started a shell (${shell})`, { command, pid: pty.pid });
    if (!(this.deps.procFs ?? existsSync('/proc/self/stat'))) this.deps.sessions.recordEntry(row.id, 'note', NO_PROC_NOTE);
    this.deps.sessions.setStatus(row.id, 'idle');
    pty.onData((data) => this.onData(row.id, l, data));
    pty.onExit((exit) => this.onExit(row.id, l, exit));
  }

  private onData(sessionId: string, l: Live, data: string): void {
    const offset = l.state.write(data);
    if (l.pending === '') l.pendingOffset = offset;
    l.pending += data;
    l.status.output();
    l.pushTimer ??= setTimeout(() => this.flush(sessionId, l), PUSH_EVERY_MS);
    // Saved once output goes quiet, and at least every SAVE_WHILE_BUSY_MS while it never does (a loop printing forever).
    if (Date.now() - l.savedAt >= SAVE_WHILE_BUSY_MS) {
      l.savedAt = Date.now();
      l.saving = this.save(sessionId, l);
      return;
    }
    if (l.saveTimer) clearTimeout(l.saveTimer);
    l.saveTimer = setTimeout(() => {
      l.saving = this.save(sessionId, l);
    }, SAVE_WHEN_QUIET_MS);
  }

  private flush(sessionId: string, l: Live): void {
    l.pushTimer = null;
    let rest = l.pending;
    let offset = l.pendingOffset;
    l.pending = '';
    while (rest.length > 0) {
      const data = rest.slice(0, MAX_PUSH);
      this.deps.events.emit('terminal:data', { sessionId, data, offset });
      offset += data.length;
      rest = rest.slice(MAX_PUSH);
    }
  }

  private async save(sessionId: string, l: Live): Promise<void> {
    if (l.saveTimer) clearTimeout(l.saveTimer);
    l.saveTimer = null;
    try {
      this.files.write(sessionId, (await l.state.snapshot()).data);
    } catch (err) {
      log.warn('could not save the terminal screen', { session: sessionId, err });
    }
  }

  private onExit(sessionId: string, l: Live, exit: PtyExit): void {
    if (l.pushTimer) clearTimeout(l.pushTimer);
    l.revokeToken();
    l.status.stop();
    if (l.state.onSignal) l.state.onSignal = null;
    this.flush(sessionId, l);
    l.saving = this.save(sessionId, l);
    this.exits.set(sessionId, exit);
    const text = l.stopping ? 'Stopped.' : exit.signal ? `Ended by ${exit.signal}.` : `Exited with code ${exit.exitCode}.`;
    // Exited (SPEC §2): how it failed is kept only when it did, on its own (a stop by the user or the host is not a failure).
    const failed = !l.stopping && (exit.signal !== null || exit.exitCode !== 0);
    this.safely(() => {
      this.deps.sessions.recordEntry(sessionId, 'note', text, { exitCode: exit.exitCode, signal: exit.signal });
      this.deps.sessions.setStatus(sessionId, 'exited', failed ? { code: exit.signal ? null : exit.exitCode, signal: exit.signal } : undefined);
    });
    this.deps.events.emit('terminal:exit', { sessionId, exitCode: exit.exitCode, signal: exit.signal });
    // The last line's command ended with the process (`make && exit`), or the terminal's own command did: its
    // turn is over too (issue 36: its files get a checkpoint). Not while the host closes every terminal.
    if (!this.closed && (l.ownCommand || l.status.lineOpen)) this.turnEnded(sessionId);
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

