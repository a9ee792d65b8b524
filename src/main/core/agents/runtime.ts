import type { Entry, SessionKind, SessionRow, SessionStatus } from '../../../shared/domain/session';
import { isWaitingForUser } from '../../../shared/ambient/turn-ending';
import { AppError } from '../../../shared/result';
import type { CoreEvents } from '../events';
import { createLogger } from '../logger';
import type { CoreHooks } from '../services/hooks';
import type { SessionsService } from '../services/sessions';
import { storageFault } from '../store';
import type { AgentBackend, AgentEvent, AgentSession } from './types';

const log = createLogger('agents');

/** What the runtime uses of the sessions service (a fake in unit tests). */
export type SessionsPort = Pick<SessionsService, 'get' | 'create' | 'appendEntry' | 'recordEntry' | 'setStatus' | 'setBackendId' | 'registerDispatcher'>;

/** The core's hooks: the runtime raises `turnCompleted`, `subagentStarted`, `backgroundTaskStarted` there (the ambient engine listens). */
export type AgentHooksPort = Pick<CoreHooks, 'emit'>;

export interface AgentRuntimeDeps {
  readonly sessions: SessionsPort;
  readonly events: Pick<CoreEvents, 'emit'>;
  readonly hooks: AgentHooksPort;
  readonly backends: readonly AgentBackend[];
  /** The committed transcript of a session, oldest first (the chat backend rebuilds from it). */
  readonly loadEntries: (sessionId: string) => readonly Entry[];
  /** The per-session permission mode for the CLI (null = the CLI's default). */
  readonly permissionMode?: (sessionId: string) => string | null;
  /** Keeps a turn's usage (the usage service); absent: usage is only logged. */
  readonly recordUsage?: (sessionId: string, source: 'claude-code' | 'chat' | 'acp', turn: Omit<Extract<AgentEvent, { type: 'usage' }>, 'type'>) => void;
}

/** What the runtime follows of one live session's events. */
interface Followed {
  /** Subagent key (tool use id) → child session id. */
  readonly children: Map<string, string>;
  /** The agent's last own text (not a subagent's) since its turn began: whether it asks the user decides waiting or done. */
  answer: string | null;
}

interface Live extends Followed {
  readonly session: AgentSession;
  readonly backend: AgentBackend;
}

/**
 * Runs agent sessions: one live backend session per swarm row that has been sent
 * to, fed by the composer through the sessions service's dispatcher, and turning
 * the backend's events into committed entries, live statuses and hooks.
 */
export class AgentRuntime {
  private readonly live = new Map<string, Live>();
  private readonly backends = new Map<SessionKind, AgentBackend>();
  private readonly unregister: Array<() => void> = [];
  private closed = false;

  constructor(private readonly deps: AgentRuntimeDeps) {
    for (const b of deps.backends) this.backends.set(b.kind, b);
  }

  /** Registers as the sessions service's dispatcher for every kind it has a backend for. */
  register(): void {
    const dispatcher = { send: (row: SessionRow, text: string) => this.send(row, text), stop: (row: SessionRow) => this.stop(row) };
    for (const kind of this.backends.keys()) this.unregister.push(this.deps.sessions.registerDispatcher(kind, dispatcher));
  }

  /** Why a kind cannot run now (no CLI, no key), or null when it can. */
  unavailable(kind: AgentBackend['kind']): string | null {
    const backend = this.backends.get(kind);
    return backend ? backend.unavailable() : `No agent runs sessions of kind ${kind}.`;
  }

  /** Whether a turn runs now in `sessionId` (typing steers). */
  isWorking(sessionId: string): boolean {
    return this.live.get(sessionId)?.session.working ?? false;
  }

  /** The live session object (tests read a CLI session's pid). */
  liveSession(sessionId: string): AgentSession | null {
    return this.live.get(sessionId)?.session ?? null;
  }

  /**
   * The composer. While the agent works the text is a steer; otherwise it starts a
   * turn. Either way the entry is committed before the backend sees the text.
   */
  async send(row: SessionRow, text: string): Promise<Entry> {
    if (this.closed) throw new AppError('UNAVAILABLE', 'Swarmdesk is shutting down.');
    const live = this.liveFor(row);
    if (live.session.working) {
      const entry = this.deps.sessions.appendEntry(row.id, 'steer', text);
      await live.session.steer(text);
      return entry;
    }
    const entry = this.deps.sessions.appendEntry(row.id, 'user', text);
    live.answer = null;
    this.deps.sessions.setStatus(row.id, 'working');
    try {
      await live.session.send(text);
    } catch (err) {
      log.error('backend send failed', { session: row.id, err });
      this.safely(row.id, () => {
        this.deps.sessions.recordEntry(row.id, 'error', `The agent could not take the message: ${(err as Error).message}`);
        this.deps.sessions.setStatus(row.id, 'error');
      });
    }
    return entry;
  }

