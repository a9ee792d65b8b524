import type { Migration } from './types';

/*
 * The mode and model the user chose for an ACP session (issue 16) are its own
 * options, applied again whenever its agent starts: `acpMode` and `acpModel`
 * join the names session_options accepts. The table is rebuilt, as in 008.
 */
const SQL = `
CREATE TABLE session_options_new (
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (name IN ('permissionMode', 'chat', 'summary', 'worktree', 'acpAgent', 'acpMode', 'acpModel')),
  value TEXT NOT NULL CHECK (json_valid(value)),
  PRIMARY KEY (session_id, name)
) STRICT, WITHOUT ROWID;
INSERT INTO session_options_new (session_id, name, value) SELECT session_id, name, value FROM session_options;
DROP TABLE session_options;
ALTER TABLE session_options_new RENAME TO session_options;
`;

export const migration010: Migration = {
  version: 10,
  name: 'session_acp_choices',
  up(db) {
    db.exec(SQL);
  },
};
