import type { Migration } from './types';

/*
 * Where the import of other tools' transcripts stands, one row per file
 * (SPEC §8 import): the size, mtime and inode last seen, the byte offset just
 * after the last whole line read, and the parser's small JSON facts. Written
 * in the same transaction as the entries that offset covers, so a crash can
 * neither skip nor repeat lines. `session_id` is not a foreign key: a session
 * the user deleted stays deleted, and its file is still remembered as read.
 */
const SQL = `
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

CREATE INDEX import_files_session ON import_files (session_id) WHERE session_id IS NOT NULL;
`;

export const migration002: Migration = {
  version: 2,
  name: 'import_files',
  up(db) {
    db.exec(SQL);
  },
};
