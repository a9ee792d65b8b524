import type { Migration } from './types';

/*
 * A session's own options (and the ambient engine's running summary of it),
 * one row per (session, name), owned by the session: purging the session
 * deletes them (ON DELETE CASCADE), so nothing of it is left behind. They
 * used to be settings keys named after the session
 * (`agents.permissionMode.<id>`, `agents.chat.<id>`, `ambient.summary.<id>`),
 * which nothing removed; those of live or trashed sessions move here, the
 * rest (sessions already purged) are dropped. `agents.permissionMode` (no
 * id: the default for all sessions) stays a setting.
 */
const SQL = `
CREATE TABLE session_options (
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (name IN ('permissionMode', 'chat', 'summary')),
  value TEXT NOT NULL CHECK (json_valid(value)),
  PRIMARY KEY (session_id, name)
) STRICT, WITHOUT ROWID;
`;

const MOVED: ReadonlyArray<{ prefix: string; name: string }> = [
  { prefix: 'agents.permissionMode.', name: 'permissionMode' },
  { prefix: 'agents.chat.', name: 'chat' },
  { prefix: 'ambient.summary.', name: 'summary' },
];

export const migration003: Migration = {
  version: 3,
  name: 'session_options',
  up(db) {
    db.exec(SQL);
    for (const { prefix, name } of MOVED) {
      const params = { prefix, name, len: prefix.length };
      db.prepare(
        `INSERT INTO session_options (session_id, name, value)
         SELECT s.id, @name, st.value FROM settings st JOIN sessions s ON s.id = substr(st.key, @len + 1)
         WHERE substr(st.key, 1, @len) = @prefix AND json_valid(st.value)`,
      ).run(params);
      db.prepare(`DELETE FROM settings WHERE substr(key, 1, @len) = @prefix`).run({ prefix, len: prefix.length });
    }
  },
};
