import type { Database } from 'better-sqlite3';
import type { Migration } from './types';

/*
 * An agent names its own session and the user steers titles (issue 33):
 * `agent` joins the title sources of sessions and title_history, and
 * `autoTitle` (a session's "Title automatically") the names of session_options. SQLite cannot change a CHECK in place, and
 * sessions is the parent of every per-session table, so this is SQLite's
 * documented rebuild with foreign keys off (the migrator turns them off for
 * it and checks them before commit): a new table from the old one's own SQL
 * (so columns other migrations added come along), rows copied with their
 * rids (the search index and every entry key use them), the old table
 * dropped, the new one renamed, its indexes and triggers made again, and
 * triggers of other tables that name it dropped and made again (a rename
 * refuses a schema that names a missing table). AUTOINCREMENT's counter is
 * carried, so a purged session's number is still never reused.
 */
const OLD_SOURCES = `IN ('auto', 'user', 'imported', 'recovered')`;
const NEW_SOURCES = `IN ('auto', 'user', 'imported', 'recovered', 'agent')`;

interface SchemaRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string;
}

/** The title source CHECK with `agent` added (it must be there exactly once). */
function withAgentSource(table: string, sql: string): string {
  if (sql.split(OLD_SOURCES).length !== 2) throw new Error(`title source migration: ${table}'s title source CHECK is not the expected one`);
  return sql.replace(OLD_SOURCES, NEW_SOURCES);
}

/** session_options' name CHECK with `autoTitle` first (whatever names other migrations added). */
function withAutoTitleOption(table: string, sql: string): string {
  const names = /name IN \(/g;
  if ((sql.match(names) ?? []).length !== 1) throw new Error(`title source migration: ${table}'s name CHECK is not the expected one`);
  return sql.replace(names, `name IN ('autoTitle', `);
}

function rebuild(db: Database, table: string, edit: (table: string, sql: string) => string): void {
  const own = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) as { sql: string } | undefined;
  if (!own) throw new Error(`title source migration: no table ${table}`);
  const created = own.sql.replace(new RegExp(`^CREATE TABLE ("?)${table}\\1`), `CREATE TABLE ${table}_new`);
  if (created === own.sql) throw new Error(`title source migration: cannot read ${table}'s CREATE TABLE`);
  const views = db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'view'`).get() as { n: number };
  if (views.n > 0) throw new Error('title source migration: views are not carried by this rebuild');

  const dependents = (
    db
      .prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND (tbl_name = ? OR sql LIKE ?)`)
      .all(table, `%${table}%`) as SchemaRow[]
  ).filter((d) => d.tbl_name === table || d.type === 'trigger');
  const sequence = db.prepare(`SELECT seq FROM sqlite_sequence WHERE name = ?`).get(table) as { seq: number } | undefined;

  for (const d of dependents) if (d.tbl_name !== table) db.exec(`DROP TRIGGER ${d.name}`);
  db.exec(edit(table, created));
  db.exec(`INSERT INTO ${table}_new SELECT * FROM ${table}`);
  db.exec(`DROP TABLE ${table}`);
  db.exec(`ALTER TABLE ${table}_new RENAME TO ${table}`);
  for (const d of dependents) db.exec(d.sql);
  if (sequence) db.prepare(`UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?`).run(sequence.seq, table);
}

export const migration015: Migration = {
  version: 15,
  name: 'title_source_agent',
  foreignKeysOff: true,
  up(db) {
    rebuild(db, 'sessions', withAgentSource);
    rebuild(db, 'title_history', withAgentSource);
    rebuild(db, 'session_options', withAutoTitleOption);
  },
};
