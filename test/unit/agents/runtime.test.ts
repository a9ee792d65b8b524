import { describe, expect, it } from 'vitest';
import type { Entry, EntryKind, SessionRow, SessionStatus } from '../../../src/shared/domain/session';
import { AppError } from '../../../src/shared/result';
import { AgentRuntime, type SessionsPort } from '../../../src/main/core/agents/runtime';
import type { AgentBackend, AgentEventSink, AgentSession, AgentSessionContext } from '../../../src/main/core/agents/types';
import type { AgentDispatcher } from '../../../src/main/core/services/dispatchers';
import { CoreHooks } from '../../../src/main/core/services/hooks';
import { sessionRow } from '../../support/sessionRow';
import { until } from '../../support/until';

function row(id: string, over: Partial<SessionRow> = {}): SessionRow {
  return sessionRow({ id, kind: 'claude-code', ...over });
}

/** An in-memory sessions service: just enough to watch what the runtime does to it. */
class FakeSessions implements SessionsPort {
  rows = new Map<string, SessionRow>();
  entries: Entry[] = [];
  log: string[] = [];
  dispatchers = new Map<string, AgentDispatcher>();
  private n = 0;
  get(id: string): SessionRow {
    const r = this.rows.get(id);
    if (!r) throw new AppError('NOT_FOUND', 'gone');
    return r;
  }
  create(input: { kind: SessionRow['kind']; folder?: string; parentId?: string | null; status?: SessionStatus }): SessionRow {
    const r = row(`child-${(this.n += 1)}`, { kind: input.kind, folder: input.folder ?? '/', parentId: input.parentId ?? null, status: input.status ?? 'idle' });
    this.rows.set(r.id, r);
    this.log.push(`create ${r.id} parent=${r.parentId}`);
    return r;
  }
  appendEntry(id: string, kind: EntryKind, text: string, meta: Entry['meta'] = null): Entry {
    this.get(id);
    const e: Entry = { sessionId: id, seq: this.entries.filter((x) => x.sessionId === id).length, kind, text, meta, createdAt: 0 };
    this.entries.push(e);
    this.log.push(`entry ${id} ${kind} ${text}`);
    return e;
  }
  recordEntry(id: string, kind: EntryKind, text: string, meta: Entry['meta'] = null): Entry | null {
    return this.appendEntry(id, kind, text, meta);
  }
  setStatus(id: string, status: SessionStatus): SessionRow {
    const r = { ...this.get(id), status };
    this.rows.set(id, r);
    this.log.push(`status ${id} ${status}`);
    return r;
  }
  setBackendId(id: string, backendId: string | null): SessionRow {
    const r = { ...this.get(id), backendId };
    this.rows.set(id, r);
    this.log.push(`backend ${id} ${backendId}`);
    return r;
  }
  registerDispatcher(kind: SessionRow['kind'], d: AgentDispatcher): () => void {
    this.dispatchers.set(kind, d);
    return () => this.dispatchers.delete(kind);
  }
}

class FakeSession implements AgentSession {
  working = false;
  got: string[] = [];
  disposed = false;
  constructor(readonly sink: AgentEventSink, private readonly sessions: FakeSessions) {}
  async send(text: string) {
    this.sessions.log.push(`backend got ${text}`);
    this.got.push(`send ${text}`);
    this.working = true;
  }
  async steer(text: string) {
    this.got.push(`steer ${text}`);
  }
  async stop() {
    this.working = false;
    this.sink({ type: 'status', status: 'idle' });
  }
  async dispose() {
    this.disposed = true;
  }
}

class FakeBackend implements AgentBackend {
  readonly kind = 'claude-code' as const;
  sessions: FakeSession[] = [];
  why: string | null = null;
  constructor(private readonly store: FakeSessions) {}
  unavailable() {
    return this.why;
  }
  open(_ctx: AgentSessionContext, sink: AgentEventSink): AgentSession {
    const s = new FakeSession(sink, this.store);
    this.sessions.push(s);
    return s;
  }
}

function setup() {
  const sessions = new FakeSessions();
  sessions.rows.set('p', row('p'));
  const backend = new FakeBackend(sessions);
  const pushed: unknown[] = [];
  const hooks: string[] = [];
  const coreHooks = new CoreHooks();
  coreHooks.on('turnCompleted', (r) => void hooks.push(`turn ${r.id}`));
  coreHooks.on('subagentStarted', (p, c, d) => void hooks.push(`subagent ${p.id} ${c.id} ${d}`));
  coreHooks.on('backgroundTaskStarted', (r, cmd) => void hooks.push(`bg ${r.id} ${cmd}`));
  const runtime = new AgentRuntime({
    sessions,
    events: { emit: (event: string, payload: unknown) => pushed.push([event, payload]) } as never,
    hooks: coreHooks,
    backends: [backend],
    loadEntries: () => [],
  });
  runtime.register();
  return { sessions, backend, runtime, pushed, hooks };
}

