import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './connection';
import { BACKUP_DIR_NAME } from './dataDir';
import { createPrivateFile, ensurePrivateDir, makePrivate } from './privateFiles';

/** How many backups we keep; older ones are deleted after each new one (each is a full copy). */
export const KEEP_BACKUPS = 3;
/** A start-up backup is taken when the newest one is older than this. */
export const ROUTINE_BACKUP_AGE_MS = 24 * 60 * 60 * 1000;

export interface BackupFile {
  readonly path: string;
  readonly name: string;
  /** When it was taken (from its name: file times change when files are copied). */
  readonly takenAt: number;
}

const NAME = /^swarmdesk-(\d{8}T\d{6}\d{3}Z)(?:-\d+)?-v(\d+)-([a-z]+)\.db$/;

export function backupDir(dataDir: string): string {
  return join(dataDir, BACKUP_DIR_NAME);
}

/** A sortable, filename-safe UTC stamp: 20260102T030405678Z. */
export function fileStamp(at: number): string {
  return new Date(at).toISOString().replace(/[-:.]/g, '');
}

function parseStamp(stamp: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/.exec(stamp);
  if (!m) return 0;
  const [, y, mo, d, h, mi, s, ms] = m.map(Number) as [number, number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s, ms);
}

/** Backups, newest first. */
export function listBackups(dataDir: string): BackupFile[] {
  const dir = backupDir(dataDir);
  if (!existsSync(dir)) return [];
  const out: BackupFile[] = [];
  for (const name of readdirSync(dir)) {
    const m = NAME.exec(name);
    if (!m || !m[1]) continue;
    out.push({ path: join(dir, name), name, takenAt: parseStamp(m[1]) });
  }
  return out.sort((a, b) => b.takenAt - a.takenAt || b.name.localeCompare(a.name));
}

type BackupReason = 'premigrate' | 'routine';

/** Where the next backup goes; it is written as `<path>.partial` and renamed when whole. */
function nextBackupPath(dataDir: string, version: number, reason: BackupReason, at: number): string {
  const dir = backupDir(dataDir);
  ensurePrivateDir(dir);
  const stamp = fileStamp(at);
  let name = `swarmdesk-${stamp}-v${version}-${reason}.db`;
  for (let n = 1; existsSync(join(dir, name)); n++) name = `swarmdesk-${stamp}-${n}-v${version}-${reason}.db`;
  return join(dir, name);
}

function finish(partial: string, path: string, dataDir: string, at: number): BackupFile {
  makePrivate(partial);
  renameSync(partial, path);
  pruneBackups(dataDir, KEEP_BACKUPS);
  return { path, name: path.slice(backupDir(dataDir).length + 1), takenAt: at };
}

/**
 * Copies the live database (a consistent snapshot, WAL included) into
 * `backups/` with VACUUM INTO, then keeps only the newest few. Blocks: used
 * before a migration, where nothing else may run anyway.
 */
export function takeBackup(db: Db, dataDir: string, version: number, reason: BackupReason, at: number): BackupFile {
  const path = nextBackupPath(dataDir, version, reason, at);
  const partial = `${path}.partial`;
  rmSync(partial, { force: true });
  createPrivateFile(partial); // VACUUM INTO accepts an empty file and keeps its 0600
  db.prepare('VACUUM INTO ?').run(partial);
  return finish(partial, path, dataDir, at);
}

/**
 * The same with SQLite's online backup, a few pages per event-loop turn, so
 * a large database is copied while the app keeps working.
 */
export async function takeBackupInBackground(db: Db, dataDir: string, version: number, at: number): Promise<BackupFile> {
  const path = nextBackupPath(dataDir, version, 'routine', at);
  const partial = `${path}.partial`;
  rmSync(partial, { force: true });
  try {
    createPrivateFile(partial);
    await db.backup(partial);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  return finish(partial, path, dataDir, at);
}

export function pruneBackups(dataDir: string, keep: number): void {
  for (const old of listBackups(dataDir).slice(keep)) rmSync(old.path, { force: true });
}
