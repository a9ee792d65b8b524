import { join } from 'node:path';
import { takeBackup } from './backups';
import { consumeCleanShutdown } from './cleanShutdown';
import { openWriter, userVersion, useServingBusyWait, type ConnectionOptions } from './connection';
import { DB_FILE_NAME } from './dataDir';
import { DatabaseTooNewError } from './errors';
import { inspectDatabase } from './inspect';
import { applyMigrations } from './migrate';
import { MIGRATIONS, type Migration } from './migrations';
import { createPrivateFile, ensurePrivateDataDir, makeDatabasePrivate } from './privateFiles';
import { recoverDamagedDatabase } from './recovery';
import { createStore, type Store } from './store';
import { createLogger } from '../logger';

const log = createLogger('store');

export interface OpenStoreOptions {
  readonly dataDir: string;
  /** Passed to better-sqlite3 so Electron can load its own build of the addon. */
  readonly nativeBinding?: string | undefined;
  /** Wall clock for backup and corrupt-file names. */
  readonly now?: () => number;
  /** Tests only: a different migration list. */
  readonly migrations?: readonly Migration[];
  /** Tests only: runs between a routine backup's copy and its check. */
  readonly afterBackupCopy?: (partial: string) => void;
}

export interface OpenedStore {
  readonly store: Store;
  /** What start-up has to tell the user (a damaged database, a restored backup). */
  readonly notices: string[];
  /**
   * True when start-up skipped the full `quick_check` (the file was exactly as
   * our last clean close left it): run `scheduleBackgroundCheck` to cover it.
   */
  readonly fullCheckSkipped: boolean;
}

/**
 * Opens (or creates) the data folder's database: checks it without touching
 * it, refuses a newer schema, recovers a damaged file, backs up before
 * migrating, migrates. The routine backup runs later, in the background
 * (`Store.routineBackupIfDue`).
 */
export function openStore(options: OpenStoreOptions): OpenedStore {
  const now = options.now ?? Date.now;
  const migrations = options.migrations ?? MIGRATIONS;
  const latest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  const connection: ConnectionOptions = { nativeBinding: options.nativeBinding };
  const dataDir = options.dataDir;
  const file = join(dataDir, DB_FILE_NAME);
  const notices: string[] = [];
  ensurePrivateDataDir(dataDir);

  // The full quick_check is skipped only when the file is exactly as our last clean close left it.
  const cleanSinceLastClose = consumeCleanShutdown(file);
  let found = inspectDatabase(file, connection, !cleanSinceLastClose);
  if (found.state === 'ok' && found.version > latest) throw new DatabaseTooNewError(file, found.version, latest);
  if (found.state === 'damaged') {
    const outcome = recoverDamagedDatabase({ file, dataDir, reason: found.reason, latestVersion: latest, at: now(), connection });
    notices.push(outcome.notice);
    found = inspectDatabase(file, connection);
  }

  // Created 0600 before SQLite opens it, so its -wal and -shm are born 0600 too;
  // an older, looser file (and its side files) is tightened.
  createPrivateFile(file);
  const db = openWriter(file, connection);
  try {
    makeDatabasePrivate(file);
    const version = userVersion(db);
    const hasData = found.state === 'ok' && found.hasSchema;
    if (hasData && version < latest) {
      const backup = takeBackup(db, dataDir, version, 'premigrate', now(), connection);
      log.info('backed up before migrating', { from: version, to: latest, backup: backup.path });
    }
    const applied = applyMigrations(db, migrations);
    if (applied.length > 0) log.info('migrated', { applied });
    useServingBusyWait(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return { store: createStore(db, file, dataDir, { ...connection, afterBackupCopy: options.afterBackupCopy }), notices, fullCheckSkipped: cleanSinceLastClose };
}