describe('AgentRuntime', () => {
  it('registers as the dispatcher and commits the user entry before the backend sees the text', async () => {
    const { sessions, backend } = setup();
    const d = sessions.dispatchers.get('claude-code');
    const entry = await d?.send(sessions.get('p'), 'hello');
    expect(entry).toMatchObject({ kind: 'user', text: 'hello', seq: 0 });
    expect(sessions.log).toEqual(['entry p user hello', 'status p working', 'backend got hello']);
    expect(backend.sessions[0]?.got).toEqual(['send hello']);
  });

  it('typing while the agent works is a steer entry and reaches the backend as a steer', async () => {
    const { sessions, backend, runtime } = setup();
    await runtime.send(sessions.get('p'), 'start');
    const entry = await runtime.send(sessions.get('p'), 'also this');
    expect(entry.kind).toBe('steer');
    expect(backend.sessions).toHaveLength(1);
    expect(backend.sessions[0]?.got).toEqual(['send start', 'steer also this']);
  });

  it('commits entries, pushes live text, sets statuses and raises hooks from the event stream', async () => {
    const { sessions, backend, runtime, pushed, hooks } = setup();
    await runtime.send(sessions.get('p'), 'go');
    const sink = backend.sessions[0]?.sink as AgentEventSink;
    sink({ type: 'backend-id', backendId: 'cli-1' });
    sink({ type: 'streaming', kind: 'assistant', text: 'Hel' });
    sink({ type: 'entry', entry: { kind: 'assistant', text: 'Hello' } });
    sink({ type: 'subagent', child: 'toolu_1', description: 'Find callers', prompt: 'find them', agentType: 'general-purpose' });
    sink({ type: 'entry', entry: { kind: 'assistant', text: 'child says hi' }, child: 'toolu_1' });
    sink({ type: 'status', status: 'idle', child: 'toolu_1' });
    sink({ type: 'entry', entry: { kind: 'assistant', text: 'unknown child goes to the parent' }, child: 'toolu_zzz' });
    sink({ type: 'background-task', command: 'npm run build', description: null });
    sink({ type: 'answered' });
    sink({ type: 'turn-completed' });
    expect(sessions.get('p').backendId).toBe('cli-1');
    expect(pushed).toContainEqual(['entry:streaming', { sessionId: 'p', kind: 'assistant', text: 'Hel' }]);
    const child = [...sessions.rows.values()].find((r) => r.parentId === 'p');
    expect(child).toBeDefined();
    expect(sessions.entries.filter((e) => e.sessionId === child?.id).map((e) => [e.kind, e.text])).toEqual([
      ['user', 'find them'],
      ['assistant', 'child says hi'],
    ]);
    expect(sessions.get(child?.id as string).status).toBe('idle');
    expect(sessions.entries.filter((e) => e.sessionId === 'p').map((e) => e.text)).toEqual(['go', 'Hello', 'unknown child goes to the parent']);
    // 'Hello' asks nothing: the finished turn is done (idle; the store's unread mark says done).
    expect(sessions.get('p').status).toBe('idle');
    expect(hooks).toEqual([`subagent p ${child?.id} Find callers`, 'bg p npm run build', 'turn p']);
  });

  it('a finished turn waits only when the agent\'s own last answer hands the turn to the user (SPEC §2)', async () => {
    const { sessions, backend, runtime } = setup();
    const turn = async (text: string, events: Parameters<AgentEventSink>[0][]): Promise<SessionStatus> => {
      await runtime.send(sessions.get('p'), text);
      const session = backend.sessions[0] as FakeSession;
      for (const e of events) session.sink(e);
      session.working = false;
      session.sink({ type: 'answered' });
      session.sink({ type: 'turn-completed' });
      return sessions.get('p').status;
    };
    const said = (text: string, child?: string): Parameters<AgentEventSink>[0] => ({ type: 'entry', entry: { kind: 'assistant', text }, ...(child ? { child } : {}) });
    expect(await turn('one', [said('Which file should I change?')])).toBe('waiting');
    expect(await turn('two', [said('Should I?'), said('I changed src/a.ts and the tests pass.')])).toBe('idle');
    expect(await turn('three', [said('Done. Let me know if you want the other one too.')])).toBe('waiting');
    // A subagent's question is not the agent asking the user.
    backend.sessions[0]?.sink({ type: 'subagent', child: 'toolu_9', description: 'd', prompt: 'p', agentType: null });
    expect(await turn('four', [said('All fixed.'), said('Which callers do you mean?', 'toolu_9')])).toBe('idle');
    // A turn with no answer of its own does not inherit the last turn's question.
    expect(await turn('five', [said('Ready?')])).toBe('waiting');
    expect(await turn('six', [])).toBe('idle');
  });

  it('an unavailable backend is a typed error and commits nothing', async () => {
    const { sessions, backend, runtime } = setup();
    backend.why = 'The Claude Code CLI was not found at /x/claude.';
    await expect(runtime.send(sessions.get('p'), 'hello')).rejects.toMatchObject({ code: 'UNAVAILABLE', message: backend.why });
    expect(sessions.entries).toEqual([]);
  });

  it('events for a session deleted meanwhile end its agent instead of throwing', async () => {
    const { sessions, backend, runtime } = setup();
    await runtime.send(sessions.get('p'), 'go');
    sessions.rows.delete('p');
    const sink = backend.sessions[0]?.sink as AgentEventSink;
    expect(() => sink({ type: 'entry', entry: { kind: 'assistant', text: 'late' } })).not.toThrow();
    await until(() => backend.sessions[0]?.disposed, { message: 'the agent to be released' });
    expect(runtime.liveSession('p')).toBeNull();
  });

  it('stop reaches the live session; with none, a stale working status is cleared', async () => {
    const { sessions, runtime } = setup();
    sessions.rows.set('q', row('q', { status: 'working' }));
    await runtime.stop(sessions.get('q'));
    expect(sessions.get('q').status).toBe('idle');
    await runtime.send(sessions.get('p'), 'go');
    await runtime.stop(sessions.get('p'));
    expect(sessions.get('p').status).toBe('idle');
    expect(runtime.isWorking('p')).toBe(false);
  });

  it('close disposes every live session and unregisters', async () => {
    const { sessions, backend, runtime } = setup();
    await runtime.send(sessions.get('p'), 'go');
    await runtime.close();
    expect(backend.sessions[0]?.disposed).toBe(true);
    expect(sessions.dispatchers.size).toBe(0);
    await expect(runtime.send(sessions.get('p'), 'again')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
