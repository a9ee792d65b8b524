import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createLogger } from '../../logger';
import { KILL_GRACE_MS, killProcessTree } from '../processTree';
import type { AgentEvent, AgentEventSink, AgentSession, AgentSessionContext } from '../types';
import { Deadline, IdleWatchdog } from '../watchdog';
import { claudeArgs, userMessageLine } from './args';
import { claudeMcpConfig, MCP_TITLE_TOOL } from '../sessionReports/agentShims';
import { startCliProcess, type CliProcess } from './cliProcess';
import { IdlePool } from './idlePool';
import { effectiveMode, keepAliveOf, pathOf, type ClaudeBackendOptions } from './options';
import { parseCliLine } from './streamJson';
import { ClaudeStreamTranslator, isFailedResult } from './translate';

const log = createLogger('agents:claude');

/** What a backend id must look like to go on a command line after `--resume`. */
const SAFE_RESUME_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Counters a test (and the log) can read: what the line reader had to drop. */
export interface ClaudeRunStats {
  /** CLI processes started for this session. */
  spawns: number;
  lines: number;
  invalid: number;
  unknown: number;
  oversize: number;
}

/**
 * One session driven by one live CLI process. The process starts with the first turn
 * (with `--resume` when the session has a backend id) and stays between turns: each
 * message is one stream-json user line on its stdin, and a turn ends at its `result`.
 * Messages written while a turn runs reach the model inside that turn (the CLI's own
 * mid-turn handling), which is how steering works. The process is ended after
 * `keepAliveMs` without a turn, when the permission mode changes (at the next turn),
 * or when it crashes; the next turn then starts a new one with `--resume`. Stop sends
 * the CLI's `interrupt` control request and the process stays; a CLI that does not
 * end the turn in time, or one with background tasks, is killed with its group.
 */
