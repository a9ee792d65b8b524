// appendMany is the importer's batched path (issue 9): it must leave exactly what `append`
// one entry at a time leaves, in every table it touches.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore, SessionGoneError, type Store } from '../../../src/main/core/store';
import type { NewEntry } from '../../../src/main/core/store/repos/entries';
import { tempDataDir } from './tempDir';

const T0 = Date.UTC(2026, 4, 1);

function fresh(): Store {
  const { store } = openStore({ dataDir: tempDataDir(), now: () => T0 });
  store.sessions.insert({ id: 's1', kind: 'claude-code', folder: '/w', position: 0, at: T0 });
  store.sessions.insert({ id: 's2', kind: 'claude-code', folder: '/w', position: 1, at: T0 });
  return store;
}

/** Every row the two paths may touch, read through a second connection (committed state only). */
function tables(store: Store): Record<string, unknown[]> {
  const db = new Database(store.file, { readonly: true });
  try {
    const all = (sql: string) => db.prepare(sql).all();
    return {
      entries: all(`SELECT id, session_rid, seq, kind, text, meta, created_at FROM entries ORDER BY id`),
      pending: all(`SELECT id FROM entries_fts_pending ORDER BY id`),
      sessions: all(`SELECT * FROM sessions ORDER BY rid`),
      ftsData: all(`SELECT * FROM entries_fts_data ORDER BY id`),
      ftsIdx: all(`SELECT * FROM entries_fts_idx ORDER BY segid, term`),
      sessionsFts: all(`SELECT * FROM sessions_fts_data ORDER BY id`),
    };
  } finally {
    db.close();
  }
}

const at = (i: number) => T0 + 1000 + i;
const batch: NewEntry[] = [
  // Not the user's words (SPEC §7): the first user line waits for the next user message.
  { kind: 'user', text: '<command-name>/model</command-name>\n<command-args>opus</command-args>', meta: null, createdAt: at(0) },
  { kind: 'user', text: '\n  fix the quokka redirect\nsecond line', meta: null, createdAt: at(1) },
  { kind: 'assistant', text: 'looking at the quokka handler', meta: { model: 'm', n: 2, ok: true, none: null }, createdAt: at(2) },
  { kind: 'tool-use', text: 'Bash: grep quokka', meta: null, createdAt: at(3) },
  { kind: 'tool-result', text: 'quokka.ts:12 (tool results are not indexed)', meta: null, createdAt: at(4) },
  { kind: 'user', text: 'and the wombat one', meta: null, createdAt: at(5) },
  { kind: 'note', text: 'a wombat note', meta: null, createdAt: at(6) },
];

/** The same scenario on two stores: one entry at a time, and batched. */
function both(run: (store: Store, add: (sid: string, list: NewEntry[], markUnread: boolean) => unknown) => void) {
  const one = fresh();
  const many = fresh();
  const returned: unknown[][] = [[], []];
  run(one, (sid, list, markUnread) => {
    for (const e of list) returned[0]!.push(one.entries.append(sid, e.kind, e.text, e.meta, e.createdAt, markUnread));
  });
  run(many, (sid, list, markUnread) => returned[1]!.push(...many.entries.appendMany(sid, list, markUnread)));
  return { one, many, returned };
}

describe('entries.appendMany', () => {
  it('leaves the same entries, index queue, session row and search results as append one by one', () => {
    const { one, many, returned } = both((store, add) => {
      store.entries.append('s1', 'assistant', 'an earlier reply', null, T0 + 1, false); // seqs continue after it
      add('s1', batch, false);
      add('s2', batch.slice(2), true); // the first user words come late; marked unread
      add('s1', [], true); // nothing at all
      add('s1', batch.slice(5), false); // first_user_line already set: kept
    });
    expect(returned[1]).toEqual(returned[0]);
    expect(returned[1]!.map((e) => (e as { seq: number }).seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 8, 9]);
    const before = tables(one);
    expect(tables(many)).toEqual(before);
    expect(before.pending).toHaveLength(1 + 6 + 4 + 2);
    expect(before.sessions).toEqual([
      expect.objectContaining({ id: 's1', first_user_line: 'fix the quokka redirect', updated_at: at(6), unread: 0 }),
      expect.objectContaining({ id: 's2', first_user_line: 'and the wombat one', updated_at: at(6), unread: 1 }),
    ]);

    for (const q of ['quokka', 'wombat', 'redirect', 'tool results', 'earlier']) {
      const opts = { includeArchived: false, limit: 10 };
      expect(many.search.search(q, opts)).toEqual(one.search.search(q, opts));
    }
    expect(one.search.search('wombat', { includeArchived: false, limit: 10 }).sort()).toEqual(['s1', 's2']);
    const after = tables(one);
    expect(after.pending).toEqual([]);
    expect(after.ftsData?.length).toBeGreaterThan(0);
    expect(tables(many)).toEqual(after);
    expect(many.integrityProblem()).toBeNull();
    one.close();
    many.close();
  });

  it('matches append one by one across its multi-row chunks and the rows left over', () => {
    const kinds = ['user', 'assistant', 'tool-use', 'tool-result', 'thinking'] as const;
    const long: NewEntry[] = Array.from({ length: 237 }, (_, i) => ({
      kind: kinds[i % kinds.length]!,
      text: `entry ${i} numbat${i % 7}`,
      meta: i % 3 === 0 ? { i } : null,
      createdAt: at(i),
    }));
    const { one, many, returned } = both((_store, add) => {
      add('s1', long.slice(0, 3), false);
      add('s1', long, false);
      add('s2', long.slice(0, 200), true);
    });
    expect(returned[1]).toEqual(returned[0]);
    expect(returned[1]).toHaveLength(3 + 237 + 200);
    expect(tables(many)).toEqual(tables(one));
    expect(many.search.search('numbat3', { includeArchived: false, limit: 10 })).toEqual(one.search.search('numbat3', { includeArchived: false, limit: 10 }));
    expect(tables(many)).toEqual(tables(one));
    one.close();
    many.close();
  });

  it('refuses a missing or deleted session and writes nothing', () => {
    const store = fresh();
    store.sessions.softDelete('s2', T0);
    const before = tables(store);
    expect(() => store.entries.appendMany('nope', batch, false)).toThrow(SessionGoneError);
    expect(() => store.entries.appendMany('s2', batch, false)).toThrow(SessionGoneError);
    expect(tables(store)).toEqual(before);
    store.close();
  });

  it('is all or nothing: a bad entry part-way rolls back the rows before it and the session update', () => {
    const store = fresh();
    const before = tables(store);
    const bad = [...batch.slice(0, 3), { kind: 'user', text: null, meta: null, createdAt: at(9) } as unknown as NewEntry];
    expect(() => store.entries.appendMany('s1', bad, true)).toThrow();
    expect(tables(store)).toEqual(before);
    store.close();
  });
});
