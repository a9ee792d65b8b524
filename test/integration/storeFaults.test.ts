import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentRuntime } from '../../src/main/core/agents/runtime';
import type { AgentBackend, AgentEventSink } from '../../src/main/core/agents/types';
import { CoreEvents } from '../../src/main/core/events';
import { createManualClock, CoreHooks, SessionsService, systemClock, type ManualClock } from '../../src/main/core/services';
import { TerminalService } from '../../src/main/core/agents/terminal/terminalService';
import { openStore } from '../../src/main/core/store';
import { until } from '../support/until';
import { applyMigrations } from '../../src/main/core/store/migrate';
import { MIGRATIONS } from '../../src/main/core/store/migrations';
import { openWriter, useServingBusyWait, WRITER_BUSY_TIMEOUT_MS, type Db } from '../../src/main/core/store/connection';
import { createStore, type Store } from '../../src/main/core/store/store';
import type { EventName, EventPayload } from '../../src/shared/ipc/events';
import { startCore, type Harness } from '../unit/core/harness';
import { tempDataDir } from '../unit/store/tempDir';
import { join } from 'node:path';

/** A backend whose events the test raises by hand: the runtime, service and SQLite under it are the real ones. */
function scriptedBackend(): { backend: AgentBackend; emit: AgentEventSink } {
  let sink: AgentEventSink | null = null;
  const backend: AgentBackend = {
    kind: 'chat',
    unavailable: () => null,
    open: (_ctx, s) => {
      sink = s;
      return { working: false, send: async () => {}, steer: async () => {}, stop: async () => {}, dispose: async () => {} };
    },
  };
  return {
    backend,
    emit: (event) => {
      if (!sink) throw new Error('no live session yet');
      sink(event);
    },
  };
}

/** The retry timer runs on the injected clock: move it past the longest backoff a few times. */
function retryUntilSaved(clock: ManualClock, sessions: Pick<SessionsService, 'unsavedCount'>): void {
  for (let i = 0; i < 20 && sessions.unsavedCount > 0; i += 1) clock.advance(5_000);
}

function recordEvents(events: CoreEvents) {
  const seen: Array<{ event: EventName; payload: unknown }> = [];
  events.subscribe((event, payload) => seen.push({ event, payload }));
  return <E extends EventName>(event: E) => seen.filter((e) => e.event === event).map((e) => e.payload as EventPayload<E>);
}

const texts = (entries: ReadonlyArray<{ kind: string; text: string }>) => entries.map((e) => `${e.kind}:${e.text}`);

