import { existsSync } from 'node:fs';
import { client, MessageTooLargeError, PROTOCOL_VERSION, type ClientConnection, type InitializeResponse, type PromptResponse, type SessionNotification } from '@agentclientprotocol/sdk';
import { AppError } from '../../../../shared/result';
import { createLogger } from '../../logger';
import { killProcessTree } from '../processTree';
import type { AgentEventSink, AgentSession, AgentSessionContext } from '../types';
import { IdleWatchdog } from '../watchdog';
import { MAX_ACP_MESSAGE_BYTES, startAgentProcess, type AgentProcess } from './agentProcess';
import { authenticateIfAsked } from './auth';
import type { AcpLaunch } from './catalog';
import { AgentFault, bounded, describeError } from './fault';
import { readTextFile, requestPermission, writeTextFile, type ClientSide } from './clientHandlers';
import type { AcpSessionOptions } from '../../../../shared/ipc/acp';
import type { ChoiceKind } from './choiceBook';
import { LiveChoices } from './liveChoices';
import { ACP_DEFAULTS, type AcpBackendOptions } from './options';
import { AcpTranslator, type UpdateLike } from './translate';
import { turnUsageOf } from './usage';
import { acpSwarmdeskServer } from './swarmdeskMcp';

const log = createLogger('agents:acp');


const nextTick = (): Promise<void> => new Promise((r) => setImmediate(r));

const STOP_NOTES: Partial<Record<PromptResponse['stopReason'], string>> = {
  refusal: 'The agent refused to go on with this request.',
  max_tokens: 'The agent stopped: it reached its token limit.',
  max_turn_requests: 'The agent stopped: it reached its limit of model requests for one turn.',
};

/**
 * One ACP session driven by one agent process. The first send starts the process,
 * `initialize`s it (bounded), and opens the conversation: `session/load` with the row's
 * backend id when the agent can (its replayed history is not recorded again), else
 * `session/new`. Each turn is one `session/prompt`; its response ends the turn. Text sent
 * mid-turn is queued for the next prompt (ACP has no mid-turn input). Stop sends
 * `session/cancel`, cancels pending permission requests, and ends the process group when
 * the prompt has not returned within 2 s; the next send starts again with `session/load`.
 */
export class AcpSession implements AgentSession {
  private proc: AgentProcess | null = null;
  private conn: ClientConnection | null = null;
  private acpSessionId: string | null = null;
  private backendId: string | null;
  /** Bumped for every process: events of an older one are ignored. */
  private generation = 0;
  private turnOpen = false;
  /** Bumped for every turn: a turn's late failure cannot end a newer one. */
  private turnSeq = 0;
  private replaying = false;
  private disposed = false;
  private readonly queued: string[] = [];
  private turnEnded: (() => void) | null = null;
  private readonly translator: AcpTranslator;
  private readonly watchdog: IdleWatchdog;
  private readonly choices: LiveChoices;
  /** How many processes this session started (tests check a resume). */
  spawns = 0;

  constructor(
    private readonly opts: AcpBackendOptions,
    private readonly ctx: AgentSessionContext,
    private readonly sink: AgentEventSink,
  ) {
    this.backendId = ctx.row.backendId;
    this.translator = new AcpTranslator(sink, ctx.row.folder);
    this.choices = new LiveChoices(ctx.row.id, opts.choices, sink, opts.initMs ?? ACP_DEFAULTS.initMs);
    this.watchdog = new IdleWatchdog(opts.idleMs ?? ACP_DEFAULTS.idleMs, (silent) =>
      this.fail(`The agent sent nothing for ${silent >= 60_000 ? `${Math.round(silent / 60_000)} min` : `${Math.round(silent / 1000)} s`} in the middle of a turn; Swarmdesk ended it.`),
    );
  }

  get working(): boolean {
    return this.turnOpen;
  }

  /** The agent's process id (tests check its group is gone). */
  get pid(): number | null {
    return this.proc?.child.pid ?? null;
  }

