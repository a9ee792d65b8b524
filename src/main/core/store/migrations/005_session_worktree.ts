import type { Migration } from './types';

/*
 * A session's git worktree (SPEC §8) is one of its own options: `worktree`
 * joins the names session_options accepts. SQLite cannot change a CHECK in
 * place, so the table is rebuilt with its rows (nothing references it).
 */
const SQL = `
CREATE TABLE session_options_new (
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (name IN ('permissionMode', 'chat', 'summary', 'worktree')),
  value TEXT NOT NULL CHECK (json_valid(value)),
  PRIMARY KEY (session_id, name)
) STRICT, WITHOUT ROWID;
INSERT INTO session_options_new (session_id, name, value) SELECT session_id, name, value FROM session_options;
DROP TABLE session_options;
ALTER TABLE session_options_new RENAME TO session_options;
`;

export const migration005: Migration = {
  version: 5,
  name: 'session_worktree',
  up(db) {
    db.exec(SQL);
  },
};