describe('a database locked by another program', () => {
  let h: Harness | null = null;
  let other: Database.Database | null = null;
  afterEach(async () => {
    if (other?.inTransaction) other.exec('ROLLBACK');
    other?.close();
    other = null;
    await h?.core.close();
    h = null;
  });

  it('gets a typed BUSY for a rename, reads still work, and agent entries wait in order until the lock is gone', async () => {
    h = startCore();
    const { core, clock } = h;
    const sessions = core.services.sessions;
    const store = core.services.store;
    expect(store.busyWaitMs()).toBe(WRITER_BUSY_TIMEOUT_MS);
    expect(WRITER_BUSY_TIMEOUT_MS).toBeLessThanOrEqual(100);

    const { backend, emit } = scriptedBackend();
    const runtime = new AgentRuntime({ sessions, events: core.events, hooks: core.services.hooks, backends: [backend], loadEntries: () => [] });
    const row = await h.ok('sessions:create', { kind: 'chat' });
    await runtime.send(sessions.get(row.id), 'start the work');

    // Another program (a sqlite3 shell, a backup tool) takes the write lock and keeps it.
    other = new Database(store.file);
    other.exec('BEGIN IMMEDIATE');

    const renamed = await h.call('sessions:rename', { id: row.id, title: 'Fix the login page' });
    expect(renamed).toEqual({ ok: false, error: { code: 'BUSY', message: expect.stringMatching(/locked by another program/) } });
    expect((await h.ok('sessions:list', {})).map((r) => r.id)).toEqual([row.id]);
    expect(texts((await h.ok('entries:page', { id: row.id })).entries)).toEqual(['user:start the work']);

    emit({ type: 'entry', entry: { kind: 'assistant', text: 'first answer' } });
    emit({ type: 'entry', entry: { kind: 'tool-use', text: 'ls', meta: { tool: 'Bash' } } });
    emit({ type: 'status', status: 'waiting' });
    expect(sessions.unsavedCount).toBe(3); // two entries and the status
    expect(sessions.get(row.id).status).toBe('waiting');
    expect(h.eventsOf('session:changed').at(-1)).toMatchObject({ id: row.id, unsaved: 2, status: 'waiting' });
    expect((await h.ok('sessions:list', {}))[0]?.unsaved).toBe(2);
    const notices = h.eventsOf('app:notice').map((n) => n.message);
    expect(notices).toEqual([expect.stringMatching(/cannot write to its database \(the database is locked by another program\)/)]);

    // The user's own message now would jump the queue: it is refused (typed), not reordered.
    const sent = await h.call('sessions:send', { id: row.id, text: 'and the tests' });
    expect(sent).toMatchObject({ ok: false, error: { code: 'BUSY' } });

    // A retry while the lock is still held keeps everything.
    clock.advance(5_000);
    expect(sessions.unsavedCount).toBe(3);

    other.exec('COMMIT');
    retryUntilSaved(clock, sessions);
    expect(sessions.unsavedCount).toBe(0);
    expect(texts((await h.ok('entries:page', { id: row.id })).entries)).toEqual([
      'user:start the work',
      'assistant:first answer',
      'tool-use:ls',
    ]);
    const last = h.eventsOf('session:changed').at(-1);
    expect(last?.id).toBe(row.id);
    expect(last).not.toHaveProperty('unsaved');
    expect(store.sessions.get(row.id)?.status).toBe('waiting');
    expect(h.eventsOf('app:notice').at(-1)?.message).toMatch(/can write to its database again: all 2 kept entries are saved/);
    // And the user's writes work again.
    expect((await h.ok('sessions:rename', { id: row.id, title: 'Fix the login page' })).title).toBe('Fix the login page');
    expect(store.integrityProblem()).toBeNull();
    await runtime.close();
  });
  it('closing the app gives kept entries a last try, so they are saved though no retry came due', async () => {
    h = startCore();
    const { core } = h;
    const sessions = core.services.sessions;
    const { backend, emit } = scriptedBackend();
    const runtime = new AgentRuntime({ sessions, events: core.events, hooks: core.services.hooks, backends: [backend], loadEntries: () => [] });
    const row = await h.ok('sessions:create', { kind: 'chat' });
    await runtime.send(sessions.get(row.id), 'go');
    other = new Database(core.services.store.file);
    other.exec('BEGIN IMMEDIATE');
    emit({ type: 'entry', entry: { kind: 'assistant', text: 'said while locked' } });
    expect(sessions.unsavedCount).toBe(1);
    other.exec('COMMIT');
    await runtime.close();
    await core.close();
    h = null;

    const reopened = new Database(core.services.store.file, { readonly: true });
    try {
      const rows = reopened.prepare('SELECT kind, text FROM entries ORDER BY id').all();
      expect(rows).toEqual([
        { kind: 'user', text: 'go' },
        { kind: 'assistant', text: 'said while locked' },
      ]);
    } finally {
      reopened.close();
    }
  });
});