  /** The modes and models its agent offers (as the last process reported them). */
  get options(): AcpSessionOptions {
    return this.choices.options;
  }

  /** Sends a mode or model to the running agent; false when none runs (the stored choice applies at its next start). */
  async choose(kind: ChoiceKind, id: string): Promise<boolean> {
    if (!this.conn || !this.acpSessionId) return false;
    await this.choices.choose(this.conn, this.acpSessionId, kind, id);
    return true;
  }

  send(text: string): Promise<void> {
    if (this.disposed) return Promise.reject(new Error('session disposed'));
    this.turnOpen = true;
    void this.runTurn(text);
    return Promise.resolve();
  }

  steer(text: string): Promise<void> {
    if (!this.turnOpen) return this.send(text);
    this.queued.push(text);
    this.sink({ type: 'entry', entry: { kind: 'note', text: 'The agent takes this message when the current turn ends (ACP has no input in the middle of a turn).', meta: { queued: true } } });
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    this.queued.length = 0;
    if (!this.turnOpen) {
      this.sink({ type: 'status', status: 'idle' });
      return;
    }
    this.opts.permissions.cancelAll(this.ctx.row.id);
    const ended = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), this.opts.stopMs ?? ACP_DEFAULTS.stopMs);
      this.turnEnded = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    if (this.conn && this.acpSessionId) void this.conn.agent.notify('session/cancel', { sessionId: this.acpSessionId }).catch(() => undefined);
    // Still starting (no conversation to cancel yet): nothing to wait for.
    if (this.acpSessionId && (await ended)) return;
    log.warn('the agent did not end the cancelled turn in time; ending it', { session: this.ctx.row.id });
    this.endTurnLocally();
    await this.killProcess();
    this.sink({ type: 'entry', entry: { kind: 'note', text: 'Stopped.' } });
    this.sink({ type: 'status', status: 'idle' });
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.endTurnLocally();
    await this.killProcess();
  }

  private async runTurn(text: string): Promise<void> {
    const turn = ++this.turnSeq;
    const mine = (): boolean => !this.disposed && this.turnOpen && this.turnSeq === turn;
    try {
      // A session started with the core (the report endpoint still binding) still gets its token and our MCP server.
      if (!this.conn) await this.opts.reports?.ready?.();
      await this.ensureStarted();
      if (!this.turnOpen || !this.conn || !this.acpSessionId) return;
      const current = this.generation;
      this.watchdog.arm();
      const response = await this.conn.agent.request('session/prompt', { sessionId: this.acpSessionId, prompt: [{ type: 'text', text }] });
      // Updates sent before the response may still be on their way through the SDK's dispatch.
      await nextTick();
      if (current !== this.generation || !this.turnOpen) return;
      const usage = turnUsageOf(response);
      if (usage) this.sink({ type: 'usage', ...usage });
      this.finishTurn(response.stopReason);
    } catch (err) {
      if (!mine()) return;
      const typed = err instanceof AgentFault || err instanceof AppError;
      // A connection that closed under the request: the process exit says why (its code, its stderr).
      if (!typed && this.proc) {
        await Promise.race([this.proc.exited, new Promise((r) => setTimeout(r, 1_000))]);
        await nextTick();
      }
      if (!mine()) return;
      if (err instanceof MessageTooLargeError) this.fail(`The agent sent a single message larger than ${MAX_ACP_MESSAGE_BYTES / 1024 / 1024} MB; Swarmdesk ended it.`);
      else this.fail(typed ? err.message : `The agent failed: ${describeError(err)}`);
    }
  }

  private finishTurn(stopReason: PromptResponse['stopReason']): void {
    this.watchdog.cancel();
    this.translator.endTurn();
    this.turnOpen = false;
    const done = this.turnEnded;
    this.turnEnded = null;
    if (stopReason === 'cancelled') {
      this.queued.length = 0;
      this.sink({ type: 'entry', entry: { kind: 'note', text: 'Stopped.' } });
      this.sink({ type: 'status', status: 'idle' });
      done?.();
      return;
    }
    const why = STOP_NOTES[stopReason];
    if (why) this.sink({ type: 'entry', entry: { kind: 'note', text: why, meta: { stopReason } } });
    done?.();
    if (this.queued.length > 0) {
      const next = this.queued.splice(0).join('\n\n');
      this.sink({ type: 'turn-completed' });
      void this.send(next);
      return;
    }
    this.sink({ type: 'answered' });
    this.sink({ type: 'turn-completed' });
  }

  /** A typed fault: what streamed is kept, an error entry, status error, the process group ended. */
  private fail(message: string): void {
    if (this.disposed || !this.turnOpen) {
      log.warn('agent fault between turns', { session: this.ctx.row.id, message });
      void this.killProcess();
      return;
    }
    this.watchdog.cancel();
    this.translator.endTurn();
    this.endTurnLocally();
    this.sink({ type: 'entry', entry: { kind: 'error', text: message } });
    this.sink({ type: 'status', status: 'error' });
    void this.killProcess();
  }

  /** The turn is over for us (stop, fault, dispose): no more events from this process, no waits. */
  private endTurnLocally(): void {
    this.watchdog.cancel();
    this.translator.clearStreaming();
    this.generation += 1;
    this.turnOpen = false;
    this.queued.length = 0;
    this.opts.permissions.cancelAll(this.ctx.row.id);
    this.turnEnded = null;
  }

  private async killProcess(): Promise<void> {
    const proc = this.proc;
    this.proc = null;
    this.conn = null;
    this.acpSessionId = null;
    if (!proc?.child.pid) return;
    await killProcessTree(proc.child.pid);
    await proc.exited;
  }

  private launch(): AcpLaunch {
    const agentId = this.opts.agentOf(this.ctx.row.id);
    if (!agentId) throw new AgentFault('This session has no ACP agent chosen; create a new session and pick an agent.');
    return this.opts.catalog.launch(agentId);
  }

  private async ensureStarted(): Promise<void> {
    if (this.conn && this.acpSessionId) return;
    const launch = this.launch();
    const folder = this.ctx.row.folder;
    if (!existsSync(folder)) throw new AgentFault(`The session's folder ${folder} does not exist.`);
    this.generation += 1;
    const gen = this.generation;
    this.spawns += 1;
    const proc = startAgentProcess(launch, folder, this.opts.baseEnv ?? process.env, this.opts.env, {
      onActivity: () => {
        if (gen === this.generation) this.watchdog.touch();
      },
      // Both wait a turn of the event loop: what the agent sent before is still going through the SDK's dispatch, and is kept.
      onGarbage: (line) =>
        void nextTick().then(() => {
          if (gen === this.generation) this.fail(`${launch.name} printed a line that is not JSON on its protocol output${line ? ` (“${line}”)` : ''}; Swarmdesk ended it.`);
        }),
      onUnknownUpdate: (sessionId, kind) => this.onUpdate(gen, { sessionId: String(sessionId), update: { sessionUpdate: kind } } as unknown as SessionNotification),
      onExit: (code, sig, err) => void nextTick().then(() => this.onExit(gen, launch, code, sig, err)),
    }, this.opts.liveAgents ? { port: this.opts.liveAgents, sessionId: this.ctx.row.id } : undefined,
    this.opts.reports ? { port: this.opts.reports, sessionId: this.ctx.row.id } : undefined);
    this.proc = proc;
    const side: ClientSide = {
      sessionId: this.ctx.row.id,
      folder,
      sink: this.sink,
      permissions: this.opts.permissions,
      waiting: (yes) => (yes ? this.watchdog.cancel() : this.turnOpen && this.watchdog.arm()),
      commitStream: () => this.translator.commitStream(),
    };
    const app = client({ name: 'swarmdesk' })
      .onNotification('session/update', (p: unknown) => p as SessionNotification, ({ params }) => this.onUpdate(gen, params))
      .onRequest('session/request_permission', ({ params, signal }) => requestPermission(side, params, signal))
      .onRequest('fs/read_text_file', ({ params }) => readTextFile(side, params))
      .onRequest('fs/write_text_file', ({ params }) => writeTextFile(side, params));
    const conn = app.connect(proc.stream);
    this.conn = conn;
    const initMs = this.opts.initMs ?? ACP_DEFAULTS.initMs;
    const init: InitializeResponse = await bounded(
      conn.agent.request('initialize', {
        protocolVersion: PROTOCOL_VERSION,
        clientCapabilities: { fs: { readTextFile: launch.offersFileReads, writeTextFile: true }, terminal: false },
        clientInfo: { name: 'swarmdesk', version: '1' },
      }),
      initMs,
      'initialize',
    );
    // Only stdio servers are configured, and every agent takes those (mcpCapabilities gates http and sse only).
    const mcpServers = [
      ...launch.mcpServers.map((m) => ({ name: m.name, command: m.command, args: [...m.args], env: Object.entries(m.env).map(([name, value]) => ({ name, value })) })),
      ...acpSwarmdeskServer(this.opts.reports?.mcpServer ?? null, proc.reportEnv, launch.mcpServers),
    ];
    const request = { cwd: folder, mcpServers };
    if (this.backendId && init.agentCapabilities?.loadSession) {
      this.replaying = true;
      try {
        const loaded = await bounded(conn.agent.request('session/load', { ...request, sessionId: this.backendId }), initMs, 'session/load');
        await nextTick();
        await this.choices.opened(conn, this.backendId, loaded, launch.name);
        this.acpSessionId = this.backendId;
        return;
      } catch (err) {
        if (err instanceof AgentFault) throw err;
        log.warn('session/load failed; starting a new conversation', { session: this.ctx.row.id, err });
        this.sink({ type: 'entry', entry: { kind: 'note', text: `${launch.name} could not resume the earlier conversation; it starts a new one.` } });
      } finally {
        this.replaying = false;
      }
    } else if (this.backendId) {
      this.sink({ type: 'entry', entry: { kind: 'note', text: `${launch.name} cannot resume an earlier conversation; it starts a new one.` } });
    }
    const created = await authenticateIfAsked(conn, init, launch, { ...(this.opts.baseEnv ?? process.env), ...this.opts.env }, () => bounded(conn.agent.request('session/new', request), initMs, 'session/new'));
    if (gen !== this.generation) return;
    await this.choices.opened(conn, created.sessionId, created, launch.name);
    if (gen !== this.generation) return;
    this.acpSessionId = created.sessionId;
    if (created.sessionId !== this.backendId) {
      this.backendId = created.sessionId;
      this.sink({ type: 'backend-id', backendId: created.sessionId });
    }
  }

  private onUpdate(gen: number, params: SessionNotification): void {
    if (gen !== this.generation || this.replaying) return;
    if (!params || typeof params !== 'object' || !params.update || typeof (params.update as { sessionUpdate?: unknown }).sessionUpdate !== 'string') return;
    if (this.acpSessionId && params.sessionId !== this.acpSessionId) return;
    this.watchdog.touch();
    if (this.choices.update(params.update as { sessionUpdate: string })) return;
    this.translator.update(params.update as unknown as UpdateLike);
  }

  private onExit(gen: number, launch: AcpLaunch, code: number | null, sig: NodeJS.Signals | null, err?: Error): void {
    if (gen !== this.generation || this.disposed) return;
    const tail = this.proc?.stderrTail().trim().split('\n').slice(-5).join('\n') ?? '';
    this.proc = null;
    this.conn = null;
    this.acpSessionId = null;
    if (err) {
      this.fail(`${launch.name} could not start: ${err.message}`);
      return;
    }
    const how = sig ? `was ended by ${sig}` : `exited with code ${code ?? 'unknown'}`;
    if (this.turnOpen) this.fail(`${launch.name} ${how} in the middle of a turn.${tail ? ` Its last output:\n${tail}` : ''}`);
    else log.info('agent exited between turns', { session: this.ctx.row.id, code, sig });
  }
}
