import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore, SessionGoneError, type Store } from '../../../src/main/core/store';
import { tempDataDir } from './tempDir';

const T0 = Date.UTC(2026, 4, 1);

function fresh(): Store {
  const { store } = openStore({ dataDir: tempDataDir(), now: () => T0 });
  store.sessions.insert({ id: 's1', kind: 'chat', folder: '/w', position: 0, at: T0 });
  return store;
}

describe('entries', () => {
  it('become searchable through the index queue, and a purge before indexing leaves the index sound', () => {
    const store = fresh();
    store.sessions.insert({ id: 's2', kind: 'chat', folder: '/w', position: 1, at: T0 });
    store.entries.append('s1', 'user', 'the quokka parade', null, T0);
    store.entries.append('s2', 'user', 'a quokka too', null, T0);
    store.entries.append('s2', 'tool-result', 'quokka inside a tool result', null, T0);
    expect(store.entries.pendingIndex()).toBe(2); // tool results are not indexed at all
    expect(store.search.search('quokka', { includeArchived: false, limit: 10 }).sort()).toEqual(['s1', 's2']);
    expect(store.entries.pendingIndex()).toBe(0);
    store.entries.append('s2', 'assistant', 'wombat facts', null, T0);
    store.sessions.softDelete('s2', T0);
    expect(store.sessions.purge('s2')).toBe(true); // s2: one entry indexed, one still queued
    expect(store.entries.pendingIndex()).toBe(0);
    expect(store.search.search('quokka', { includeArchived: true, limit: 10 })).toEqual(['s1']);
    expect(store.search.search('wombat', { includeArchived: true, limit: 10 })).toEqual([]);
    expect(store.integrityProblem()).toBeNull();
    store.close();
  });

  it('append assigns 0, 1, 2... per session, and touches the session row', () => {
    const store = fresh();
    store.sessions.insert({ id: 's2', kind: 'chat', folder: '/w', position: 1, at: T0 });
    expect(store.entries.append('s1', 'user', '  \nfirst line here\nsecond', null, T0 + 1).seq).toBe(0);
    expect(store.entries.append('s2', 'user', 'other', null, T0 + 2).seq).toBe(0);
    expect(store.entries.append('s1', 'assistant', 'reply', { model: 'x', n: 1, ok: true, none: null }, T0 + 3).seq).toBe(1);
    expect(store.entries.append('s1', 'user', 'later line', null, T0 + 4).seq).toBe(2);
    const row = store.sessions.get('s1')!;
    expect(row.firstUserLine).toBe('first line here');
    expect(row.updatedAt).toBe(T0 + 4);
    expect(row.unread).toBe(true); // an assistant reply arrived
    expect(store.entries.page('s1', undefined, 10).entries[1]!.meta).toEqual({ model: 'x', n: 1, ok: true, none: null });
    store.close();
  });

  it('pages backwards from the end, oldest first within a page', () => {
    const store = fresh();
    for (let i = 0; i < 5; i++) store.entries.append('s1', 'user', `m${i}`, null, T0 + i);
    const last = store.entries.page('s1', undefined, 2);
    expect(last.entries.map((e) => e.text)).toEqual(['m3', 'm4']);
    expect(last.hasMore).toBe(true);
    const before = store.entries.page('s1', last.entries[0]!.seq, 2);
    expect(before.entries.map((e) => e.text)).toEqual(['m1', 'm2']);
    const first = store.entries.page('s1', before.entries[0]!.seq, 2);
    expect(first).toEqual({ entries: [expect.objectContaining({ text: 'm0', seq: 0 })], hasMore: false });
    store.close();
  });

  it('refuses to append to a missing or deleted session', () => {
    const store = fresh();
    expect(() => store.entries.append('nope', 'user', 'x', null, T0)).toThrow(SessionGoneError);
    store.sessions.softDelete('s1', T0);
    expect(() => store.entries.append('s1', 'user', 'x', null, T0)).toThrow(SessionGoneError);
    store.close();
  });

  it('are append-only: UPDATE and DELETE fail even with raw SQL; a purge removes them', () => {
    const store = fresh();
    store.entries.append('s1', 'user', 'committed words', null, T0);
    const file = store.file;
    store.close();

    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    expect(() => db.prepare(`UPDATE entries SET text = 'rewritten'`).run()).toThrow(/append-only/);
    expect(() => db.prepare(`DELETE FROM entries`).run()).toThrow(/append-only/);
    expect(() => db.prepare(`DELETE FROM sessions WHERE id = 's1'`).run()).toThrow(/soft-deleted/);
    expect(db.prepare(`SELECT text FROM entries`).all()).toEqual([{ text: 'committed words' }]);

    // close() indexed the entry; the purge must take it out of the index too.
    expect(db.prepare(`SELECT count(*) AS n FROM entries_fts WHERE entries_fts MATCH 'committed'`).get()).toEqual({ n: 1 });
    db.prepare(`UPDATE sessions SET deleted_at = 1 WHERE id = 's1'`).run();
    db.prepare(`DELETE FROM sessions WHERE id = 's1'`).run();
    expect(db.prepare(`SELECT count(*) AS n FROM entries`).get()).toEqual({ n: 0 });
    expect(db.prepare(`SELECT count(*) AS n FROM entries_fts WHERE entries_fts MATCH 'committed'`).get()).toEqual({ n: 0 });
    db.exec(`INSERT INTO entries_fts (entries_fts) VALUES ('integrity-check')`);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });
});
