import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DB_FILE_NAME, openStore, type Store } from '../../../src/main/core/store';
import { toStemQuery } from '../../../src/main/core/store/repos/search';
import { tempDataDir } from './tempDir';

const T0 = Date.UTC(2026, 4, 1);
const ALL = { includeArchived: false, limit: 100 };
const WHOLE = { ...ALL, whole: true };

/** Sessions that said a word in one form; `at` orders their activity (the entry's time). */
function seed(store: Store): void {
  const add = (id: string, at: number, title: string | null, lines: string[]) => {
    store.sessions.insert({ id, kind: 'chat', folder: '/w', position: 0, at, title, titleSource: title ? 'imported' : undefined });
    lines.forEach((l, i) => store.entries.append(id, i % 2 === 0 ? 'user' : 'assistant', l, null, at + i));
  };
  // The forms are said after the first line (a first line is searched with the titles).
  add('deco', T0, null, ['how does this work', 'a Python decorator wraps a function']);
  add('upload', T0 + 100, 'Upload keeps timing out', ['add a retry around the upload', 'the retry is in place']);
  add('ci', T0 + 200, null, ['the build failed on main', 'a flaky test']);
  add('plural', T0 + 50, null, ['and these?', 'decorators compose from the bottom up']);
  store.entries.append('deco', 'tool-result', 'decorators in a tool result are not searched', null, T0 + 9);
  while (store.entries.flushIndex() > 0);
}

/** The state migration 014 leaves an older database in: both stemmed indexes empty, the fill at the top. */
function asBeforeTheFill(dataDir: string): void {
  const db = new Database(join(dataDir, DB_FILE_NAME));
  db.exec(`
    INSERT INTO entries_stem (entries_stem) VALUES ('delete-all');
    INSERT INTO sessions_stem (sessions_stem) VALUES ('delete-all');
    DELETE FROM entries_stem_early;
    UPDATE stem_fill SET entries_below = (SELECT max(id) + 1 FROM entries), sessions_below = (SELECT max(rid) + 1 FROM sessions);
  `);
  db.close();
}

/** What the stemmed entry index holds (its docsize table: one row per indexed entry), and what it should. */
function stemmedEntries(dataDir: string): { held: number[]; want: number[]; automerge: number | undefined } {
  const db = new Database(join(dataDir, DB_FILE_NAME), { readonly: true });
  const ids = (sql: string) => (db.prepare(sql).all() as Array<{ id: number }>).map((r) => r.id);
  const held = ids(`SELECT id FROM entries_stem_docsize ORDER BY id`);
  const automerge = (db.prepare(`SELECT v FROM entries_stem_config WHERE k = 'automerge'`).get() as { v: number } | undefined)?.v;
  const want = ids(`SELECT id FROM entries WHERE kind IN ('user', 'assistant', 'steer', 'summary', 'note', 'tool-use') ORDER BY id`);
  db.close();
  return { held, want, automerge };
}

function fresh(): { store: Store; dataDir: string } {
  const dataDir = tempDataDir();
  const { store } = openStore({ dataDir, now: () => T0 });
  seed(store);
  return { store, dataDir };
}