export class ClaudeCodeSession implements AgentSession {
  readonly stats: ClaudeRunStats = { spawns: 0, lines: 0, invalid: 0, unknown: 0, oversize: 0 };
  private proc: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private stdinOpen = false;
  private turnOpen = false;
  private stopping = false;
  private disposed = false;
  private backendId: string | null;
  private translator: ClaudeStreamTranslator;
  private readonly watchdog: IdleWatchdog;
  private resultDeadline: Deadline | null = null;
  private exitDeadline: Deadline | null = null;
  private keepAlive: Deadline | null = null;
  /** The permission mode the running process was started with. */
  private spawnedMode: string | null = null;
  /** Set while a stop waits for the CLI to end the interrupted turn. */
  private interrupted: (() => void) | null = null;
  private controlSeq = 0;
  private cli: CliProcess | null = null;
  /** Sends in progress (spawning), and the chain that keeps them in order. */
  private starting = 0;
  private queue: Promise<void> = Promise.resolve();
  private pendingStream: Extract<AgentEvent, { type: 'streaming' }> | null = null;
  private streamTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly opts: ClaudeBackendOptions,
    private readonly ctx: AgentSessionContext,
    private readonly sink: AgentEventSink,
    private readonly idlePool: IdlePool = new IdlePool(Number.POSITIVE_INFINITY),
  ) {
    this.backendId = ctx.row.backendId;
    this.translator = this.newTranslator();
    this.watchdog = new IdleWatchdog(opts.idleMs ?? 15 * 60_000, (silent) => this.onIdle(silent));
  }

  get working(): boolean {
    return this.turnOpen || this.starting > 0;
  }

  private get claudePath(): string {
    return pathOf(this.opts);
  }

  /** The running process id (tests check the process group is gone). */
  get pid(): number | null {
    return this.proc?.pid ?? null;
  }

  async send(text: string): Promise<void> {
    if (this.disposed) throw new Error('session disposed');
    // Counts as working from now: text typed while the process starts is a steer, queued behind.
    this.starting += 1;
    const run = this.queue.then(async () => {
      // A new permission mode needs a new process (the CLI takes it on its command line).
      if (this.proc && this.stdinOpen && !this.turnOpen && this.spawnedMode !== effectiveMode(this.ctx.permissionMode())) {
        log.info('permission mode changed; restarting the CLI', { session: this.ctx.row.id });
        this.retire();
      }
      if (!this.proc || !this.stdinOpen) {
        await this.waitForExit();
        // A session started with the core (the report endpoint still binding) still gets its token and our MCP server.
        await this.opts.reports?.ready?.();
        if (!this.spawnProcess()) return;
      }
      this.write(text);
    });
    this.queue = run.catch(() => undefined);
    try {
      await run;
    } finally {
      this.starting -= 1;
    }
  }

  async steer(text: string): Promise<void> {
    // A steer is a user message written while the turn runs; the CLI folds it into the turn.
    await this.queue;
    if (this.proc && this.stdinOpen) this.write(text);
    else await this.send(text);
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    const wasWorking = this.turnOpen;
    const t0 = performance.now();
    if (wasWorking && proc && this.stdinOpen && this.translator.backgroundTasks === 0 && this.translator.backgroundCommandsStarted === 0) {
      if (await this.interrupt()) {
        this.translator.endAll('idle');
        this.sink({ type: 'entry', entry: { kind: 'note', text: 'Stopped by you.' } });
        this.sink({ type: 'status', status: 'idle' });
        this.afterTurn();
        return;
      }
      log.warn('the CLI did not end the interrupted turn in time; ending it', { session: this.ctx.row.id });
    }
    this.stopping = true;
    this.clearTimers();
    this.flushStream(true);
    this.translator.clearStreaming();
    this.turnOpen = false;
    if (proc?.pid) {
      // SIGKILL still goes out within KILL_GRACE_MS of the stop when an interrupt went unanswered.
      const outcome = await killProcessTree(proc.pid, Math.max(200, KILL_GRACE_MS - (performance.now() - t0)));
      log.info('stopped', { session: this.ctx.row.id, pid: proc.pid, ms: outcome.elapsedMs, hard: outcome.killedHard.length });
      await this.exited;
    }
    this.translator.endAll('idle');
    if (wasWorking) this.sink({ type: 'entry', entry: { kind: 'note', text: 'Stopped by you.' } });
    this.sink({ type: 'status', status: 'idle' });
    this.stopping = false;
  }

  /**
   * Asks the CLI to end the running turn (its `interrupt` control request) and waits,
   * bounded, for the turn's `result`. False when it did not come in time.
   */
  private async interrupt(): Promise<boolean> {
    const stdin = this.proc?.stdin;
    if (!stdin) return false;
    this.clearTimers();
    this.flushStream(true);
    this.translator.clearStreaming();
    const ended = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), this.opts.interruptMs ?? 500);
      this.interrupted = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    this.controlSeq += 1;
    stdin.write(`${JSON.stringify({ type: 'control_request', request_id: `swarmdesk-${this.controlSeq}`, request: { subtype: 'interrupt' } })}\n`);
    const ok = await ended;
    this.interrupted = null;
    if (ok) this.turnOpen = false;
    return ok;
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.clearTimers();
    if (this.proc?.pid) {
      this.stopping = true;
      await killProcessTree(this.proc.pid);
      await this.exited;
    }
    this.disposed = true;
  }

  private newTranslator(): ClaudeStreamTranslator {
    return new ClaudeStreamTranslator((e) => this.fromTranslator(e), this.backendId);
  }

  private spawnProcess(): boolean {
    const folder = this.ctx.row.folder;
    const resumeId = this.backendId && SAFE_RESUME_ID.test(this.backendId) ? this.backendId : null;
    if (this.backendId && !resumeId) log.warn('backend id unsafe for --resume; starting fresh', { session: this.ctx.row.id });
    if (!existsSync(folder)) {
      this.fail(`The session's folder ${folder} does not exist.`);
      return false;
    }
    const mcpServer = this.opts.reports?.mcpServer ?? null;
    const args = claudeArgs({
      resumeId,
      permissionMode: this.ctx.permissionMode(),
      ...(mcpServer ? { mcpConfig: JSON.stringify(claudeMcpConfig(mcpServer)), allowedTool: MCP_TITLE_TOOL } : {}),
    });
    let cli: CliProcess;
    try {
      cli = startCliProcess(
        {
          path: this.claudePath,
          args,
          cwd: folder,
          env: this.opts.env,
          maxLineBytes: this.opts.maxLineBytes ?? 16 * 1024 * 1024,
          ...(this.opts.liveAgents ? { record: { port: this.opts.liveAgents, sessionId: this.ctx.row.id } } : {}),
          ...(this.opts.reports ? { report: { port: this.opts.reports, sessionId: this.ctx.row.id } } : {}),
        },
        {
          onActivity: () => this.watchdog.touch(),
          onLine: (line) => this.onLine(line),
          onOversize: (bytes) => this.onOversize(bytes),
          onExit: (code, sig, err) => this.onExit(cli.child, code, sig, err),
        },
      );
    } catch (err) {
      this.fail(`Could not start Claude Code (${this.claudePath}): ${(err as Error).message}`);
      return false;
    }
    const child = cli.child;
    child.stdin?.on('error', (err) => log.warn('stdin error', { session: this.ctx.row.id, err }));
    this.proc = child;
    this.cli = cli;
    this.exited = cli.exited;
    this.spawnedMode = effectiveMode(this.ctx.permissionMode());
    this.stats.spawns += 1;
    this.stdinOpen = true;
    this.translator = this.newTranslator();
    log.info('spawned', { session: this.ctx.row.id, pid: child.pid, resume: resumeId !== null });
    return true;
  }

  private onOversize(bytes: number): void {
    this.stats.oversize += 1;
    log.warn('dropped an oversize line from the CLI', { session: this.ctx.row.id, bytes });
    this.sink({
      type: 'entry',
      entry: { kind: 'error', text: `Claude Code printed a line of more than ${Math.floor(bytes / 1024 / 1024)} MB; Swarmdesk skipped it.`, meta: { bytes } },
    });
  }

  private write(text: string): void {
    const stdin = this.proc?.stdin;
    if (!stdin || !this.stdinOpen) return;
    stdin.write(userMessageLine(text));
    this.cancelKeepAlive();
    if (!this.turnOpen) {
      this.turnOpen = true;
      this.sink({ type: 'status', status: 'working' });
    }
    this.watchdog.arm();
  }

  private onLine(line: string): void {
    this.stats.lines += 1;
    const ev = parseCliLine(line);
    if (ev.type === 'invalid') {
      this.stats.invalid += 1;
      if (this.stats.invalid <= 5) log.warn('a CLI line was not a stream-json event', { reason: ev.reason, head: line.slice(0, 120) });
      return;
    }
    if (ev.type === 'unknown') {
      this.stats.unknown += 1;
      if (this.stats.unknown <= 5) log.info('unknown CLI event type', { what: ev.what });
      return;
    }
    if (ev.type === 'ignored') return;
    if (this.interrupted) {
      // A stop is ending the turn: only its end and whole messages still count.
      if (ev.type === 'result') this.interrupted();
      else if (ev.type === 'message' || ev.type === 'init') this.translator.handle(ev);
      return;
    }
    // Output after the turn's result: the CLI started a turn of its own (a background task finished).
    if (!this.turnOpen && (ev.type === 'init' || ev.type === 'requesting' || ev.type === 'message')) {
      this.turnOpen = true;
      this.cancelKeepAlive();
      this.watchdog.arm();
    }
    if (ev.type === 'stop-reason') {
      this.resultDeadline?.cancel();
      if (ev.stopReason !== 'tool_use') this.resultDeadline = new Deadline(this.opts.resultMs ?? 60_000, () => this.onNoResult());
    } else if (ev.type === 'requesting' || ev.type === 'result') {
      this.resultDeadline?.cancel();
    }
    this.translator.handle(ev);
    if (ev.type === 'result') this.onResult(isFailedResult(ev));
  }

  private fromTranslator(e: AgentEvent): void {
    if (e.type === 'streaming' && !e.child) {
      this.pendingStream = e;
      if (e.text === '') this.flushStream(false);
      else if (!this.streamTimer) this.streamTimer = setTimeout(() => this.flushStream(false), this.opts.streamThrottleMs ?? 50);
      return;
    }
    if (e.type === 'entry' && !e.child && (e.entry.kind === 'assistant' || e.entry.kind === 'thinking')) {
      // The whole message is here: whatever was waiting to stream is superseded.
      this.pendingStream = null;
      if (this.streamTimer) clearTimeout(this.streamTimer);
      this.streamTimer = null;
    }
    if (e.type === 'backend-id') this.backendId = e.backendId;
    this.sink(e);
  }

  private flushStream(drop: boolean): void {
    if (this.streamTimer) clearTimeout(this.streamTimer);
    this.streamTimer = null;
    const pending = this.pendingStream;
    this.pendingStream = null;
    if (pending && !drop) this.sink(pending);
  }

  private onResult(failed: boolean): void {
    this.turnOpen = false;
    this.flushStream(true);
    // A failed result already reported its error entry and status.
    if (!failed) {
      this.sink({ type: 'answered' });
      this.sink({ type: 'turn-completed' });
    }
    this.afterTurn();
  }

  /** Between turns the process stays for the next one, until the keep-alive runs out. */
  private afterTurn(): void {
    if (this.turnOpen || !this.proc) return;
    if (this.translator.backgroundTasks > 0) {
      // Their completion starts a turn of its own; the idle watchdog bounds the wait.
      this.watchdog.arm();
      return;
    }
    this.watchdog.cancel();
    this.cancelKeepAlive();
    const ms = keepAliveOf(this.opts);
    const end = (why: string): void => {
      this.cancelKeepAlive();
      if (this.turnOpen || !this.proc) return;
      log.info(`the CLI ${why}; ending it until the next turn`, { session: this.ctx.row.id, ms });
      this.retire();
    };
    this.keepAlive = new Deadline(ms, () => end('was idle'));
    this.idlePool.add(this, () => end('was the oldest idle one past the cap'));
  }

  private cancelKeepAlive(): void {
    this.keepAlive?.cancel();
    this.keepAlive = null;
    this.idlePool.remove(this);
  }

  /** Asks the process to end (stdin closed); one that does not exit in time is killed. */
  private retire(): void {
    if (!this.proc) return;
    if (this.stdinOpen) {
      this.stdinOpen = false;
      this.proc.stdin?.end();
    }
    this.exitDeadline?.cancel();
    this.exitDeadline = new Deadline(this.opts.exitMs ?? 10_000, () => {
      log.warn('the CLI did not exit when asked to; ending it', { session: this.ctx.row.id });
      void this.kill().catch((err: unknown) => log.error('ending the CLI failed', { session: this.ctx.row.id, err }));
    });
  }

  private onNoResult(): void {
    if (!this.turnOpen || !this.proc) return;
    log.warn('the CLI never printed its result; ending it', { session: this.ctx.row.id });
    this.abortTurn('Claude Code finished its reply but never reported the end of the turn; Swarmdesk ended the run.');
  }

  private onIdle(silentMs: number): void {
    if (!this.proc) return;
    if (!this.turnOpen) {
      log.warn('background tasks went silent; ending the CLI', { session: this.ctx.row.id, silentMs });
      void this.kill().catch((err: unknown) => log.error('ending the CLI failed', { session: this.ctx.row.id, err }));
      return;
    }
    this.abortTurn(`Claude Code printed nothing for ${Math.round(silentMs / 1000)} s; Swarmdesk ended the run.`);
  }

  private abortTurn(message: string): void {
    this.turnOpen = false;
    this.clearTimers();
    this.flushStream(true);
    this.translator.clearStreaming();
    this.translator.endAll('error');
    this.sink({ type: 'entry', entry: { kind: 'error', text: message } });
    this.sink({ type: 'status', status: 'error', reason: message });
    void this.kill().catch((err: unknown) => log.error('ending the CLI failed', { session: this.ctx.row.id, err }));
  }

  private async kill(): Promise<void> {
    const pid = this.proc?.pid;
    if (!pid) return;
    this.stopping = true;
    try {
      await killProcessTree(pid);
      await this.exited;
    } finally {
      this.stopping = false;
    }
  }

  private async waitForExit(): Promise<void> {
    if (!this.proc) return;
    // A process that closed stdin is on its way out (bounded by the exit deadline); a new
    // message needs a new process, so do not wait the whole grace period for it.
    if (!this.stdinOpen) await this.kill();
    await this.exited;
  }

  private onExit(child: ChildProcess, code: number | null, sig: NodeJS.Signals | null, err?: Error): void {
    if (this.proc !== child) return;
    this.proc = null;
    this.stdinOpen = false;
    this.clearTimers();
    // A stop waiting for the interrupted turn's end has it now.
    const interrupted = this.interrupted;
    interrupted?.();
    const unexpected = !this.stopping && !interrupted && this.turnOpen;
    this.turnOpen = false;
    log.info('CLI exited', { session: this.ctx.row.id, code, sig, lines: this.stats.lines, invalid: this.stats.invalid, unknown: this.stats.unknown });
    if (err) {
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      this.fail(missing ? `The Claude Code CLI was not found (${this.claudePath}).` : `Claude Code could not start: ${err.message}`);
      return;
    }
    if (unexpected) {
      this.flushStream(true);
      this.translator.clearStreaming();
      this.translator.endAll('error');
      const tail = (this.cli?.child === child ? this.cli.stderrTail() : '').trim().split('\n').slice(-3).join(' ').slice(0, 500);
      this.fail(`Claude Code exited before the turn ended (${sig ?? `code ${code}`})${tail ? `: ${tail}` : '.'}`);
    }
  }

  private fail(message: string): void {
    this.turnOpen = false;
    this.sink({ type: 'entry', entry: { kind: 'error', text: message } });
    this.sink({ type: 'status', status: 'error', reason: message });
  }

  private clearTimers(): void {
    this.watchdog.cancel();
    this.resultDeadline?.cancel();
    this.resultDeadline = null;
    this.exitDeadline?.cancel();
    this.exitDeadline = null;
    this.cancelKeepAlive();
  }
}
