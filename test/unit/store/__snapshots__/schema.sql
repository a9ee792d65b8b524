-- user_version 17
-- index ambient_calls_at on ambient_calls
CREATE INDEX ambient_calls_at ON ambient_calls (at);

-- index ambient_calls_session on ambient_calls
CREATE INDEX ambient_calls_session ON ambient_calls (session_id, kind, at) WHERE session_id IS NOT NULL;

-- index import_files_session on import_files
CREATE INDEX import_files_session ON import_files (session_id) WHERE session_id IS NOT NULL;

-- index review_comments_by_session on review_comments
CREATE INDEX review_comments_by_session ON review_comments (session_id, created_at);

-- index sessions_by_time on sessions
CREATE INDEX sessions_by_time ON sessions (pinned DESC, updated_at DESC, id) WHERE deleted_at IS NULL;

-- index sessions_deleted on sessions
CREATE INDEX sessions_deleted ON sessions (deleted_at) WHERE deleted_at IS NOT NULL;

-- index sessions_order on sessions
CREATE INDEX sessions_order ON sessions (pinned DESC, position, id) WHERE deleted_at IS NULL;

-- index sessions_parent on sessions
CREATE INDEX sessions_parent ON sessions (parent_id) WHERE parent_id IS NOT NULL;

-- index title_history_session on title_history
CREATE INDEX title_history_session ON title_history (session_id, at);

-- index usage_by_session on usage
CREATE INDEX usage_by_session ON usage (session_id, at);

-- table ambient_calls on ambient_calls
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
, retry_of TEXT CHECK (retry_of IN ('reject', 'error'))) STRICT;

-- table entries on entries
CREATE TABLE entries (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  text TEXT NOT NULL,
  meta TEXT CHECK (meta IS NULL OR json_valid(meta)),
  created_at INTEGER NOT NULL,
  session_rid INTEGER GENERATED ALWAYS AS (id >> 32) VIRTUAL,
  seq INTEGER GENERATED ALWAYS AS (id & 4294967295) VIRTUAL
) STRICT;

-- table entries_fts on entries_fts
CREATE VIRTUAL TABLE entries_fts USING fts5(
  text,
  content = 'entries',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6 7 8'
);

-- table entries_fts_config on entries_fts_config
CREATE TABLE 'entries_fts_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table entries_fts_data on entries_fts_data
CREATE TABLE 'entries_fts_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table entries_fts_docsize on entries_fts_docsize
CREATE TABLE 'entries_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table entries_fts_idx on entries_fts_idx
CREATE TABLE 'entries_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table entries_fts_pending on entries_fts_pending
CREATE TABLE entries_fts_pending (id INTEGER PRIMARY KEY) STRICT;

-- table entries_stem on entries_stem
CREATE VIRTUAL TABLE entries_stem USING fts5(
  text,
  content = 'entries',
  content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);

-- table entries_stem_config on entries_stem_config
CREATE TABLE 'entries_stem_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table entries_stem_data on entries_stem_data
CREATE TABLE 'entries_stem_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table entries_stem_docsize on entries_stem_docsize
CREATE TABLE 'entries_stem_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table entries_stem_early on entries_stem_early
CREATE TABLE entries_stem_early (id INTEGER PRIMARY KEY) STRICT;

-- table entries_stem_idx on entries_stem_idx
CREATE TABLE 'entries_stem_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table import_files on import_files
CREATE TABLE import_files (
  path TEXT PRIMARY KEY,
  source TEXT NOT NULL CHECK (source IN ('claude-code', 'codex')),
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  ino INTEGER NOT NULL,
  offset INTEGER NOT NULL,
  facts TEXT NOT NULL CHECK (json_valid(facts)),
  session_id TEXT
) STRICT;

-- table review_comments on review_comments
CREATE TABLE review_comments (
  id TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  path TEXT NOT NULL CHECK (length(path) BETWEEN 1 AND 4096),
  side TEXT NOT NULL CHECK (side IN ('old', 'new', 'file')),
  start_line INTEGER CHECK (start_line IS NULL OR start_line >= 1),
  end_line INTEGER CHECK (end_line IS NULL OR end_line >= start_line),
  quote TEXT NOT NULL,
  head_sha TEXT,
  content_hash TEXT,
  origin TEXT NOT NULL DEFAULT 'local' CHECK (origin IN ('local', 'forge')),
  forge_id TEXT UNIQUE,
  forge_author TEXT,
  forge_url TEXT,
  state TEXT NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'sent', 'outdated', 'resolved')),
  body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 102400),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  sent_at INTEGER,
  CHECK ((side = 'file') = (start_line IS NULL)),
  CHECK ((start_line IS NULL) = (end_line IS NULL)),
  CHECK ((origin = 'forge') = (forge_id IS NOT NULL))
) STRICT;

