import { existsSync, statSync } from 'node:fs';
import { openReadOnly, quickCheck, userVersion, type ConnectionOptions } from './connection';

export type Inspection =
  | { readonly state: 'missing' }
  | { readonly state: 'ok'; readonly version: number; readonly hasSchema: boolean }
  | { readonly state: 'damaged'; readonly reason: string };

/** SQLite's own words for "this file is damaged", as opposed to "cannot reach it". */
const DAMAGE_CODES = /^SQLITE_(CORRUPT|NOTADB)/;

function errorCode(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : '';
}

/** Whether better-sqlite3 threw because the file is damaged (not locked, not unreadable). */
export function isDamageError(err: unknown): boolean {
  return DAMAGE_CODES.test(errorCode(err));
}

/**
 * Looks at a database file without changing it: its schema version and
 * (unless `fullCheck` is false) a `quick_check`. Only SQLite's corruption codes count as damage; a locked or
 * unreadable file is thrown, never moved aside.
 */
export function inspectDatabase(file: string, options: ConnectionOptions, fullCheck = true): Inspection {
  if (!existsSync(file) || statSync(file).size === 0) return { state: 'missing' };
  let db;
  try {
    db = openReadOnly(file, options);
    const version = userVersion(db);
    const problem = fullCheck ? quickCheck(db) : null;
    if (problem) return { state: 'damaged', reason: problem };
    const tables = db.prepare('SELECT count(*) AS n FROM sqlite_master').get() as { n: number };
    return { state: 'ok', version, hasSchema: tables.n > 0 };
  } catch (err) {
    if (isDamageError(err)) {
      return { state: 'damaged', reason: err instanceof Error ? err.message : String(err) };
    }
    throw err;
  } finally {
    db?.close();
  }
}
