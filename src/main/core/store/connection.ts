import Database from 'better-sqlite3';

export type Db = Database.Database;

export interface ConnectionOptions {
  /** Path to better-sqlite3's .node file (Electron ships its own build). */
  readonly nativeBinding?: string | undefined;
}

/**
 * How long start-up (inspection, recovery, migrations: before anything is
 * served) and read-only check connections wait on a lock held by another process.
 */
export const BUSY_TIMEOUT_MS = 5_000;

/**
 * How long the writer waits on a lock held by another process (a backup tool,
 * a second copy, a sqlite3 shell). better-sqlite3 is synchronous, so this wait
 * blocks the whole event loop: it stays short, and a write that still finds the
 * lock fails with SQLITE_BUSY (a typed BUSY reply, or an entry kept and retried
 * off the request path, see services/pendingEntries.ts).
 */
export const WRITER_BUSY_TIMEOUT_MS = 50;

/**
 * The one writer connection: WAL, full fsync on commit (a committed entry
 * survives power loss), foreign keys enforced, a bounded busy wait. It opens
 * with the start-up wait; `useServingBusyWait` shortens it once migrated.
 */
export function openWriter(file: string, options: ConnectionOptions): Db {
  const db = new Database(file, {
    timeout: BUSY_TIMEOUT_MS,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
  });
  try {
    applyPragmas(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

export function applyPragmas(db: Db): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
}

/** From here on the writer serves requests on the event loop: a lock is waited on only briefly. */
export function useServingBusyWait(db: Db): void {
  db.pragma(`busy_timeout = ${WRITER_BUSY_TIMEOUT_MS}`);
}

/** A read-only look at a file, for checks that must not change it. */
export function openReadOnly(file: string, options: ConnectionOptions): Db {
  return new Database(file, {
    readonly: true,
    fileMustExist: true,
    timeout: BUSY_TIMEOUT_MS,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
  });
}

export function userVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** `PRAGMA quick_check`: null when fine, else the first problems it reported. */
export function quickCheck(db: Db): string | null {
  const rows = db.pragma('quick_check') as Array<{ quick_check: string }>;
  const problems = rows.map((r) => r.quick_check).filter((v) => v !== 'ok');
  return problems.length === 0 ? null : problems.slice(0, 3).join('; ');
}
