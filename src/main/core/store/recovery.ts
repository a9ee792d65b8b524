import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileStamp, listBackups } from './backups';
import type { ConnectionOptions } from './connection';
import { inspectDatabase } from './inspect';
import { createLogger } from '../logger';

const log = createLogger('store:recovery');
const SIDE_FILES = ['-wal', '-shm', '-journal'] as const;

export interface RecoveryInput {
  readonly file: string;
  readonly dataDir: string;
  readonly reason: string;
  readonly latestVersion: number;
  readonly at: number;
  readonly connection: ConnectionOptions;
}

export interface RecoveryOutcome {
  readonly keptAt: string;
  readonly restoredFrom: string | null;
  readonly notice: string;
}

function moveWithSideFiles(from: string, to: string): void {
  renameSync(from, to);
  for (const suffix of SIDE_FILES) {
    if (existsSync(from + suffix)) renameSync(from + suffix, to + suffix);
  }
}

function removeWithSideFiles(file: string): void {
  for (const suffix of ['', ...SIDE_FILES]) rmSync(file + suffix, { force: true });
}

/**
 * A damaged database: move it (and its -wal/-shm) aside, put the newest
 * backup that passes `quick_check` in its place, or leave no file so a fresh
 * one is created. Returns the plain-language notice for the user.
 */
export function recoverDamagedDatabase(input: RecoveryInput): RecoveryOutcome {
  const { file, dataDir, at } = input;
  let keptAt = join(dataDir, `corrupt-${fileStamp(at)}.db`);
  for (let n = 1; existsSync(keptAt); n++) keptAt = join(dataDir, `corrupt-${fileStamp(at)}-${n}.db`);
  moveWithSideFiles(file, keptAt);
  log.warn('database damaged; kept aside', { keptAt, reason: input.reason });

  for (const backup of listBackups(dataDir)) {
    copyFileSync(backup.path, file);
    let usable = false;
    try {
      const found = inspectDatabase(file, input.connection);
      usable = found.state === 'ok' && found.version <= input.latestVersion;
    } catch (err) {
      log.warn('backup could not be read', { backup: backup.path, err });
    }
    if (usable) {
      const when = new Date(backup.takenAt).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
      log.info('restored backup', { backup: backup.path });
      return {
        keptAt,
        restoredFrom: backup.path,
        notice:
          `Your session database was damaged. Swarmdesk kept it at ${keptAt} and restored the backup ` +
          `from ${when} (${backup.path}). Anything recorded after that time is only in the damaged copy.`,
      };
    }
    log.warn('backup failed its check; trying an older one', { backup: backup.path });
    removeWithSideFiles(file);
  }
  return {
    keptAt,
    restoredFrom: null,
    notice:
      `Your session database was damaged and no usable backup was found. Swarmdesk kept it at ${keptAt} ` +
      `and started a new, empty one.`,
  };
}