-- table session_options on session_options
CREATE TABLE "session_options" (
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (name IN ('autoTitle', 'permissionMode', 'chat', 'summary', 'worktree', 'acpAgent', 'acpMode', 'acpModel')),
  value TEXT NOT NULL CHECK (json_valid(value)),
  PRIMARY KEY (session_id, name)
) STRICT, WITHOUT ROWID;

-- table sessions on sessions
CREATE TABLE "sessions" (
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
  title_source TEXT CHECK (title_source IS NULL OR title_source IN ('auto', 'user', 'imported', 'recovered', 'agent')),
  title_pinned INTEGER NOT NULL DEFAULT 0 CHECK (title_pinned IN (0, 1)),
  first_user_line TEXT,
  subtitle TEXT,
  unread INTEGER NOT NULL DEFAULT 0 CHECK (unread IN (0, 1)),
  deleted_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  last_opened_at INTEGER
, exit_code INTEGER, exit_signal TEXT CHECK (exit_signal IS NULL OR (length(exit_signal) BETWEEN 1 AND 16)), activity TEXT CHECK (activity IS NULL OR (length(activity) BETWEEN 1 AND 200))) STRICT;

-- table sessions_fts on sessions_fts
CREATE VIRTUAL TABLE sessions_fts USING fts5(
  title,
  first_user_line,
  content = 'sessions',
  content_rowid = 'rid',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3 4 5 6 7 8'
);

-- table sessions_fts_config on sessions_fts_config
CREATE TABLE 'sessions_fts_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table sessions_fts_data on sessions_fts_data
CREATE TABLE 'sessions_fts_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table sessions_fts_docsize on sessions_fts_docsize
CREATE TABLE 'sessions_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table sessions_fts_idx on sessions_fts_idx
CREATE TABLE 'sessions_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table sessions_stem on sessions_stem
CREATE VIRTUAL TABLE sessions_stem USING fts5(
  title,
  first_user_line,
  content = 'sessions',
  content_rowid = 'rid',
  tokenize = 'porter unicode61 remove_diacritics 2',
  prefix = '1 2 3 4'
);

-- table sessions_stem_config on sessions_stem_config
CREATE TABLE 'sessions_stem_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table sessions_stem_data on sessions_stem_data
CREATE TABLE 'sessions_stem_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table sessions_stem_docsize on sessions_stem_docsize
CREATE TABLE 'sessions_stem_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table sessions_stem_idx on sessions_stem_idx
CREATE TABLE 'sessions_stem_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table settings on settings
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL CHECK (json_valid(value))
) STRICT;

-- table sqlite_sequence on sqlite_sequence
CREATE TABLE sqlite_sequence(name,seq);

-- table stem_fill on stem_fill
CREATE TABLE stem_fill (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  entries_below INTEGER NOT NULL,
  sessions_below INTEGER NOT NULL
) STRICT;

-- table title_history on title_history
CREATE TABLE "title_history" (
  id INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  value TEXT,
  source TEXT NOT NULL CHECK (source IN ('auto', 'user', 'imported', 'recovered', 'agent')),
  model TEXT,
  at INTEGER NOT NULL
) STRICT;

-- table usage on usage
CREATE TABLE "usage" (
  id INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  source TEXT NOT NULL CHECK (source IN ('claude-code', 'chat', 'acp')),
  input_tokens INTEGER NOT NULL CHECK (input_tokens >= 0),
  output_tokens INTEGER NOT NULL CHECK (output_tokens >= 0),
  cache_read_tokens INTEGER NOT NULL DEFAULT 0 CHECK (cache_read_tokens >= 0),
  cache_write_tokens INTEGER NOT NULL DEFAULT 0 CHECK (cache_write_tokens >= 0),
  cost_usd REAL CHECK (cost_usd IS NULL OR cost_usd >= 0),
  reported_total_usd REAL CHECK (reported_total_usd IS NULL OR reported_total_usd >= 0),
  at INTEGER NOT NULL
) STRICT;