describe('a full disk (the file capped with max_page_count: SQLite fails with SQLITE_FULL for real)', () => {
  let db: Db | null = null;
  let store: Store | null = null;
  afterEach(() => {
    store?.close();
    store = null;
    db = null;
  });

  it('keeps agent entries in order, says so, and saves them all once there is room', async () => {
    const dir = tempDataDir('swarmdesk-full-');
    db = openWriter(join(dir, 'swarmdesk.db'), {});
    applyMigrations(db, MIGRATIONS);
    useServingBusyWait(db);
    store = createStore(db, join(dir, 'swarmdesk.db'), dir);
    const clock = createManualClock(Date.UTC(2026, 4, 1));
    const events = new CoreEvents();
    const eventsOf = recordEvents(events);
    const sessions = new SessionsService({ store, events, hooks: new CoreHooks(), clock, defaultFolder: '/home/tester' });
    const { backend, emit } = scriptedBackend();
    const runtime = new AgentRuntime({ sessions, events, hooks: new CoreHooks(), backends: [backend], loadEntries: () => [] });
    const row = sessions.create({ kind: 'chat' });
    const quiet = sessions.create({ kind: 'chat' });
    await runtime.send(row, 'write a long report');

    // The disk fills: no page can be added any more.
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    const big = (n: number) => `${n} ${'report text '.repeat(800)}`;
    for (let i = 1; i <= 4; i += 1) emit({ type: 'entry', entry: { kind: 'assistant', text: big(i) } });
    const kept = sessions.unsavedCount;
    expect(kept).toBeGreaterThan(0);
    expect(sessions.get(row.id).unsaved).toBe(kept);
    expect(sessions.get(quiet.id).unsaved).toBeUndefined();
    expect(eventsOf('session:changed').at(-1)).toMatchObject({ id: row.id, unsaved: kept });
    expect(eventsOf('app:notice').map((n) => n.message)).toEqual([expect.stringMatching(/\(the disk is full\)/)]);
    // A user's own write is refused with a typed error rather than lost or reordered.
    expect(() => sessions.appendEntry(row.id, 'user', 'more')).toThrow(expect.objectContaining({ code: 'STORAGE' }));

    clock.advance(5_000);
    expect(sessions.unsavedCount).toBe(kept);

    // Space returns.
    db.pragma('max_page_count = 1073741823');
    retryUntilSaved(clock, sessions);
    expect(sessions.unsavedCount).toBe(0);
    expect(sessions.get(row.id).unsaved).toBeUndefined();
    const saved = sessions.page(row.id, undefined, 50).entries;
    expect(saved.map((e) => e.text.split(' ')[0])).toEqual(['write', '1', '2', '3', '4']);
    expect(saved.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(eventsOf('app:notice').at(-1)?.message).toMatch(new RegExp(`all ${kept} kept entries are saved`));
    expect(store.integrityProblem()).toBeNull();
    await runtime.close();
    sessions.close();
  });
});

describe('a terminal while the database is locked (real PTY)', () => {
  let store: Store | null = null;
  let terminals: TerminalService | null = null;
  let other: Database.Database | null = null;
  afterEach(async () => {
    if (other?.inTransaction) other.exec('ROLLBACK');
    other?.close();
    other = null;
    await terminals?.close();
    terminals = null;
    store?.close();
    store = null;
  });

  it('refuses a composer line it cannot record (typed, never sent), and keeps a line typed in the pane until it is saved', async () => {
    const dataDir = tempDataDir('swarmdesk-term-lock-');
    store = openStore({ dataDir }).store;
    const events = new CoreEvents();
    const sessions = new SessionsService({ store, events, hooks: new CoreHooks(), clock: systemClock, defaultFolder: dataDir });
    const output: string[] = [];
    events.subscribe((event, payload) => {
      if (event === 'terminal:data') output.push((payload as { data: string }).data);
    });
    terminals = new TerminalService({ sessions, events, dataDir });
    terminals.register();
    const row = sessions.create({ kind: 'terminal', backendId: 'cat' });
    await terminals.open(row.id, 80, 24);

    other = new Database(store.file);
    other.exec('BEGIN IMMEDIATE');
    await expect(sessions.send(row.id, 'composer line')).rejects.toMatchObject({ code: 'BUSY' });
    await terminals.input(row.id, 'typed line\r');
    expect(sessions.get(row.id).unsaved).toBe(1);
    // `cat` echoes what reaches it, in order: the refused line never went ahead of the typed one.
    await until(() => output.join('').split('typed line').length > 2, { message: "cat's echo of the typed line" });
    expect(output.join('')).not.toContain('composer line');

    other.exec('COMMIT');
    await until(() => sessions.unsavedCount === 0, { message: 'the kept line saved' });
    const users = sessions.page(row.id, undefined, 50).entries.filter((e) => e.kind === 'user');
    // The terminal's program is `cat`, not a shell: the line was typed to it (never the terminal's command).
    expect(users.map((e) => [e.text, e.meta])).toEqual([['typed line', { source: 'terminal', to: 'program' }]]);
    expect(sessions.get(row.id).unsaved).toBeUndefined();
    sessions.close();
  });
});
