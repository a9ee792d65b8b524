import { existsSync } from 'node:fs';
import type { Entry, SessionRow } from '../../../../shared/domain/session';
import { AppError } from '../../../../shared/result';
import { TO_PROGRAM } from '../../../../shared/terminalCommand';
import type { CoreEvents } from '../../events';
import { createLogger } from '../../logger';
import type { CoreHooks } from '../../services/hooks';
import type { SessionsService } from '../../services/sessions';
import { echoProbe, LineRecorder, takerProbe } from './lineRecorder';
import { launchPty, LiveTerminal } from './liveTerminal';
import { clampSize, type PtyExit } from './ptySession';
import { ScrollbackFiles } from './scrollbackFiles';
import { StatusWatch } from './statusWatch';
import { TerminalScreens, type TerminalActivity, type TerminalAmbientMaterial, type TerminalOpenResult } from './terminalScreens';
import type { HookStatus } from '../sessionReports/hookStatus';
import type { TerminalHooks } from '../sessionReports/terminalHooks';

const log = createLogger('terminal');

export type { TerminalActivity, TerminalAmbientMaterial, TerminalOpenResult };

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
  private readonly live = new Map<string, LiveTerminal>();
  private readonly files: ScrollbackFiles;
  private readonly screens: TerminalScreens;
  private readonly exits = new Map<string, PtyExit>();
  private unregister: (() => void) | null = null;
  private closed = false;

  constructor(private readonly deps: TerminalServiceDeps) {
    this.files = new ScrollbackFiles(deps.dataDir);
    this.screens = new TerminalScreens(this.files, deps.scrollbackLines);
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
    const state = this.screens.of(sessionId, cols, rows);
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
    return this.isRunning(sessionId) && (this.screens.get(sessionId)?.bracketedPaste ?? false);
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
    this.screens.share();
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
    return { lines: l ? [...l.recent] : [], screen: this.screens.get(sessionId)?.text() ?? '' };
  }

  /**
   * The screen tail as ambient material (the submitted lines are already
   * 'user' entries); null for sessions that are not terminals or show nothing.
   */
  screenForAmbient(sessionId: string): string | null {
    const screen = this.screens.get(sessionId)?.text() ?? '';
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
    const state = this.screens.get(sessionId);
    if (!state) return null;
    return { screen: state.text(), windowTitle: this.screens.windowTitle(sessionId) };
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
    this.screens.disposeAll();
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
    l.remember(line);
    l.status.input();
    l.status.submitted();
    l.pty.write(`${line}\r`);
    return entry;
  }

  /**
   * A line typed in the pane has reached the PTY with its Enter: its record is
   * never dropped (a refused write is kept and retried, and the row says "Not saved yet").
   */
  private recordLine(sessionId: string, l: LiveTerminal, line: string, toProgram: boolean): void {
    l.remember(line);
    l.status.submitted();
    // A line typed to a program (Python's input(), a REPL) is kept as typed, never as the terminal's command.
    this.deps.sessions.recordEntry(sessionId, 'user', line, toProgram ? { source: 'terminal', to: TO_PROGRAM } : { source: 'terminal' });
  }

  private start(row: SessionRow, cols: number, rows: number): void {
    if (this.closed) throw new AppError('UNAVAILABLE', 'Swarmdesk is shutting down.');
    const { pty, command, shell, revokeToken } = launchPty(row, cols, rows, this.deps);
    const state = this.screens.of(row.id, cols, rows);
    state.resize(...clampSize(cols, rows));
    this.screens.share();
    const recorder = new LineRecorder((data) => pty.write(data), echoProbe(pty.ptsName), takerProbe(pty.pid));
    const status = new StatusWatch(
      pty.pid,
      (status, turnEnded) =>
        this.safely(() => {
          this.deps.sessions.setStatus(row.id, status);
          if (turnEnded) this.deps.sessions.markUnread(row.id);
        }),
      pty.ptsName ?? '',
      () => this.safely(() => this.turnEnded(row.id)),
    );
    const parts = { pty, state, recorder, status, revokeToken, ownCommand: command !== null };
    const l = new LiveTerminal(row.id, parts, { events: this.deps.events, files: this.files });
    this.live.set(row.id, l);
    state.onSignal = (signal) => {
      if (signal.type === 'title') this.screens.setWindowTitle(row.id, signal.title);
      l.status.signal(signal);
    };
    this.exits.delete(row.id);
    // Marks that it ran: a later host (after a crash) shows it as ended rather than running its command again.
    if (!this.files.exists(row.id)) l.save();
    if (state.end > 0) l.output('\r\n\x1b[2m── restarted ──\x1b[0m\r\n');
    this.deps.sessions.recordEntry(row.id, 'note', command ? `Started: ${command}` : `Started a shell (${shell})`, { command, pid: pty.pid });
    if (!(this.deps.procFs ?? existsSync('/proc/self/stat'))) this.deps.sessions.recordEntry(row.id, 'note', NO_PROC_NOTE);
    this.deps.sessions.setStatus(row.id, 'idle');
    pty.onData((data) => l.output(data));
    pty.onExit((exit) => this.onExit(row.id, l, exit));
  }

  private onExit(sessionId: string, l: LiveTerminal, exit: PtyExit): void {
    l.ended();
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