-- trigger entries_delete_only_by_purge on entries
CREATE TRIGGER entries_delete_only_by_purge BEFORE DELETE ON entries
WHEN EXISTS (SELECT 1 FROM sessions WHERE rid = old.id >> 32 AND deleted_at IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'entries are append-only');
END;

-- trigger entries_fts_delete on entries
CREATE TRIGGER entries_fts_delete AFTER DELETE ON entries
WHEN old.kind IN ('user', 'assistant', 'steer', 'summary', 'note', 'tool-use')
BEGIN
  INSERT INTO entries_fts (entries_fts, rowid, text)
    SELECT 'delete', old.id, old.text WHERE NOT EXISTS (SELECT 1 FROM entries_fts_pending WHERE id = old.id);
  INSERT INTO entries_stem (entries_stem, rowid, text)
    SELECT 'delete', old.id, old.text WHERE NOT EXISTS (SELECT 1 FROM entries_fts_pending WHERE id = old.id)
      AND (old.id >= (SELECT entries_below FROM stem_fill) OR EXISTS (SELECT 1 FROM entries_stem_early WHERE id = old.id));
  DELETE FROM entries_fts_pending WHERE id = old.id;
  DELETE FROM entries_stem_early WHERE id = old.id;
END;

-- trigger entries_no_update on entries
CREATE TRIGGER entries_no_update BEFORE UPDATE ON entries
BEGIN
  SELECT RAISE(ABORT, 'entries are append-only');
END;

-- trigger sessions_delete_only_when_soft_deleted on sessions
CREATE TRIGGER sessions_delete_only_when_soft_deleted BEFORE DELETE ON sessions
WHEN old.deleted_at IS NULL
BEGIN
  SELECT RAISE(ABORT, 'only a soft-deleted session can be purged');
END;

-- trigger sessions_fts_delete on sessions
CREATE TRIGGER sessions_fts_delete AFTER DELETE ON sessions
BEGIN
  INSERT INTO sessions_fts (sessions_fts, rowid, title, first_user_line)
    VALUES ('delete', old.rid, old.title, old.first_user_line);
END;

-- trigger sessions_fts_insert on sessions
CREATE TRIGGER sessions_fts_insert AFTER INSERT ON sessions
BEGIN
  INSERT INTO sessions_fts (rowid, title, first_user_line) VALUES (new.rid, new.title, new.first_user_line);
END;

-- trigger sessions_fts_update on sessions
CREATE TRIGGER sessions_fts_update AFTER UPDATE OF title, first_user_line ON sessions
WHEN old.title IS NOT new.title OR old.first_user_line IS NOT new.first_user_line
BEGIN
  INSERT INTO sessions_fts (sessions_fts, rowid, title, first_user_line)
    VALUES ('delete', old.rid, old.title, old.first_user_line);
  INSERT INTO sessions_fts (rowid, title, first_user_line) VALUES (new.rid, new.title, new.first_user_line);
END;

-- trigger sessions_purge_entries on sessions
CREATE TRIGGER sessions_purge_entries AFTER DELETE ON sessions
BEGIN
  DELETE FROM entries WHERE id BETWEEN (old.rid << 32) AND (old.rid << 32) + 4294967295;
END;

-- trigger sessions_stem_delete on sessions
CREATE TRIGGER sessions_stem_delete AFTER DELETE ON sessions
WHEN old.rid >= (SELECT sessions_below FROM stem_fill)
BEGIN
  INSERT INTO sessions_stem (sessions_stem, rowid, title, first_user_line)
    VALUES ('delete', old.rid, old.title, old.first_user_line);
END;

-- trigger sessions_stem_insert on sessions
CREATE TRIGGER sessions_stem_insert AFTER INSERT ON sessions
WHEN new.rid >= (SELECT sessions_below FROM stem_fill)
BEGIN
  INSERT INTO sessions_stem (rowid, title, first_user_line) VALUES (new.rid, new.title, new.first_user_line);
END;

-- trigger sessions_stem_update on sessions
CREATE TRIGGER sessions_stem_update AFTER UPDATE OF title, first_user_line ON sessions
WHEN (old.title IS NOT new.title OR old.first_user_line IS NOT new.first_user_line)
  AND old.rid >= (SELECT sessions_below FROM stem_fill)
BEGIN
  INSERT INTO sessions_stem (sessions_stem, rowid, title, first_user_line)
    VALUES ('delete', old.rid, old.title, old.first_user_line);
  INSERT INTO sessions_stem (rowid, title, first_user_line) VALUES (new.rid, new.title, new.first_user_line);
END;
