import { AppError } from '../../../shared/result';

/**
 * What went wrong with the database file itself (not with the request):
 * - `busy`: another process holds a lock (a backup tool, a sqlite3 shell);
 * - `full`: the disk (or the file's size limit) is full;
 * - `io`: the disk failed a read or write, or the file became read-only.
 * Each passes: the write is worth retrying later, never worth dropping.
 */
export type StorageFault = 'busy' | 'full' | 'io';

/** better-sqlite3's SqliteError carries SQLite's extended code as text (`SQLITE_BUSY_SNAPSHOT`, `SQLITE_IOERR_WRITE`). */
export function storageFault(err: unknown): StorageFault | null {
  const code: unknown = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  if (typeof code !== 'string') return null;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  if (code === 'SQLITE_FULL') return 'full';
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_READONLY')) return 'io';
  return null;
}

/** In words, for a notice or an error reply. */
export function describeStorageFault(fault: StorageFault): string {
  switch (fault) {
    case 'busy':
      return 'the database is locked by another program';
    case 'full':
      return 'the disk is full';
    case 'io':
      return 'the disk reported an error';
  }
}

/** The typed error a user's own write gets: BUSY for a lock, STORAGE for a full or failing disk. */
export function storageAppError(fault: StorageFault): AppError {
  if (fault === 'busy') {
    return new AppError('BUSY', 'Swarmdesk could not save that: the database is locked by another program. Nothing was changed; try again in a moment.');
  }
  return new AppError('STORAGE', `Swarmdesk could not save that: ${describeStorageFault(fault)}. Nothing was changed; free some space and try again.`);
}