  async stop(row: SessionRow): Promise<void> {
    const live = this.live.get(row.id);
    if (!live) {
      if (row.status === 'working') this.deps.sessions.setStatus(row.id, 'idle');
      return;
    }
    await live.session.stop();
  }

  /** Stops every live session (the app quits). */
  /** Agent processes alive now (the session host's idle exit and its "N agents keep running"). */
  liveCount(): number {
    return this.live.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const un of this.unregister.splice(0)) un();
    const all = [...this.live.values()];
    this.live.clear();
    await Promise.allSettled(all.map((l) => l.session.dispose()));
  }

  private liveFor(row: SessionRow): Live {
    const existing = this.live.get(row.id);
    if (existing) return existing;
    const backend = this.backends.get(row.kind);
    if (!backend) throw new AppError('UNAVAILABLE', `No agent runs sessions of kind ${row.kind}.`);
    const why = backend.unavailable(row);
    if (why) throw new AppError('UNAVAILABLE', why);
    const followed: Followed = { children: new Map<string, string>(), answer: null };
    const session = backend.open(
      {
        row,
        entries: () => this.deps.loadEntries(row.id),
        permissionMode: () => this.deps.permissionMode?.(row.id) ?? null,
      },
      (event) => this.onEvent(row.id, followed, event),
    );
    const live: Live = Object.assign(followed, { session, backend });
    this.live.set(row.id, live);
    return live;
  }

  /** Forget a live session so the next send opens a fresh one (settings changed, session deleted). */
  async release(sessionId: string): Promise<void> {
    const live = this.live.get(sessionId);
    if (!live) return;
    this.live.delete(sessionId);
    await live.session.dispose();
  }

  private onEvent(sessionId: string, live: Followed, event: AgentEvent): void {
    this.safely(sessionId, () => this.apply(sessionId, live, event));
  }

  private target(sessionId: string, children: Map<string, string>, child: string | undefined): string {
    return child ? (children.get(child) ?? sessionId) : sessionId;
  }

  private apply(sessionId: string, live: Followed, event: AgentEvent): void {
    const s = this.deps.sessions;
    const children = live.children;
    switch (event.type) {
      case 'entry': {
        const id = this.target(sessionId, children, event.child);
        if (!event.child && event.entry.kind === 'assistant') live.answer = event.entry.text;
        // Never dropped: a locked or full database keeps it in order until it can be saved.
        s.recordEntry(id, event.entry.kind, event.entry.text, event.entry.meta ?? null);
        return;
      }
      case 'streaming':
        this.deps.events.emit('entry:streaming', { sessionId: this.target(sessionId, children, event.child), kind: event.kind, text: event.text });
        return;
      case 'status':
        this.setStatus(this.target(sessionId, children, event.child), event.status);
        return;
      case 'answered':
        // Only an agent that cannot go on without the user waits; any other finished turn is done (idle, unread).
        this.setStatus(sessionId, isWaitingForUser(live.answer) ? 'waiting' : 'idle');
        return;
      case 'turn-completed':
        live.answer = null;
        this.deps.hooks.emit('turnCompleted', s.get(sessionId));
        return;
      case 'subagent': {
        const parent = s.get(sessionId);
        const child = s.create({ kind: parent.kind, folder: parent.folder, parentId: parent.id, status: 'working' });
        children.set(event.child, child.id);
        const first = event.prompt.trim() || event.description.trim();
        if (first) s.recordEntry(child.id, 'user', first, { from: 'parent-agent', agentType: event.agentType });
        this.deps.hooks.emit('subagentStarted', parent, s.get(child.id), event.description);
        return;
      }
      case 'background-task':
        this.deps.hooks.emit('backgroundTaskStarted', s.get(sessionId), event.command);
        return;
      case 'usage': {
        log.debug('usage', { session: sessionId, input: event.inputTokens, output: event.outputTokens, cost: event.costUsd });
        const kind = this.live.get(sessionId)?.backend.kind;
        if (kind === 'claude-code' || kind === 'chat' || kind === 'acp') this.deps.recordUsage?.(sessionId, kind, event);
        return;
      }
      case 'backend-id':
        s.setBackendId(sessionId, event.backendId);
        return;
    }
  }

  private setStatus(id: string, status: SessionStatus): void {
    this.deps.sessions.setStatus(id, status);
  }

  /** An event for a session deleted meanwhile must not bring the runtime down. */
  private safely(sessionId: string, fn: () => void): void {
    try {
      fn();
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') {
        log.warn('session gone; ending its agent', { session: sessionId });
        void this.release(sessionId).catch((err: unknown) => log.error('ending the agent failed', { session: sessionId, err }));
        return;
      }
      const fault = storageFault(err);
      // Entries and statuses are kept and retried by the service; anything else the database refused (a backend id, a child session) is not.
      if (fault) log.warn('the database refused an agent update; it is not retried', { session: sessionId, fault });
      else log.error('applying an agent event failed', { session: sessionId, err });
    }
  }
}
