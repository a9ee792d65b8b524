import type { Migration } from './types';

/*
 * The first schema. Notes on choices that are not obvious:
 * - An entry's key is `(session rid << 32) | seq`: a session's transcript is
 *   one contiguous range of the entries B-tree. Appending, paging and purging
 *   are range operations on the primary key with no second index, and a
 *   full-text hit names its session by `rowid >> 32` without a join (search
 *   over a million entries stays within a keystroke). `session_rid` and `seq`
 *   are virtual columns for reading. Only SQL ever computes these keys: they
 *   exceed JavaScript's safe integers.
 * - `sessions.rid` is AUTOINCREMENT, so a purged session's number is never
 *   reused, and it is an explicit rowid alias, so it (and the FTS tables keyed
 *   by rowid) survives VACUUM / VACUUM INTO (our backups). `sessions.id` (the
 *   app's id) is UNIQUE NOT NULL and what foreign keys use.
 * - Entries are append-only: a trigger aborts any UPDATE, and a DELETE unless
 *   its session is soft-deleted or gone. Purging a session (only possible once
 *   it is soft-deleted) deletes its entry range in a trigger.
 * - `entries_fts` indexes what was said (user, assistant, steer, summary, note,
 *   tool-use lines), not tool results or thinking: those are large and noisy.
 *   Indexing is deferred through `entries_fts_pending` (see below). An
 *   external-content index must only be told to delete rows it indexed: the
 *   delete trigger checks the kind and that the row is no longer pending.
 */
const SQL = `
CREATE TABLE sessions (
  rid INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  folder TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'idle',
  archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
  pinned INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1)),
  position REAL NOT NULL,
  parent_id TEXT REFERENCES sessions(id) ON DELETE CASCADE,
  backend_id TEXT,
  title TEXT,
  title_source TEXT CHECK (title_source IS NULL OR title_source IN ('auto', 'user', 'imported', 'recovered')),
  title_pinned INTEGER NOT NULL DEFAULT 0 CHECK (title_pinned IN (0, 1)),
  first_user_line TEXT,
  subtitle TEXT,
  unread INTEGER NOT NULL DEFAULT 0 CHECK (unread IN (0, 1)),
  deleted_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  last_opened_at INTEGER
) STRICT;

CREATE INDEX sessions_order ON sessions (pinned DESC, position, id) WHERE deleted_at IS NULL;
CREATE INDEX sessions_parent ON sessions (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX sessions_deleted ON sessions (deleted_at) WHERE deleted_at IS NOT NULL;

CREATE TABLE entries (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  text TEXT NOT NULL,
  meta TEXT CHECK (meta IS NULL OR json_valid(meta)),
  created_at INTEGER NOT NULL,
  session_rid INTEGER GENERATED ALWAYS AS (id >> 32) VIRTUAL,
  seq INTEGER GENERATED ALWAYS AS (id & 4294967295) VIRTUAL
) STRICT;

CREATE TRIGGER entries_no_update BEFORE UPDATE ON entries
BEGIN
  SELECT RAISE(ABORT, 'entries are append-only');
END;

CREATE TRIGGER entries_delete_only_by_purge BEFORE DELETE ON entries
WHEN EXISTS (SELECT 1 FROM sessions WHERE rid = old.id >> 32 AND deleted_at IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'entries are append-only');
END;

CREATE TRIGGER sessions_purge_entries AFTER DELETE ON sessions
BEGIN
  DELETE FROM entries WHERE id BETWEEN (old.rid << 32) AND (old.rid << 32) + 4294967295;
END;

CREATE TRIGGER sessions_delete_only_when_soft_deleted BEFORE DELETE ON sessions
WHEN old.deleted_at IS NULL
BEGIN
  SELECT RAISE(ABORT, 'only a soft-deleted session can be purged');
END;

CREATE VIRTUAL TABLE entries_fts USING fts5(
  text,
  content = 'entries',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);

-- Indexing costs ~1 µs per word, several times the insert itself, so the append
-- path only queues the entry; EntriesRepo.flushIndex indexes the queue in batches
-- (before every search, and periodically). The queue commits with the entry.
CREATE TABLE entries_fts_pending (id INTEGER PRIMARY KEY) STRICT;

CREATE TRIGGER entries_fts_queue AFTER INSERT ON entries
WHEN new.kind IN ('user', 'assistant', 'steer', 'summary', 'note', 'tool-use')
BEGIN
  INSERT INTO entries_fts_pending (id) VALUES (new.id);
END;

-- One trigger, so "was it still pending?" is asked before the queue row goes.
CREATE TRIGGER entries_fts_delete AFTER DELETE ON entries
WHEN old.kind IN ('user', 'assistant', 'steer', 'summary', 'note', 'tool-use')
BEGIN
  INSERT INTO entries_fts (entries_fts, rowid, text)
    SELECT 'delete', old.id, old.text WHERE NOT EXISTS (SELECT 1 FROM entries_fts_pending WHERE id = old.id);
  DELETE FROM entries_fts_pending WHERE id = old.id;
END;

CREATE VIRTUAL TABLE sessions_fts USING fts5(
  title,
  first_user_line,
  content = 'sessions',
  content_rowid = 'rid',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);

CREATE TRIGGER sessions_fts_insert AFTER INSERT ON sessions
BEGIN
  INSERT INTO sessions_fts (rowid, title, first_user_line) VALUES (new.rid, new.title, new.first_user_line);
END;

CREATE TRIGGER sessions_fts_update AFTER UPDATE OF title, first_user_line ON sessions
WHEN old.title IS NOT new.title OR old.first_user_line IS NOT new.first_user_line
BEGIN
  INSERT INTO sessions_fts (sessions_fts, rowid, title, first_user_line)
    VALUES ('delete', old.rid, old.title, old.first_user_line);
  INSERT INTO sessions_fts (rowid, title, first_user_line) VALUES (new.rid, new.title, new.first_user_line);
END;

CREATE TRIGGER sessions_fts_delete AFTER DELETE ON sessions
BEGIN
  INSERT INTO sessions_fts (sessions_fts, rowid, title, first_user_line)
    VALUES ('delete', old.rid, old.title, old.first_user_line);
END;

CREATE TABLE title_history (
  id INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  value TEXT,
  source TEXT NOT NULL CHECK (source IN ('auto', 'user', 'imported', 'recovered')),
  model TEXT,
  at INTEGER NOT NULL
) STRICT;

CREATE INDEX title_history_session ON title_history (session_id, at);

CREATE TABLE ambient_calls (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  session_id TEXT REFERENCES sessions(id) ON DELETE SET NULL,
  provider TEXT NOT NULL,
  model TEXT,
  input_chars INTEGER NOT NULL DEFAULT 0,
  output_chars INTEGER NOT NULL DEFAULT 0,
  tokens_in INTEGER,
  tokens_out INTEGER,
  latency_ms INTEGER NOT NULL DEFAULT 0,
  verdict TEXT NOT NULL CHECK (verdict IN ('use', 'skip', 'reject', 'error')),
  reason TEXT,
  reply_excerpt TEXT,
  at INTEGER NOT NULL
) STRICT;

CREATE INDEX ambient_calls_at ON ambient_calls (at);
CREATE INDEX ambient_calls_session ON ambient_calls (session_id, kind, at) WHERE session_id IS NOT NULL;

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL CHECK (json_valid(value))
) STRICT;
`;

export const migration001: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    db.exec(SQL);
  },
};