describe('stemmed search (issue 34)', () => {
  it('finds other forms of a whole word: decorators, retries, failing', () => {
    const { store } = fresh();
    expect(store.search.search('decorators', WHOLE)).toEqual(['plural', 'deco']);
    expect(store.search.search('retries', WHOLE)).toEqual(['upload']);
    expect(store.search.search('failing', WHOLE)).toEqual(['ci']);
    // A whole word before one still typed: stemmed, the typed one by prefix.
    expect(store.search.search('decorators pyth', ALL)).toEqual(['deco']);
    expect(store.search.search('retries aroun', ALL)).toEqual(['upload']);
    store.close();
  });

  it('keeps prefix search as you type', () => {
    const { store } = fresh();
    expect(store.search.search('decorat', ALL)).toEqual(['plural', 'deco']);
    expect(store.search.search('retr', ALL)).toEqual(['upload']);
    // A word still being typed is not stemmed: "decorators" typed so far is a prefix of nothing said in deco.
    expect(store.search.search('decorators', ALL)).toEqual(['plural']);
    store.close();
  });

  it('ranks the union once: entry hits by activity whichever index found them, title hits first', () => {
    const { store } = fresh();
    // plural (T0+50) has the typed form; deco (T0) the other one. A later entry makes deco the newest.
    store.entries.append('deco', 'user', 'one more thing', null, T0 + 1_000);
    expect(store.search.search('decorators', WHOLE)).toEqual(['deco', 'plural']);
    // A title found through its stem comes before entry hits.
    store.entries.append('ci', 'user', 'bad timings again', null, T0 + 2_000);
    expect(store.search.search('timed', WHOLE)).toEqual(['upload', 'ci']);
    store.close();
  });

  it('marks the word as it was found in the snippet', () => {
    const { store } = fresh();
    const [snippet] = store.search.snippets('decorators', ['deco']);
    expect(snippet?.text).toContain('Python decorator wraps');
    const [a, b] = snippet!.marks[0]!;
    expect(snippet!.text.slice(a, b)).toBe('decorator');
    const [failed] = store.search.snippets('failing', ['ci']);
    expect(failed!.text.slice(...failed!.marks[0]!)).toBe('failed');
    store.close();
  });

  it('works as before until the stemmed index is filled, then fills it in batches, resumably across a restart', () => {
    const { store, dataDir } = fresh();
    store.close();
    asBeforeTheFill(dataDir);
    let opened = openStore({ dataDir, now: () => T0 }).store;
    expect(opened.stemFill.filled()).toBe(false);
    // As today: prefixes only.
    expect(opened.search.search('decorators', WHOLE)).toEqual(['plural']);
    expect(opened.search.search('retries', WHOLE)).toEqual([]);
    expect(opened.search.snippets('failing', ['ci'])).toEqual([]);
    // A few rows a step, newest first: the newest session's entries are indexed before the oldest's.
    const first = opened.stemFill.step(3);
    expect(first).toEqual({ scanned: 3, filled: false, done: false });
    // The fill merges the stemmed index's segments itself while it runs (FTS5's own merges off).
    expect(stemmedEntries(dataDir).automerge).toBe(0);
    const before = opened.stemFill.remaining();
    opened.close();

    opened = openStore({ dataDir, now: () => T0 }).store;
    // The cursors are in the file: the restart goes on from there.
    expect(opened.stemFill.remaining()).toEqual(before);
    let steps = 0;
    while (!opened.stemFill.step(3).filled) steps++;
    // Filled, then merged a step at a time: FTS5's own merges come back on at the end.
    expect(opened.stemFill.done()).toBe(false);
    while (!opened.stemFill.step(3).done);
    expect(steps).toBeGreaterThan(1);
    expect(opened.stemFill.remaining()).toEqual({ sessions: 0, entries: 0 });
    expect(opened.search.search('retries', WHOLE)).toEqual(['upload']);
    expect(opened.search.search('decorators', WHOLE)).toEqual(['plural', 'deco']);
    expect(opened.integrityProblem()).toBeNull();
    opened.close();
    const { held, want, automerge } = stemmedEntries(dataDir);
    expect(held).toEqual(want);
    expect(automerge).toBe(4);
  });

  it("puts a session's new entries into both indexes at once, even below the fill, and never twice", () => {
    const { store, dataDir } = fresh();
    store.close();
    asBeforeTheFill(dataDir);
    const opened = openStore({ dataDir, now: () => T0 }).store;
    opened.stemFill.step(1);
    // deco is the oldest session: far below the fill's cursor.
    opened.entries.append('deco', 'user', 'the memoizing wrapper', null, T0 + 5_000);
    opened.entries.flushIndex();
    const held = stemmedEntries(dataDir).held;
    expect(held).toHaveLength(1);
    while (!opened.stemFill.step(2).filled);
    expect(opened.search.search('memoized', WHOLE)).toEqual(['deco']);
    // Purging a session deletes only what each index holds.
    opened.sessions.softDelete('deco', T0);
    opened.transaction(() => opened.sessions.purge('deco'));
    expect(opened.integrityProblem()).toBeNull();
    opened.close();
    const after = stemmedEntries(dataDir);
    expect(after.held).toEqual(after.want);
  });

  it('a query with no whole word asks only the prefix index', () => {
    expect(toStemQuery('decorat', false)).toBeNull();
    expect(toStemQuery('decorators', true)).toBe('"decorators"');
    expect(toStemQuery('python decorat', false)).toBe('"python" "decorat"*');
    expect(toStemQuery('say "hi" x', true, 2)).toBe('"say" """hi"""');
  });
});
