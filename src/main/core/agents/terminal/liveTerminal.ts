import { existsSync } from 'node:fs';
import type { SessionRow } from '../../../../shared/domain/session';
import { AppError } from '../../../../shared/result';
import type { CoreEvents } from '../../events';
import { createLogger } from '../../logger';
import { childEnv } from '../../spawn/childEnv';
import type { SessionsService } from '../../services/sessions';
import type { TerminalHooks } from '../sessionReports/terminalHooks';
import type { LineRecorder } from './lineRecorder';
import { PtySession } from './ptySession';
import type { ScrollbackFiles } from './scrollbackFiles';
import type { StatusWatch } from './statusWatch';
import type { TerminalState } from './terminalState';

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

export interface LaunchDeps {
  readonly sessions: Pick<SessionsService, 'recordEntry' | 'setStatus'>;
  readonly env?: NodeJS.ProcessEnv;
  readonly hooks?: TerminalHooks;
}

export interface Launched {
  readonly pty: PtySession;
  /** The session's command line; null: the user's shell. */
  readonly command: string | null;
  readonly shell: string;
  /** Revokes this run's report token (its process ended). */
  readonly revokeToken: () => void;
}

/**
 * Starts a terminal session's PTY: its command (the session's `backendId`) or the user's shell, in its
 * folder (else HOME), with the child environment and this run's hooks; a PTY that does not start is an
 * error entry and status, and UNAVAILABLE.
 */
export function launchPty(row: SessionRow, cols: number, rows: number, deps: LaunchDeps): Launched {
  const base = childEnv(deps.env ?? process.env, 'terminal', { TERM: 'xterm-256color', COLORTERM: 'truecolor' });
  // After childEnv, which keeps every SWARMDESK_…TOKEN out: this one is the terminal's own, for its hooks.
  const hooked = deps.hooks?.terminalEnv(row.id, base.PATH) ?? { env: {}, revoke: () => undefined };
  const env = { ...base, ...hooked.env };
  const shell = env.SHELL && existsSync(env.SHELL) ? env.SHELL : existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh';
  const command = row.backendId?.trim() || null;
  const cwd = existsSync(row.folder) ? row.folder : (env.HOME ?? '/');
  try {
    const launch = command ? { args: ['-c', command], env: {} } : (deps.hooks?.shellLaunch(shell, env) ?? { args: [], env: {} });
    const pty = new PtySession({ file: shell, args: launch.args, cwd, env: { ...env, ...launch.env }, cols, rows });
    return { pty, command, shell, revokeToken: hooked.revoke };
  } catch (err) {
    hooked.revoke();
    log.error('terminal did not start', { session: row.id, err });
    deps.sessions.recordEntry(row.id, 'error', `The terminal could not start: ${(err as Error).message}`);
    deps.sessions.setStatus(row.id, 'error');
    throw new AppError('UNAVAILABLE', 'The terminal could not start.');
  }
}

export interface LiveParts {
  readonly pty: PtySession;
  readonly state: TerminalState;
  readonly recorder: LineRecorder;
  readonly status: StatusWatch;
  readonly revokeToken: () => void;
  /** The terminal runs its own command (no shell of ours): its whole run is one turn. */
  readonly ownCommand: boolean;
}

/**
 * One run of a terminal: its PTY with the screen, typed lines and status that follow it, and its output
 * streamed as `terminal:data` (batched, with its offset) and its screen saved to the data folder when quiet.
 */
export class LiveTerminal {
  readonly pty: PtySession;
  readonly state: TerminalState;
  readonly recorder: LineRecorder;
  readonly status: StatusWatch;
  readonly ownCommand: boolean;
  /** The last save of the screen (close waits for it). */
  saving: Promise<void> = Promise.resolve();
  stopping = false;
  /** The submitted lines, oldest first (the last RECENT_LINES). */
  readonly recent: string[] = [];
  private readonly revokeToken: () => void;
  private pending = '';
  private pendingOffset: number;
  private pushTimer: NodeJS.Timeout | null = null;
  private saveTimer: NodeJS.Timeout | null = null;
  /** When the screen was last saved (a busy terminal is saved on this clock too). */
  private savedAt = Date.now();

  constructor(
    private readonly sessionId: string,
    parts: LiveParts,
    private readonly out: { readonly events: Pick<CoreEvents, 'emit'>; readonly files: ScrollbackFiles },
  ) {
    ({ pty: this.pty, state: this.state, recorder: this.recorder, status: this.status, revokeToken: this.revokeToken, ownCommand: this.ownCommand } = parts);
    this.pendingOffset = this.state.end;
  }

  /** Output of the PTY (or a marker of ours): onto the screen, pushed soon, and the screen saved when quiet. */
  output(data: string): void {
    const offset = this.state.write(data);
    if (this.pending === '') this.pendingOffset = offset;
    this.pending += data;
    this.status.output();
    this.pushTimer ??= setTimeout(() => this.flush(), PUSH_EVERY_MS);
    // Saved once output goes quiet, and at least every SAVE_WHILE_BUSY_MS while it never does (a loop printing forever).
    if (Date.now() - this.savedAt >= SAVE_WHILE_BUSY_MS) {
      this.savedAt = Date.now();
      this.save();
      return;
    }
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(), SAVE_WHEN_QUIET_MS);
  }

  /** Saves the screen now (`saving` is that save). */
  save(): void {
    this.saving = this.saveScreen();
  }

  remember(line: string): void {
    this.recent.push(line);
    if (this.recent.length > RECENT_LINES) this.recent.shift();
  }

  /** The process ended: its token revoked, its status watch stopped, the rest of its output pushed and the screen saved. */
  ended(): void {
    if (this.pushTimer) clearTimeout(this.pushTimer);
    this.revokeToken();
    this.status.stop();
    if (this.state.onSignal) this.state.onSignal = null;
    this.flush();
    this.save();
  }

  private flush(): void {
    this.pushTimer = null;
    let rest = this.pending;
    let offset = this.pendingOffset;
    this.pending = '';
    while (rest.length > 0) {
      const data = rest.slice(0, MAX_PUSH);
      this.out.events.emit('terminal:data', { sessionId: this.sessionId, data, offset });
      offset += data.length;
      rest = rest.slice(MAX_PUSH);
    }
  }

  private async saveScreen(): Promise<void> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    try {
      this.out.files.write(this.sessionId, (await this.state.snapshot()).data);
    } catch (err) {
      log.warn('could not save the terminal screen', { session: this.sessionId, err });
    }
  }
}
