import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyMigrations } from '../../../src/main/core/store/migrate';
import { LATEST_VERSION, MIGRATIONS, type Migration } from '../../../src/main/core/store/migrations';
import { tempDataDir } from './tempDir';

type Db = Database.Database;

function openAt(version: number): Db {
  const db = new Database(join(tempDataDir(), 'm.db'));
  db.pragma('foreign_keys = ON');
  applyMigrations(db, MIGRATIONS.slice(0, version));
  return db;
}

/**
 * Rows written at version N-1, and what must be true of them at N. Every
 * migration gets an entry here (the test below insists on it).
 */
const CASES: Record<number, { seed(db: Db): void; check(db: Db): void }> = {
  1: {
    seed() {
      // Version 0 is an empty file: nothing to carry over.
    },
    check(db) {
      const tables = db
        .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE '%fts%' AND name <> 'sqlite_sequence'`)
        .all() as Array<{ name: string; sql: string }>;
      expect(tables.map((t) => t.name).sort()).toEqual(['ambient_calls', 'entries', 'sessions', 'settings', 'title_history']);
      for (const t of tables) expect(t.sql, t.name).toMatch(/\)\s*STRICT$/);
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('s1', 'chat', '/w', 0, 1, 1)`).run();
      db.prepare(`INSERT INTO entries (id, kind, text, created_at) VALUES ((SELECT rid FROM sessions WHERE id = 's1') << 32, 'user', 'hello kumquat', 2)`).run();
      expect(db.prepare(`SELECT s.id, e.seq FROM entries e JOIN sessions s ON s.rid = e.session_rid`).get()).toEqual({ id: 's1', seq: 0 });
      // Queued for the full-text index, which the repository fills in batches.
      expect(db.prepare(`SELECT count(*) AS n FROM entries_fts_pending`).get()).toEqual({ n: 1 });
      db.exec(`INSERT INTO entries_fts (rowid, text) SELECT id, text FROM entries; DELETE FROM entries_fts_pending`);
      expect(db.prepare(`SELECT count(*) AS n FROM entries_fts WHERE entries_fts MATCH 'kumquat'`).get()).toEqual({ n: 1 });
      // STRICT: a value of the wrong type is refused rather than stored.
      expect(() =>
        db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('s2', 'chat', '/w', 'top', 1, 1)`).run(),
      ).toThrow(/cannot store TEXT value in REAL column/);
    },
  },
  2: {
    seed(db) {
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('s1', 'imported', '/w', 0, 1, 1)`).run();
      db.prepare(`INSERT INTO entries (id, kind, text, created_at) VALUES ((SELECT rid FROM sessions WHERE id = 's1') << 32, 'user', 'hello kumquat', 2)`).run();
    },
    check(db) {
      expect(db.prepare(`SELECT id, kind FROM sessions`).all()).toEqual([{ id: 's1', kind: 'imported' }]);
      expect(db.prepare(`SELECT seq, text FROM entries`).all()).toEqual([{ seq: 0, text: 'hello kumquat' }]);
      expect(db.prepare(`SELECT count(*) AS n FROM entries_fts_pending`).get()).toEqual({ n: 1 });
      db.prepare(
        `INSERT INTO import_files (path, source, size, mtime_ms, ino, offset, facts, session_id) VALUES ('/t.jsonl', 'codex', 10, 1.5, 7, 10, '{}', 's1')`,
      ).run();
      expect(db.prepare(`SELECT session_id FROM import_files`).get()).toEqual({ session_id: 's1' });
    },
  },
  3: {
    seed(db) {
      const session = db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at, deleted_at) VALUES (?, 'chat', '/w', 0, 1, 1, ?)`);
      session.run('s1', null);
      session.run('s2', 5); // in the trash: its options come along (it may be restored)
      const set = db.prepare(`INSERT INTO settings (key, value) VALUES (?, ?)`);
      set.run('agents.permissionMode', '"plan"'); // the default for all sessions: stays a setting
      set.run('agents.permissionMode.s1', '"acceptEdits"');
      set.run('agents.chat.s1', '{"provider":"openai","model":"llama3.1:8b"}');
      set.run('ambient.summary.s2', '{"text":"Fixing the checkout","at":3}');
      set.run('agents.permissionMode.gone', '"plan"'); // a session purged long ago: dropped
      set.run('ambient.model', '"claude-haiku"');
    },
    check(db) {
      expect(db.prepare(`SELECT session_id, name, value FROM session_options ORDER BY session_id, name`).all()).toEqual([
        { session_id: 's1', name: 'chat', value: '{"provider":"openai","model":"llama3.1:8b"}' },
        { session_id: 's1', name: 'permissionMode', value: '"acceptEdits"' },
        { session_id: 's2', name: 'summary', value: '{"text":"Fixing the checkout","at":3}' },
      ]);
      expect(db.prepare(`SELECT key FROM settings ORDER BY key`).all()).toEqual([{ key: 'agents.permissionMode' }, { key: 'ambient.model' }]);
      // Owned by the session: no option without one, and purging it takes its options along.
      expect(() => db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('nobody', 'chat', '{}')`).run()).toThrow(/FOREIGN KEY/);
      expect(() => db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'colour', '1')`).run()).toThrow(/CHECK/);
      db.prepare(`DELETE FROM sessions WHERE id = 's2'`).run();
      expect(db.prepare(`SELECT count(*) AS n FROM session_options WHERE session_id = 's2'`).get()).toEqual({ n: 0 });
    },
  },
  4: {
    seed(db) {
      const session = db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES (?, 'claude-code', '/w', 0, 1, 1)`);
      session.run('s1');
      session.run('s2');
    },
    check(db) {
      const add = db.prepare(
        `INSERT INTO usage (session_id, source, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      add.run('s1', 'claude-code', 1200, 80, 1000, 100, 0.0123, 5);
      add.run('s1', 'chat', 10, 5, 0, 0, null, 6);
      add.run('s2', 'claude-code', 7, 3, 0, 0, 0.001, 7);
      expect(() => db.prepare(`UPDATE usage SET reported_total_usd = -1 WHERE session_id = 's2'`).run()).toThrow(/CHECK/);
      expect(db.prepare(`SELECT count(*) AS turns, sum(input_tokens) AS input, sum(cost_usd) AS cost FROM usage WHERE session_id = 's1'`).get()).toEqual({ turns: 2, input: 1210, cost: 0.0123 });
      // Owned by the session; only known sources, no negative counts, no text where a number goes (STRICT).
      expect(() => add.run('nobody', 'chat', 1, 1, 0, 0, null, 1)).toThrow(/FOREIGN KEY/);
      expect(() => add.run('s1', 'ambient', 1, 1, 0, 0, null, 1)).toThrow(/CHECK/);
      expect(() => add.run('s1', 'chat', -1, 1, 0, 0, null, 1)).toThrow(/CHECK/);
      expect(() => add.run('s1', 'chat', 'many', 1, 0, 0, null, 1)).toThrow(/datatype|cannot store/i);
      db.prepare(`UPDATE sessions SET deleted_at = 9 WHERE id = 's2'`).run();
      db.prepare(`DELETE FROM sessions WHERE id = 's2'`).run();
      expect(db.prepare(`SELECT count(*) AS n FROM usage WHERE session_id = 's2'`).get()).toEqual({ n: 0 });
    },
  },
  5: {
    seed(db) {
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('s1', 'terminal', '/w', 0, 1, 1)`).run();
      db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'permissionMode', '"plan"')`).run();
      expect(() => db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'worktree', '{}')`).run()).toThrow(/CHECK/);
    },
    check(db) {
      // The rows come along; a worktree record is now accepted, other names still refused, still owned by the session.
      expect(db.prepare(`SELECT session_id, name, value FROM session_options`).all()).toEqual([{ session_id: 's1', name: 'permissionMode', value: '"plan"' }]);
      db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'worktree', '{"path":"/w t"}')`).run();
      expect(() => db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'colour', '1')`).run()).toThrow(/CHECK/);
      expect(() => db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('nobody', 'chat', '{}')`).run()).toThrow(/FOREIGN KEY/);
      db.prepare(`UPDATE sessions SET deleted_at = 5 WHERE id = 's1'`).run();
      db.prepare(`DELETE FROM sessions WHERE id = 's1'`).run();
      expect(db.prepare(`SELECT count(*) AS n FROM session_options`).get()).toEqual({ n: 0 });
    },
  },
  6: {
    seed(db) {
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('s1', 'imported', '/w', 0, 1, 1)`).run();
      const add = db.prepare(`INSERT INTO entries (id, kind, text, created_at) VALUES (((SELECT rid FROM sessions WHERE id = 's1') << 32) + ?, ?, ?, 2)`);
      add.run(0, 'user', 'hello kumquat');
      add.run(1, 'tool-result', 'not indexed');
      add.run(2, 'assistant', 'a quokka answer');
      // Indexed one of the three before the upgrade; the other is still queued.
      db.exec(`INSERT INTO entries_fts (rowid, text) SELECT id, text FROM entries WHERE seq = 0; DELETE FROM entries_fts_pending WHERE id & 4294967295 = 0`);
    },
    check(db) {
      // The queue keeps what was pending; the trigger that filled it per row is gone (the repository queues).
      expect(db.prepare(`SELECT id & 4294967295 AS seq FROM entries_fts_pending`).all()).toEqual([{ seq: 2 }]);
      expect(db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name = 'entries_fts_queue'`).get()).toEqual({ n: 0 });
      expect(db.prepare(`SELECT count(*) AS n FROM entries_fts WHERE entries_fts MATCH 'kumquat'`).get()).toEqual({ n: 1 });
      // Entries stay append-only and a purge still takes the indexed and the queued rows along.
      expect(() => db.prepare(`UPDATE entries SET text = 'x'`).run()).toThrow(/append-only/);
      db.prepare(`UPDATE sessions SET deleted_at = 5 WHERE id = 's1'`).run();
      db.prepare(`DELETE FROM sessions WHERE id = 's1'`).run();
      expect(db.prepare(`SELECT count(*) AS n FROM entries_fts_pending`).get()).toEqual({ n: 0 });
      expect(db.prepare(`SELECT count(*) AS n FROM entries_fts WHERE entries_fts MATCH 'kumquat'`).get()).toEqual({ n: 0 });
    },
  },
  7: {
    seed(db) {
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('s1', 'imported', '/w', 0, 1, 1)`).run();
      db.prepare(`UPDATE sessions SET title = 'Parser websocket fix', first_user_line = 'look at the kumquat cache' WHERE id = 's1'`).run();
      const add = db.prepare(`INSERT INTO entries (id, kind, text, created_at) VALUES (((SELECT rid FROM sessions WHERE id = 's1') << 32) + ?, ?, ?, 2)`);
      add.run(0, 'user', 'hello kumquatlike parsers');
      add.run(1, 'tool-result', 'not indexed websocketry');
      add.run(2, 'assistant', 'a quokka answer');
      db.exec(`INSERT INTO entries_fts_pending (id) SELECT id FROM entries WHERE kind <> 'tool-result'`);
      // Indexed the first entry; the third is still queued.
      db.exec(`INSERT INTO entries_fts (rowid, text) SELECT id, text FROM entries WHERE seq = 0; DELETE FROM entries_fts_pending WHERE id & 4294967295 = 0`);
    },
    check(db) {
      const sql = (name: string): string => (db.prepare(`SELECT sql FROM sqlite_master WHERE name = ?`).get(name) as { sql: string }).sql;
      expect(sql('sessions_fts')).toContain(`prefix = '1 2 3 4 5 6 7 8'`);
      expect(sql('entries_fts')).toContain(`prefix = '2 3 4 5 6 7 8'`);
      const entryHits = (q: string): number[] =>
        (db.prepare(`SELECT rowid & 4294967295 AS seq FROM entries_fts WHERE entries_fts MATCH ? ORDER BY rowid`).all(q) as Array<{ seq: number }>).map((r) => r.seq);
      const titleHits = (q: string): number =>
        (db.prepare(`SELECT count(*) AS n FROM sessions_fts WHERE sessions_fts MATCH ?`).get(q) as { n: number }).n;
      // What was indexed is found again, by every prefix length (one read from a prefix index, or a merge beyond 8).
      for (const q of ['"ku"*', '"kumqu"*', '"kumquatl"*', '"kumquatlike"*', '"parser"*', 'hello']) expect(entryHits(q), q).toEqual([0]);
      // Not indexed kinds stay out; what is queued is not indexed twice: flushIndex adds it once.
      expect(entryHits('"websocket"*')).toEqual([]);
      expect(entryHits('quokka')).toEqual([]);
      expect(db.prepare(`SELECT id & 4294967295 AS seq FROM entries_fts_pending`).all()).toEqual([{ seq: 2 }]);
      // Titles and first lines by one letter and longer prefixes.
      for (const q of ['"p"*', '"w"*', '"webso"*', '"kumqua"*', '"k"* "c"*', 'fix']) expect(titleHits(q), q).toBe(1);
      // The triggers keep the new tables in step: a title change, then a purge.
      db.prepare(`UPDATE sessions SET title = 'Billing' WHERE id = 's1'`).run();
      expect(titleHits('"p"*')).toBe(0);
      expect(titleHits('"bil"*')).toBe(1);
      db.prepare(`UPDATE sessions SET deleted_at = 5 WHERE id = 's1'`).run();
      db.prepare(`DELETE FROM sessions WHERE id = 's1'`).run();
      expect(entryHits('"kumqu"*')).toEqual([]);
      expect(titleHits('"bil"*')).toBe(0);
    },
  },
  8: {
    seed(db) {
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('s1', 'acp', '/w', 0, 1, 1)`).run();
      db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'worktree', '{"path":"/w t"}')`).run();
      expect(() => db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'acpAgent', '"gemini"')`).run()).toThrow(/CHECK/);
    },
    check(db) {
      // The rows come along; an ACP agent is now accepted, other names still refused, still owned by the session.
      expect(db.prepare(`SELECT session_id, name, value FROM session_options`).all()).toEqual([{ session_id: 's1', name: 'worktree', value: '{"path":"/w t"}' }]);
      db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'acpAgent', '"gemini"')`).run();
      expect(() => db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'colour', '1')`).run()).toThrow(/CHECK/);
      expect(() => db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('nobody', 'acpAgent', '"x"')`).run()).toThrow(/FOREIGN KEY/);
      db.prepare(`UPDATE sessions SET deleted_at = 5 WHERE id = 's1'`).run();
      db.prepare(`DELETE FROM sessions WHERE id = 's1'`).run();
      expect(db.prepare(`SELECT count(*) AS n FROM session_options`).get()).toEqual({ n: 0 });
    },
  },
  9: {
    seed(db) {
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('s1', 'acp', '/w', 0, 1, 1)`).run();
      db.prepare(`INSERT INTO usage (session_id, source, input_tokens, output_tokens, cache_read_tokens, cost_usd, reported_total_usd, at) VALUES ('s1', 'claude-code', 10, 5, 2, 0.5, 0.5, 7)`).run();
      expect(() => db.prepare(`INSERT INTO usage (session_id, source, input_tokens, output_tokens, at) VALUES ('s1', 'acp', 1, 1, 8)`).run()).toThrow(/CHECK/);
    },
    check(db) {
      // The rows come along whole; an acp turn is now accepted, other sources still refused, the index is back, still owned by the session.
      expect(db.prepare(`SELECT session_id, source, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, reported_total_usd, at FROM usage`).all()).toEqual([
        { session_id: 's1', source: 'claude-code', input_tokens: 10, output_tokens: 5, cache_read_tokens: 2, cache_write_tokens: 0, cost_usd: 0.5, reported_total_usd: 0.5, at: 7 },
      ]);
      db.prepare(`INSERT INTO usage (session_id, source, input_tokens, output_tokens, at) VALUES ('s1', 'acp', 1, 1, 8)`).run();
      expect(() => db.prepare(`INSERT INTO usage (session_id, source, input_tokens, output_tokens, at) VALUES ('s1', 'other', 1, 1, 8)`).run()).toThrow(/CHECK/);
      expect(db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND name = 'usage_by_session'`).get()).toEqual({ n: 1 });
      db.prepare(`UPDATE sessions SET deleted_at = 5 WHERE id = 's1'`).run();
      db.prepare(`DELETE FROM sessions WHERE id = 's1'`).run();
      expect(db.prepare(`SELECT count(*) AS n FROM usage`).get()).toEqual({ n: 0 });
    },
  },
  10: {
    seed(db) {
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('s1', 'acp', '/w', 0, 1, 1)`).run();
      db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'acpAgent', '"gemini"')`).run();
      expect(() => db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'acpMode', '"yolo"')`).run()).toThrow(/CHECK/);
    },
    check(db) {
      // The rows come along; a chosen mode and model are now accepted, other names still refused, still owned by the session.
      expect(db.prepare(`SELECT session_id, name, value FROM session_options`).all()).toEqual([{ session_id: 's1', name: 'acpAgent', value: '"gemini"' }]);
      db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'acpMode', '"yolo"')`).run();
      db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'acpModel', '"fast"')`).run();
      expect(() => db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'colour', '1')`).run()).toThrow(/CHECK/);
      db.prepare(`UPDATE sessions SET deleted_at = 5 WHERE id = 's1'`).run();
      db.prepare(`DELETE FROM sessions WHERE id = 's1'`).run();
      expect(db.prepare(`SELECT count(*) AS n FROM session_options`).get()).toEqual({ n: 0 });
    },
  },
  11: {
    seed(db) {
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('s1', 'chat', '/w', 0, 1, 1)`).run();
      db.prepare(`INSERT INTO ambient_calls (kind, session_id, provider, model, verdict, reason, at) VALUES ('pickup-note', 's1', 'anthropic', 'haiku', 'reject', 'format', 5)`).run();
    },
    check(db) {
      // An older row reads as a first attempt; a second attempt names what became of the first, and nothing else.
      expect(db.prepare(`SELECT kind, session_id, verdict, retry_of FROM ambient_calls`).all()).toEqual([{ kind: 'pickup-note', session_id: 's1', verdict: 'reject', retry_of: null }]);
      db.prepare(`INSERT INTO ambient_calls (kind, session_id, provider, model, verdict, retry_of, at) VALUES ('pickup-note', 's1', 'anthropic', 'haiku', 'use', 'reject', 6)`).run();
      db.prepare(`INSERT INTO ambient_calls (kind, session_id, provider, model, verdict, retry_of, at) VALUES ('pickup-note', 's1', 'anthropic', 'haiku', 'use', 'error', 7)`).run();
      expect(() => db.prepare(`INSERT INTO ambient_calls (kind, provider, verdict, retry_of, at) VALUES ('pickup-note', 'anthropic', 'use', 'again', 8)`).run()).toThrow(/CHECK/);
      expect(db.prepare(`SELECT retry_of FROM ambient_calls ORDER BY at`).all()).toEqual([{ retry_of: null }, { retry_of: 'reject' }, { retry_of: 'error' }]);
    },
  },
  12: {
    seed(db) {
      const add = db.prepare(`INSERT INTO sessions (id, kind, folder, position, pinned, created_at, updated_at) VALUES (?, 'chat', '/w', ?, ?, 1, ?)`);
      add.run('old', 0, 0, 100);
      add.run('new', 1, 0, 300);
      add.run('pin', 2, 1, 50);
      add.run('mid', 3, 0, 200);
    },
    check(db) {
      // The rows stay; the swarm's order by time (pinned, newest first, id) is an index walk, no sort.
      const sql = `SELECT id FROM sessions WHERE deleted_at IS NULL ORDER BY pinned DESC, updated_at DESC, id`;
      expect(db.prepare(sql).all()).toEqual([{ id: 'pin' }, { id: 'new' }, { id: 'mid' }, { id: 'old' }]);
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join('\n');
      expect(plan).toContain('sessions_by_time');
      expect(plan).not.toContain('TEMP B-TREE');
    },
  },
  13: {
    seed(db) {
      db.prepare(`INSERT INTO sessions (id, kind, folder, status, position, created_at, updated_at) VALUES ('t1', 'terminal', '/w', 'error', 0, 1, 1)`).run();
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('c1', 'chat', '/w', 1, 1, 2)`).run();
    },
    check(db) {
      // The rows come along with no exit; an exited terminal keeps its code or its signal, a bad signal is refused.
      expect(db.prepare(`SELECT id, status, exit_code, exit_signal FROM sessions ORDER BY id`).all()).toEqual([
        { id: 'c1', status: 'idle', exit_code: null, exit_signal: null },
        { id: 't1', status: 'error', exit_code: null, exit_signal: null },
      ]);
      db.prepare(`UPDATE sessions SET status = 'exited', exit_code = 137, exit_signal = 'SIGKILL' WHERE id = 't1'`).run();
      expect(db.prepare(`SELECT status, exit_code, exit_signal FROM sessions WHERE id = 't1'`).get()).toEqual({ status: 'exited', exit_code: 137, exit_signal: 'SIGKILL' });
      expect(() => db.prepare(`UPDATE sessions SET exit_code = 'one' WHERE id = 't1'`).run()).toThrow(/cannot store TEXT value in INTEGER column/);
      expect(() => db.prepare(`UPDATE sessions SET exit_signal = '' WHERE id = 't1'`).run()).toThrow(/CHECK/);
    },
  },
  14: {
    seed(db) {
      const add = db.prepare(`INSERT INTO sessions (id, kind, folder, position, title, created_at, updated_at) VALUES (?, 'chat', '/w', 0, ?, 1, 1)`);
      add.run('old', 'Python decorators');
      add.run('new', null);
      const entry = db.prepare(`INSERT INTO entries (id, kind, text, created_at) VALUES (((SELECT rid FROM sessions WHERE id = ?) << 32) + ?, ?, ?, 2)`);
      entry.run('old', 0, 'user', 'how does a decorator work');
      entry.run('old', 1, 'tool-result', 'decorator output');
      entry.run('new', 0, 'assistant', 'the retry failed');
      // Indexed (as the flush leaves it), and one still queued.
      db.exec(`INSERT INTO entries_fts (rowid, text) SELECT id, text FROM entries WHERE kind IN ('user', 'assistant')`);
      db.exec(`INSERT INTO entries_fts_pending (id) SELECT ((SELECT rid FROM sessions WHERE id = 'new') << 32) + 1`);
      entry.run('new', 1, 'user', 'retries are failing');
    },
    check(db) {
      const count = (sql: string): unknown => (db.prepare(sql).get() as { n: number }).n;
      // The stemmed indexes are made empty (the background fill fills them); the prefix ones are as they were.
      expect(count(`SELECT count(*) AS n FROM entries_stem WHERE entries_stem MATCH 'decorators'`)).toBe(0);
      expect(count(`SELECT count(*) AS n FROM sessions_stem WHERE sessions_stem MATCH 'decorator'`)).toBe(0);
      expect(count(`SELECT count(*) AS n FROM entries_fts WHERE entries_fts MATCH '"decorator"*'`)).toBe(1);
      // The fill starts above the newest key of each table.
      const cursors = db.prepare(`SELECT entries_below - (SELECT max(id) FROM entries) AS e, sessions_below - (SELECT max(rid) FROM sessions) AS s FROM stem_fill`).get();
      expect(cursors).toEqual({ e: 1, s: 1 });
      // A new session's title goes in at once; a purge deletes only what the stemmed index holds.
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, title, created_at, updated_at) VALUES ('later', 'chat', '/w', 0, 'Retries', 3, 3)`).run();
      expect(db.prepare(`SELECT rowid FROM sessions_stem WHERE sessions_stem MATCH 'retry'`).all()).toEqual([{ rowid: 3 }]);
      db.exec(`UPDATE sessions SET deleted_at = 4 WHERE id IN ('old', 'later'); DELETE FROM sessions WHERE id IN ('old', 'later')`);
      expect(count(`SELECT count(*) AS n FROM sessions_stem WHERE sessions_stem MATCH 'retry'`)).toBe(0);
      for (const fts of ['entries_fts', 'sessions_fts', 'entries_stem', 'sessions_stem']) db.prepare(`INSERT INTO ${fts} (${fts}) VALUES ('integrity-check')`).run();
      expect(db.prepare(`SELECT id, kind FROM sessions`).all()).toEqual([{ id: 'new', kind: 'chat' }]);
      expect(count(`SELECT count(*) AS n FROM entries`)).toBe(2);
    },
  },
  15: {
    seed(db) {
      // A purged session first, so the AUTOINCREMENT counter is ahead of the rows.
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('gone', 'chat', '/w', 0, 1, 1)`).run();
      db.prepare(`UPDATE sessions SET deleted_at = 2 WHERE id = 'gone'`).run();
      db.prepare(`DELETE FROM sessions WHERE id = 'gone'`).run();
      const add = db.prepare(
        `INSERT INTO sessions (id, kind, folder, position, parent_id, title, title_source, first_user_line, created_at, updated_at) VALUES (?, 'chat', '/w', ?, ?, ?, 'auto', ?, 1, 1)`,
      );
      add.run('s1', 1, null, 'Fix kumquat parser', 'the parser drops kumquats');
      add.run('s2', 2, 's1', 'Subagent on quince', null);
      db.prepare(`INSERT INTO entries (id, kind, text, created_at) VALUES ((SELECT rid FROM sessions WHERE id = 's1') << 32, 'user', 'hello persimmon', 2)`).run();
      // Indexed as the repository's flush does since 014: both indexes, then off the queue.
      db.exec(`INSERT INTO entries_fts (rowid, text) SELECT id, text FROM entries; INSERT INTO entries_stem (rowid, text) SELECT id, text FROM entries; DELETE FROM entries_fts_pending`);
      db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'chat', '{}')`).run();
      db.prepare(`INSERT INTO title_history (session_id, value, source, model, at) VALUES ('s1', 'Fix kumquat parser', 'auto', 'haiku', 3)`).run();
      db.prepare(`INSERT INTO usage (session_id, source, input_tokens, output_tokens, at) VALUES ('s1', 'chat', 10, 2, 4)`).run();
      db.prepare(`INSERT INTO ambient_calls (kind, session_id, provider, verdict, at) VALUES ('title', 's1', 'anthropic', 'use', 5)`).run();
      expect(() => db.prepare(`UPDATE sessions SET title_source = 'agent' WHERE id = 's1'`).run()).toThrow(/CHECK/);
      expect(() => db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'autoTitle', 'false')`).run()).toThrow(/CHECK/);
    },
    check(db) {
      // Rows keep their rids, so both search indexes still find them; every per-session row is still there.
      const rids = db.prepare(`SELECT id, rid FROM sessions ORDER BY rid`).all() as Array<{ id: string; rid: number }>;
      expect(rids).toEqual([{ id: 's1', rid: 2 }, { id: 's2', rid: 3 }]);
      expect(db.prepare(`SELECT rowid FROM sessions_fts WHERE sessions_fts MATCH 'kumquat'`).all()).toEqual([{ rowid: 2 }]);
      expect(db.prepare(`SELECT rowid >> 32 AS rid FROM entries_fts WHERE entries_fts MATCH 'persimmon'`).all()).toEqual([{ rid: 2 }]);
      expect(db.prepare(`SELECT rowid FROM sessions_stem WHERE sessions_stem MATCH 'kumquats'`).all()).toEqual([{ rowid: 2 }]);
      // Columns earlier migrations added come along (013's exit).
      expect(db.prepare(`SELECT exit_code, exit_signal FROM sessions WHERE id = 's1'`).get()).toEqual({ exit_code: null, exit_signal: null });
      expect(db.prepare(`SELECT rowid >> 32 AS rid FROM entries_stem WHERE entries_stem MATCH 'persimmons'`).all()).toEqual([{ rid: 2 }]);
      for (const t of ['session_options', 'title_history', 'usage', 'ambient_calls']) expect(db.prepare(`SELECT count(*) AS n FROM ${t}`).get(), t).toEqual({ n: 1 });
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      for (const t of ['sessions', 'title_history']) {
        expect((db.prepare(`SELECT sql FROM sqlite_master WHERE name = ?`).get(t) as { sql: string }).sql, t).toMatch(/\)\s*STRICT$/);
      }
      // An agent's title is accepted in both tables; anything else still refused.
      db.prepare(`UPDATE sessions SET title = 'Rename the kumquat', title_source = 'agent' WHERE id = 's1'`).run();
      db.prepare(`INSERT INTO title_history (session_id, value, source, at) VALUES ('s1', 'Rename the kumquat', 'agent', 6)`).run();
      expect(() => db.prepare(`UPDATE sessions SET title_source = 'robot' WHERE id = 's1'`).run()).toThrow(/CHECK/);
      expect(() => db.prepare(`INSERT INTO title_history (session_id, value, source, at) VALUES ('s1', 'x', 'robot', 7)`).run()).toThrow(/CHECK/);
      // "Title automatically" is a session's own option now; other names still refused.
      db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'autoTitle', 'false')`).run();
      expect(db.prepare(`SELECT name, value FROM session_options ORDER BY name`).all()).toEqual([{ name: 'autoTitle', value: 'false' }, { name: 'chat', value: '{}' }]);
      expect(() => db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'colour', '1')`).run()).toThrow(/CHECK/);
      // The triggers came back: the title index follows, entries stay append-only, a purge cascades.
      expect(db.prepare(`SELECT rowid FROM sessions_fts WHERE sessions_fts MATCH 'rename'`).all()).toEqual([{ rowid: 2 }]);
      expect(db.prepare(`SELECT count(*) AS n FROM sessions_fts WHERE sessions_fts MATCH 'title : parser'`).get()).toEqual({ n: 0 });
      expect(() => db.prepare(`DELETE FROM entries`).run()).toThrow(/append-only/);
      expect(() => db.prepare(`DELETE FROM sessions WHERE id = 's2'`).run()).toThrow(/soft-deleted/);
      // A new session never takes the purged session's number.
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('s3', 'chat', '/w', 3, 1, 1)`).run();
      expect(db.prepare(`SELECT rid FROM sessions WHERE id = 's3'`).get()).toEqual({ rid: 4 });
      db.prepare(`UPDATE sessions SET deleted_at = 9 WHERE id IN ('s1', 's2')`).run();
      db.prepare(`DELETE FROM sessions WHERE id = 's1'`).run();
      expect(db.prepare(`SELECT count(*) AS n FROM entries`).get()).toEqual({ n: 0 });
      for (const t of ['session_options', 'title_history', 'usage']) expect(db.prepare(`SELECT count(*) AS n FROM ${t}`).get(), t).toEqual({ n: 0 });
      expect(db.prepare(`SELECT id FROM sessions ORDER BY rid`).all()).toEqual([{ id: 's3' }]);
      expect(db.prepare(`SELECT session_id FROM ambient_calls`).get()).toEqual({ session_id: null });
    },
  },
  16: {
    seed(db) {
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('s1', 'chat', '/w', 1, 1, 1)`).run();
      db.prepare(`INSERT INTO session_options (session_id, name, value) VALUES ('s1', 'chat', '{}')`).run();
    },
    check(db) {
      expect(db.prepare(`SELECT count(*) AS n FROM session_options`).get()).toEqual({ n: 1 });
      expect((db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'review_comments'`).get() as { sql: string }).sql).toMatch(/\)\s*STRICT$/);
      const add = db.prepare(
        `INSERT INTO review_comments (id, session_id, path, side, start_line, end_line, quote, body, created_at, updated_at, origin, forge_id) VALUES (?, 's1', 'a.ts', ?, ?, ?, 'x', ?, 2, 2, ?, ?)`,
      );
      add.run('c1', 'new', 3, 4, 'rename this', 'local', null);
      add.run('c2', 'file', null, null, 'binary?', 'local', null);
      add.run('c3', 'old', 1, 1, 'from the PR', 'forge', 'gh-1');
      expect(db.prepare(`SELECT id, state, sent_at FROM review_comments ORDER BY id`).all()).toEqual([
        { id: 'c1', state: 'draft', sent_at: null },
        { id: 'c2', state: 'draft', sent_at: null },
        { id: 'c3', state: 'draft', sent_at: null },
      ]);
      // A forge comment pulled twice is refused; bad shapes are refused.
      expect(() => add.run('c4', 'old', 1, 1, 'again', 'forge', 'gh-1')).toThrow(/UNIQUE/);
      expect(() => add.run('c5', 'new', null, null, 'no lines', 'local', null)).toThrow(/CHECK/);
      expect(() => add.run('c6', 'new', 5, 4, 'backwards', 'local', null)).toThrow(/CHECK/);
      expect(() => add.run('c7', 'new', 1, 1, '', 'local', null)).toThrow(/CHECK/);
      expect(() => add.run('c8', 'new', 1, 1, 'x', 'local', 'gh-2')).toThrow(/CHECK/);
      expect(() => db.prepare(`UPDATE review_comments SET state = 'lost' WHERE id = 'c1'`).run()).toThrow(/CHECK/);
      expect(() => add.run('c9', 'sideways', 1, 1, 'x', 'local', null)).toThrow(/CHECK/);
      // Purged with the session.
      db.prepare(`UPDATE sessions SET deleted_at = 9 WHERE id = 's1'`).run();
      db.prepare(`DELETE FROM sessions WHERE id = 's1'`).run();
      expect(db.prepare(`SELECT count(*) AS n FROM review_comments`).get()).toEqual({ n: 0 });
    },
  },
  17: {
    seed(db) {
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, title, created_at, updated_at) VALUES ('c1', 'chat', '/w', 0, 'Fix kumquat parser', 1, 1)`).run();
      db.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('t1', 'terminal', '/w', 1, 1, 2)`).run();
    },
    check(db) {
      // The rows come along with no activity; one line of up to 200 characters is kept, an empty or longer one refused.
      expect(db.prepare(`SELECT id, title, activity FROM sessions ORDER BY id`).all()).toEqual([
        { id: 'c1', title: 'Fix kumquat parser', activity: null },
        { id: 't1', title: null, activity: null },
      ]);
      db.prepare(`UPDATE sessions SET activity = 'edited src/parser.ts' WHERE id = 'c1'`).run();
      expect(db.prepare(`SELECT activity FROM sessions WHERE id = 'c1'`).get()).toEqual({ activity: 'edited src/parser.ts' });
      expect(() => db.prepare(`UPDATE sessions SET activity = '' WHERE id = 'c1'`).run()).toThrow(/CHECK/);
      expect(() => db.prepare(`UPDATE sessions SET activity = ? WHERE id = 'c1'`).run('x'.repeat(201))).toThrow(/CHECK/);
    },
  },
};

describe('migrations', () => {
  it('are numbered 1..n and each has an upgrade test', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(LATEST_VERSION).toBe(MIGRATIONS.length);
    for (const m of MIGRATIONS) expect(CASES[m.version], `no test case for migration ${m.version}`).toBeDefined();
  });

  for (const m of MIGRATIONS) {
    it(`${String(m.version).padStart(3, '0')}_${m.name}: upgrades a version ${m.version - 1} database with rows`, () => {
      const db = openAt(m.version - 1);
      const c = CASES[m.version]!;
      c.seed(db);
      expect(applyMigrations(db, MIGRATIONS.slice(0, m.version))).toEqual([m.version]);
      expect(db.pragma('user_version', { simple: true })).toBe(m.version);
      c.check(db);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
    });
  }

  it('a failing migration leaves the file at the previous whole version', () => {
    const db = openAt(LATEST_VERSION);
    const broken: Migration = {
      version: LATEST_VERSION + 1,
      name: 'broken',
      up(d) {
        d.exec('CREATE TABLE half_done (x INTEGER) STRICT');
        d.exec('INSERT INTO no_such_table VALUES (1)');
      },
    };
    expect(() => applyMigrations(db, [...MIGRATIONS, broken])).toThrow(/no such table/);
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name = 'half_done'`).get()).toEqual({ n: 0 });
    db.close();
  });

  it('refuses a list with a gap in its numbering', () => {
    const db = openAt(0);
    const gap: Migration = { version: MIGRATIONS.length + 2, name: 'gap', up() {} };
    expect(() => applyMigrations(db, [...MIGRATIONS, gap])).toThrow(/without gaps/);
    db.close();
  });
});
