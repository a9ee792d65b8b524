import { mkdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionRow } from '../../../src/shared/domain/session';
import { judgeUserTitle } from '../../../src/shared/judge';
import { RESTORE_WINDOW_MS, SessionsService } from '../../../src/main/core/services';
import { INDEX_INTERVAL_MS } from '../../../src/main/core/services/housekeeping';
import { startCore, T0, type Harness } from './harness';

let h: Harness;
afterEach(async () => {
  await h.core.close();
});

const labels = (rows: readonly Pick<SessionRow, 'id' | 'title'>[]) => rows.map((r) => r.title ?? r.id);

/** The rows in the places the user gave them (pinned first, then position): what a reordered group draws. */
const byPlace = <R extends Pick<SessionRow, 'pinned' | 'position' | 'id'>>(rows: readonly R[]): R[] =>
  [...rows].sort((a, b) => Number(b.pinned) - Number(a.pinned) || a.position - b.position || (a.id < b.id ? -1 : 1));

async function named(title: string): Promise<SessionRow> {
  const row = await h.ok('sessions:create', { kind: 'chat' });
  return h.ok('sessions:rename', { id: row.id, title });
}

describe('sessions: create and rename', () => {
  it('a new session uses the home folder, goes on top, and is announced', async () => {
    h = startCore();
    const created: SessionRow[] = [];
    h.core.services.hooks.on('sessionCreated', (row) => void created.push(row));
    const a = await h.ok('sessions:create', { kind: 'chat' });
    const app = join(h.dataDir, 'app'); // a folder must exist (sessions:create checks it)
    mkdirSync(app);
    h.clock.advance(1);
    const b = await h.ok('sessions:create', { kind: 'terminal', folder: app });
    expect(a).toMatchObject({ kind: 'chat', folder: '/home/tester', status: 'idle', title: null, pinned: false, archived: false });
    expect(b.folder).toBe(app);
    expect((await h.ok('sessions:list', {})).map((r) => r.id)).toEqual([b.id, a.id]);
    expect(created.map((r) => r.id)).toEqual([a.id, b.id]);
    expect(h.eventsOf('session:changed').map((r) => r.id)).toEqual([a.id, b.id]);
  });

  it('a rejected rename says why and changes nothing', async () => {
    h = startCore();
    const row = await named('Fix kumquat websocket drops');
    for (const bad of ['Untitled', '(none yet)', 'New session', '   ', 'I cannot help with that']) {
      const r = await h.call('sessions:rename', { id: row.id, title: bad });
      const expected = judgeUserTitle(bad);
      expect(expected.ok).toBe(false);
      expect(r).toEqual({ ok: false, error: { code: 'TITLE_REJECTED', message: expected.ok ? '' : expected.message } });
    }
    expect((await h.ok('sessions:get', { id: row.id })).title).toBe('Fix kumquat websocket drops');
  });

  it('a user title pins: automatic titles wait until the user releases it; history keeps all', async () => {
    h = startCore();
    const titled: string[] = [];
    h.core.services.hooks.on('titleChanged', (row) => void titled.push(row.title ?? '-'));
    const row = await named('Fix kumquat websocket drops');
    expect(row).toMatchObject({ titleSource: 'user', titlePinned: true });
    const s = h.core.services.sessions;
    expect(s.setAutoTitle(row.id, { value: 'Websocket ping tuning', source: 'auto', model: 'haiku' }).applied).toBe(false);
    const released = await h.ok('sessions:releaseTitle', { id: row.id });
    expect(released).toMatchObject({ title: 'Fix kumquat websocket drops', titlePinned: false });
    h.clock.advance(1000);
    const auto = s.setAutoTitle(row.id, { value: 'Websocket ping tuning', source: 'auto', model: 'haiku' });
    expect(auto.applied).toBe(true);
    expect(auto.row).toMatchObject({ title: 'Websocket ping tuning', titleSource: 'auto', titlePinned: false });
    expect(await h.ok('sessions:titleHistory', { id: row.id })).toEqual([
      { value: 'Fix kumquat websocket drops', source: 'user', model: null, at: T0 },
      { value: 'Websocket ping tuning', source: 'auto', model: 'haiku', at: T0 + 1000 },
    ]);
    expect(titled).toEqual(['Fix kumquat websocket drops', 'Fix kumquat websocket drops', 'Websocket ping tuning']);
  });
});

