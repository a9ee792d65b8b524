import type { Migration } from './types';

/*
 * An ACP session's agent (issue 16) is one of its own options: `acpAgent` joins
 * the names session_options accepts. SQLite cannot change a CHECK in place, so
 * the table is rebuilt with its rows (nothing references it), as in 005.
 */
const SQL = `
CREATE TABLE session_options_new (
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (name IN ('permissionMode', 'chat', 'summary', 'worktree', 'acpAgent')),
  value TEXT NOT NULL CHECK (json_valid(value)),
  PRIMARY KEY (session_id, name)
) STRICT, WITHOUT ROWID;
INSERT INTO session_options_new (session_id, name, value) SELECT session_id, name, value FROM session_options;
DROP TABLE session_options;
ALTER TABLE session_options_new RENAME TO session_options;
`;

export const migration008: Migration = {
  version: 8,
  name: 'session_acp_agent',
  up(db) {
    db.exec(SQL);
  },
};
