import Database from 'better-sqlite3';

export type Db = Database.Database;

export interface ConnectionOptions {
  /** Path to better-sqlite3's .node file (Electron ships its own build). */
  readonly nativeBinding?: string | undefined;
}

/** How long a statement waits on a lock held by another process (a backup tool, a second copy). */
export const BUSY_TIMEOUT_MS = 5_000;

/**
 * The one writer connection: WAL, full fsync on commit (a committed entry
 * survives power loss), foreign keys enforced, a bounded busy wait.
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
