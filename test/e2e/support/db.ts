import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DB_FILE_NAME } from '../../../src/main/core/store/dataDir';

export interface StoredEntry {
  readonly kind: string;
  readonly text: string;
}

export interface DbLook {
  /** `PRAGMA integrity_check`: 'ok' when the file is sound. */
  readonly integrity: string;
  readonly entries: StoredEntry[];
  readonly sessions: Array<{ id: string; kind: string; status: string; parentId: string | null; backendId: string | null }>;
  /** The transcript files the import has read (its cursors), and the session each became (null: none). */
  readonly importFiles: Array<{ path: string; sessionId: string | null }>;
}

/**
 * Opens the app's database file read-only, as a stranger would after a crash
 * (no migrations, no recovery), and reads what is there.
 */
export function lookIntoDb(dataDir: string): DbLook {
  const db = new Database(join(dataDir, DB_FILE_NAME), { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check;
    const entries = db.prepare('SELECT kind, text FROM entries ORDER BY id').all() as StoredEntry[];
    const sessions = db
      .prepare('SELECT id, kind, status, parent_id AS parentId, backend_id AS backendId FROM sessions ORDER BY rid')
      .all() as DbLook['sessions'];
    const importFiles = db.prepare('SELECT path, session_id AS sessionId FROM import_files ORDER BY path').all() as DbLook['importFiles'];
    return { integrity, entries, sessions, importFiles };
  } finally {
    db.close();
  }
}