describe('sessions: order, pin, archive', () => {
  /** Each made a moment after the last (the list is newest first). */
  async function named(title: string): Promise<SessionRow> {
    h.clock.advance(1);
    const row = await h.ok('sessions:create', { kind: 'chat' });
    return h.ok('sessions:rename', { id: row.id, title });
  }
  it('move puts a row just above another, or last; the order persists in the list', async () => {
    h = startCore();
    const a = await named('Alpha release notes');
    const b = await named('Bravo flaky test hunt');
    const c = await named('Charlie cache warmup');
    const order = async () => labels(byPlace(await h.ok('sessions:list', {})));
    expect(await order()).toEqual([c.title, b.title, a.title]);
    await h.ok('sessions:move', { id: c.id, beforeId: null });
    expect(await order()).toEqual([b.title, a.title, c.title]);
    await h.ok('sessions:move', { id: c.id, beforeId: a.id });
    expect(await order()).toEqual([b.title, c.title, a.title]);
    await h.ok('sessions:move', { id: a.id, beforeId: b.id });
    expect(await order()).toEqual([a.title, b.title, c.title]);
    await h.ok('sessions:move', { id: a.id, beforeId: a.id });
    expect(await order()).toEqual([a.title, b.title, c.title]);
  });

  it('renumbers when repeated moves into one gap make it tiny', async () => {
    h = startCore();
    const bottom = await named('Bottom row stays');
    const x = await named('Xray moving row');
    const y = await named('Yankee moving row');
    const top = await named('Top row stays');
    // Alternate x and y into the ever-smaller gap just below `top`.
    for (let i = 0; i < 60; i++) {
      const [moving, under] = i % 2 === 0 ? [x, y] : [y, x];
      await h.ok('sessions:move', { id: moving.id, beforeId: under.id });
      const list = byPlace(await h.ok('sessions:list', {}));
      expect(labels(list)).toEqual([top.title, moving.title, under.title, bottom.title]);
    }
    const list = byPlace(await h.ok('sessions:list', {}));
    const positions = list.map((r) => r.position);
    for (let i = 1; i < positions.length; i++) expect(positions[i]! - positions[i - 1]!).toBeGreaterThan(1e-7);
    // Every renumbered row was pushed, so a renderer that applies events holds the same positions.
    const pushed = new Map(h.eventsOf('session:changed').map((r) => [r.id, r.position]));
    expect(list.map((r) => pushed.get(r.id))).toEqual(positions);
  });

  it('reorder: the rows given take the places they held among themselves, in that order; no other row moves', async () => {
    h = startCore();
    const a = await named('Alpha release notes');
    const b = await named('Bravo flaky test hunt');
    const c = await named('Charlie cache warmup');
    const d = await named('Delta docs pass');
    const place = async () => labels(byPlace(await h.ok('sessions:list', {})));
    expect(await place()).toEqual([d.title, c.title, b.title, a.title]);
    const pushedBefore = h.eventsOf('session:changed').length;
    // A group of three (a, b, d: say one project's rows) in a new order; c, between them, stays where it is.
    expect(await h.ok('sessions:reorder', { ids: [a.id, d.id, b.id] })).toEqual({ moved: 3 });
    expect(await place()).toEqual([a.title, c.title, d.title, b.title]);
    expect(new Set(h.eventsOf('session:changed').slice(pushedBefore).map((r) => r.id))).toEqual(new Set([a.id, d.id, b.id]));
    expect(await h.ok('sessions:reorder', { ids: [a.id, d.id, b.id] })).toEqual({ moved: 0 });
    // Equal places among them are told apart first (the group renumbered), then placed.
    h.core.services.store.sessions.setPosition(b.id, 0);
    h.core.services.store.sessions.setPosition(d.id, 0);
    await h.ok('sessions:reorder', { ids: [b.id, d.id] });
    const list = byPlace(await h.ok('sessions:list', {}));
    expect(list.findIndex((r) => r.id === b.id)).toBe(list.findIndex((r) => r.id === d.id) - 1);
    expect(new Set(list.map((r) => r.position)).size).toBe(4);
    await h.ok('sessions:setPinned', { id: a.id, pinned: true });
    expect(await h.call('sessions:reorder', { ids: [a.id, b.id] })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(await h.call('sessions:reorder', { ids: [b.id, b.id] })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
  });

  it('pinned rows come first; a row moves only within its own group', async () => {
    h = startCore();
    const a = await named('Alpha release notes');
    const b = await named('Bravo flaky test hunt');
    const c = await named('Charlie cache warmup');
    const pinned = await h.ok('sessions:setPinned', { id: a.id, pinned: true });
    expect(pinned.pinned).toBe(true);
    expect(labels(await h.ok('sessions:list', {}))).toEqual([a.title, c.title, b.title]);
    const across = await h.call('sessions:move', { id: b.id, beforeId: a.id });
    expect(across.ok ? 'moved' : across.error.code).toBe('CONFLICT');
    await h.ok('sessions:setPinned', { id: b.id, pinned: true });
    // The list: pinned first, each pin group newest first; the places the user gave: a pinned row on top.
    expect(labels(await h.ok('sessions:list', {}))).toEqual([b.title, a.title, c.title]);
    expect(labels(byPlace(await h.ok('sessions:list', {})))).toEqual([b.title, a.title, c.title]);
    await h.ok('sessions:move', { id: b.id, beforeId: null });
    expect(labels(byPlace(await h.ok('sessions:list', {})))).toEqual([a.title, b.title, c.title]);
    await h.ok('sessions:setPinned', { id: a.id, pinned: false });
    expect(labels(byPlace(await h.ok('sessions:list', {})))).toEqual([b.title, a.title, c.title]);
  });

  it('archived rows leave the list and search, and come back when asked for or unarchived', async () => {
    h = startCore();
    const a = await named('Alpha release notes');
    await h.ok('sessions:send', { id: a.id, text: 'mention the xylophone importer' });
    const archived = await h.ok('sessions:setArchived', { id: a.id, archived: true });
    expect(archived.archived).toBe(true);
    expect(await h.ok('sessions:list', {})).toEqual([]);
    expect((await h.ok('sessions:list', { includeArchived: true })).map((r) => r.id)).toEqual([a.id]);
    expect(await h.ok('sessions:search', { query: 'xylo' })).toEqual({ ids: [] });
    expect(await h.ok('sessions:search', { query: 'xylo', includeArchived: true })).toEqual({ ids: [a.id] });
    await h.ok('sessions:setArchived', { id: a.id, archived: false });
    expect((await h.ok('sessions:list', {})).map((r) => r.id)).toEqual([a.id]);
  });
});

describe('sessions: delete and restore', () => {
  it('delete hides the row (and its subagents) at once; restore within the window brings them back in place', async () => {
    h = startCore();
    const a = await named('Alpha release notes');
    const b = await named('Bravo flaky test hunt');
    const child = h.core.services.sessions.create({ kind: 'claude-code', parentId: b.id });
    await h.ok('sessions:send', { id: b.id, text: 'hunt the flaky kumquat test' });
    expect(await h.ok('sessions:delete', { id: b.id })).toEqual({ id: b.id });
    expect(h.eventsOf('session:removed')).toEqual([{ id: b.id }, { id: child.id }]);
    expect((await h.ok('sessions:list', {})).map((r) => r.id)).toEqual([a.id]);
    expect((await h.call('sessions:get', { id: b.id })).ok).toBe(false);
    expect((await h.call('sessions:send', { id: b.id, text: 'too late' })).ok).toBe(false);
    expect(await h.ok('sessions:search', { query: 'kumquat' })).toEqual({ ids: [] });

    h.clock.advance(RESTORE_WINDOW_MS - 1000);
    const restored = await h.ok('sessions:restore', { id: b.id });
    expect(restored).toMatchObject({ id: b.id, title: 'Bravo flaky test hunt', position: b.position });
    expect((await h.ok('sessions:list', {})).map((r) => r.id).sort()).toEqual([a.id, b.id, child.id].sort());
    expect((await h.ok('entries:page', { id: b.id })).entries.map((e) => e.text)).toEqual(['hunt the flaky kumquat test']);
  });

  it('after the window the deletion is final: the clock purges it, restore says so', async () => {
    h = startCore();
    const b = await named('Bravo flaky test hunt');
    await h.ok('sessions:send', { id: b.id, text: 'some words' });
    await h.ok('sessions:delete', { id: b.id });
    h.clock.advance(RESTORE_WINDOW_MS + 61_000); // the periodic purge runs on the injected clock
    expect(h.core.services.store.sessions.deletedAt(b.id)).toBeUndefined();
    const r = await h.call('sessions:restore', { id: b.id });
    expect(r.ok ? 'restored' : r.error.code).toBe('NOT_FOUND');
    expect(h.core.services.store.integrityProblem()).toBeNull();
  });

  it('purging a session leaves nothing of it in any table: options, titles, entries, indexes', async () => {
    h = startCore();
    const row = await h.ok('sessions:create', { kind: 'claude-code', permissionMode: 'plan' });
    const chat = await h.ok('sessions:create', { kind: 'chat', chat: { provider: 'openai', model: 'llama3.1:8b' } });
    await h.ok('sessions:rename', { id: row.id, title: 'Bravo kumquat hunt' });
    await h.ok('sessions:send', { id: row.id, text: 'find the kumquat' });
    const store = h.core.services.store;
    store.sessionOptions.set(row.id, 'summary', { text: 'Hunting a kumquat', at: T0 });
    store.entries.flushIndex();
    expect(store.sessionOptions.get(row.id, 'permissionMode')).toBe('plan');
    expect(store.sessionOptions.set('no-such-session', 'summary', { text: 'x', at: T0 })).toBe(false);
    for (const id of [row.id, chat.id]) await h.ok('sessions:delete', { id });
    // In the trash: kept (it may be restored), but it gains nothing new.
    expect(store.sessionOptions.get(chat.id, 'chat')).toEqual({ provider: 'openai', model: 'llama3.1:8b' });
    expect(store.sessionOptions.set(row.id, 'summary', { text: 'later', at: T0 })).toBe(false);
    h.clock.advance(RESTORE_WINDOW_MS + 61_000);
    const file = store.file;
    await h.core.close();

    const db = new Database(file, { readonly: true });
    try {
      const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'`).all() as Array<{ name: string }>;
      const left: string[] = [];
      for (const { name } of tables) {
        const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).all(name) as Array<{ name: string }>;
        for (const c of columns) {
          for (const id of [row.id, chat.id]) {
            const hit = db.prepare(`SELECT count(*) AS n FROM "${name}" WHERE instr(CAST("${c.name}" AS TEXT), ?) > 0`).get(id) as { n: number };
            if (hit.n > 0) left.push(`${name}.${c.name}`);
          }
        }
      }
      expect(left).toEqual([]);
      expect(db.prepare(`SELECT count(*) AS n FROM entries`).get()).toEqual({ n: 0 });
      expect(db.prepare(`SELECT count(*) AS n FROM entries_fts WHERE entries_fts MATCH 'kumquat'`).get()).toEqual({ n: 0 });
      expect(db.prepare(`SELECT count(*) AS n FROM sessions_fts WHERE sessions_fts MATCH 'kumquat'`).get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});

describe('sessions: transcript', () => {
  it('send records a user entry and tells listeners; the first line becomes the fallback label', async () => {
    h = startCore();
    const row = await h.ok('sessions:create', { kind: 'chat' });
    const committed: string[] = [];
    const users: string[] = [];
    h.core.services.hooks.on('entryCommitted', (e) => void committed.push(`${e.kind}:${e.text}`));
    h.core.services.hooks.on('userMessage', (_row, e) => void users.push(e.text));
    const entry = await h.ok('sessions:send', { id: row.id, text: 'please fix the login redirect loop\nmore detail' });
    expect(entry).toMatchObject({ sessionId: row.id, seq: 0, kind: 'user', createdAt: T0 });
    expect(h.eventsOf('entry:added')).toEqual([entry]);
    expect(committed).toEqual(['user:please fix the login redirect loop\nmore detail']);
    expect(users).toEqual(['please fix the login redirect loop\nmore detail']);
    expect((await h.ok('sessions:get', { id: row.id })).firstUserLine).toBe('please fix the login redirect loop');
  });

  it('a registered dispatcher takes send and stop for its kind; without one, send records the entry', async () => {
    h = startCore();
    const chat = await h.ok('sessions:create', { kind: 'chat' });
    const calls: string[] = [];
    const s = h.core.services.sessions;
    s.registerDispatcher('chat', {
      send: async (row, text) => {
        calls.push(`send ${row.id} ${text}`);
        s.setStatus(row.id, 'working');
        return s.appendEntry(row.id, 'user', text);
      },
      stop: async (row) => {
        calls.push(`stop ${row.id}`);
        s.setStatus(row.id, 'idle');
      },
    });
    await h.ok('sessions:send', { id: chat.id, text: 'hello agent' });
    expect((await h.ok('sessions:get', { id: chat.id })).status).toBe('working');
    expect((await h.ok('sessions:stop', { id: chat.id })).status).toBe('idle');
    expect(calls).toEqual([`send ${chat.id} hello agent`, `stop ${chat.id}`]);

    // A service with no dispatchers (the core registers the real agents on its own).
    const { store, events, hooks, clock } = h.core.services;
    const bare = new SessionsService({ store, events, hooks, clock, defaultFolder: '/w' });
    const plain = bare.create({ kind: 'chat' });
    const entry = await bare.send(plain.id, 'ls');
    expect(entry).toMatchObject({ kind: 'user', text: 'ls', seq: 0 });
    expect(calls).toHaveLength(2);
  });

  it('opening a session (its last page) is reported with the previous open time; paging back is not', async () => {
    h = startCore();
    const row = await h.ok('sessions:create', { kind: 'chat' });
    for (let i = 0; i < 5; i++) await h.ok('sessions:send', { id: row.id, text: `message ${i}` });
    const opens: Array<number | null> = [];
    h.core.services.hooks.on('sessionOpened', (_r, previous) => void opens.push(previous));
    const last = await h.ok('entries:page', { id: row.id, limit: 2 });
    expect(last).toMatchObject({ hasMore: true, entries: [{ text: 'message 3' }, { text: 'message 4' }] });
    await h.ok('entries:page', { id: row.id, beforeSeq: 3, limit: 2 });
    h.clock.advance(5000);
    await h.ok('entries:page', { id: row.id });
    expect(opens).toEqual([null, T0]);
  });

  it('committed entries are indexed for search in the background, on the clock', async () => {
    h = startCore();
    const row = await h.ok('sessions:create', { kind: 'chat' });
    await h.ok('sessions:send', { id: row.id, text: 'the quokka parade' });
    expect(h.core.services.store.entries.pendingIndex()).toBe(1);
    h.clock.advance(INDEX_INTERVAL_MS);
    expect(h.core.services.store.entries.pendingIndex()).toBe(0);
    expect(await h.ok('sessions:search', { query: 'quokk' })).toEqual({ ids: [row.id] });
  });

  it('markRead clears the unread mark an assistant reply set', async () => {
    h = startCore();
    const row = await h.ok('sessions:create', { kind: 'chat' });
    h.core.services.sessions.appendEntry(row.id, 'assistant', 'done');
    expect((await h.ok('sessions:get', { id: row.id })).unread).toBe(true);
    expect((await h.ok('sessions:markRead', { id: row.id })).unread).toBe(false);
  });
});

describe('sessions: the import path', () => {
  const entry = (kind: 'user' | 'assistant', text: string) => ({ kind, text, meta: null, createdAt: T0 - 60_000 });

  it('creates at the bottom, silently: no unread mark, no hook, the swarm told once', async () => {
    h = startCore();
    const top = await h.ok('sessions:create', { kind: 'chat' });
    const fired: string[] = [];
    for (const name of ['entryCommitted', 'sessionCreated', 'userMessage', 'titleChanged'] as const) {
      h.core.services.hooks.on(name, () => void fired.push(name));
    }
    const before = h.eventsOf('session:changed').length;
    const { row, created } = h.core.services.sessions.importBatch({
      target: { kind: 'create', folder: '/home/dev/shop', backendId: 'abc', at: null },
      reset: false,
      entries: [entry('user', 'why is checkout slow'), entry('assistant', 'an N+1 query')],
      titles: [{ value: 'Checkout slowness', pinned: false }],
    });
    expect(created).toBe(true);
    expect(row).toMatchObject({ kind: 'imported', unread: false, title: 'Checkout slowness', titleSource: 'imported', createdAt: T0 });
    expect((await h.ok('sessions:list', {})).map((r) => r.id)).toEqual([top.id, row!.id]);
    expect(fired).toEqual([]);
    expect(h.eventsOf('session:changed').slice(before).map((r) => r.id)).toEqual([row!.id]);
    expect(h.eventsOf('entry:added').filter((e) => e.sessionId === row!.id)).toEqual([]);
  });

  it('commits a group of batches in one transaction: a later one sees what an earlier one made; a failure keeps none and tells nothing', async () => {
    h = startCore();
    const s = h.core.services.sessions;
    const before = h.eventsOf('session:changed').length;
    const results = s.importBatches((commit) => {
      const first = commit({ target: { kind: 'create', folder: '/home/dev/shop', backendId: 'g1', at: null }, reset: false, entries: [entry('user', 'first part')], titles: [] });
      // Not told yet: the group has not committed.
      expect(h.eventsOf('session:changed').length).toBe(before);
      commit({ target: { kind: 'existing', sessionId: first.row!.id }, reset: false, entries: [entry('assistant', 'second part')], titles: [] });
    });
    const id = results[0]!.row!.id;
    expect(h.core.services.store.entries.page(id, undefined, 10).entries.map((e) => [e.seq, e.text])).toEqual([[0, 'first part'], [1, 'second part']]);
    expect(h.eventsOf('session:changed').slice(before).map((r) => r.id)).toEqual([id, id]);

    const told = h.eventsOf('session:changed').length;
    const listed = (await h.ok('sessions:list', {})).length;
    expect(() =>
      s.importBatches((commit) => {
        commit({ target: { kind: 'create', folder: '/home/dev/shop', backendId: 'g2', at: null }, reset: false, entries: [entry('user', 'kept?')], titles: [] });
        throw new Error('the disk is full');
      }),
    ).toThrow(/disk is full/);
    expect((await h.ok('sessions:list', {})).length).toBe(listed);
    expect(h.eventsOf('session:changed').length).toBe(told);
  });

  it('judges imported titles like every other title, and never replaces the user’s', async () => {
    h = startCore();
    const s = h.core.services.sessions;
    const { row } = s.importBatch({
      target: { kind: 'create', folder: '/home/dev/shop', backendId: 'abc', at: null },
      reset: false,
      entries: [entry('user', 'bump lodash')],
      titles: [{ value: 'Untitled', pinned: true }],
    });
    expect(row?.title).toBeNull();
    // The first usable title offered wins: a refused rename in the tool falls back to the tool's own title.
    const offered = s.importBatch({ target: { kind: 'existing', sessionId: row!.id }, reset: false, entries: [], titles: [{ value: '(none yet)', pinned: true }, { value: 'Lodash upgrade', pinned: false }] });
    expect(offered.row).toMatchObject({ title: 'Lodash upgrade', titlePinned: false, titleSource: 'imported' });
    s.rename(row!.id, 'Lodash bump');
    const again = s.importBatch({ target: { kind: 'existing', sessionId: row!.id }, reset: true, entries: [entry('assistant', 'done')], titles: [{ value: 'Renamed in the CLI', pinned: true }] });
    expect(again.row).toMatchObject({ title: 'Lodash bump', titleSource: 'user', unread: false });
    expect(again.entries.map((e) => e.kind)).toEqual(['note', 'assistant']); // the reset is said
    expect(h.eventsOf('entry:added').filter((e) => e.sessionId === row!.id).map((e) => e.kind)).toEqual(['note', 'assistant']);
  });

  it('a rename made in the other tool is judged as the person’s ("Worker 2" stays), the tool’s own title as a model’s', async () => {
    h = startCore();
    const s = h.core.services.sessions;
    const renamed = s.importBatch({
      target: { kind: 'create', folder: '/home/dev/swarm', backendId: 'w2', at: null },
      reset: false,
      entries: [entry('user', 'split the queue worker')],
      titles: [{ value: 'Worker 2', pinned: true }],
    });
    expect(renamed.row).toMatchObject({ title: 'Worker 2', titleSource: 'imported', titlePinned: true });
    const generated = s.importBatch({
      target: { kind: 'create', folder: '/home/dev/swarm', backendId: 'a2', at: null },
      reset: false,
      entries: [entry('user', 'split the mail worker')],
      titles: [{ value: 'Agent 2', pinned: false }],
    });
    expect(generated.row?.title).toBeNull();
    // Read back from the store (judged on read, for its author) and through the list channel's schema.
    const listed = await h.ok('sessions:list', {});
    expect(listed.find((r) => r.id === renamed.row!.id)?.title).toBe('Worker 2');
    expect(listed.find((r) => r.id === generated.row!.id)?.title).toBeNull();
  });
});
