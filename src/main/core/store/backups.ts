import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openReadOnly, quickCheck, userVersion, type ConnectionOptions, type Db } from './connection';
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
  /**
   * Whether the copy passed `quick_check` before it got its name (`-checked`).
   * Backups from builds before that check are listed, but never the only ones kept.
   */
  readonly checked: boolean;
}

/** A copy that failed its check: it was deleted and does not count as a backup. */
export class BackupCheckError extends Error {
  readonly code = 'BACKUP_CHECK_FAILED';
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`The backup copy ${path} failed its check (${problem}); it was deleted and the previous backups kept.`);
    this.name = 'BackupCheckError';
  }
}

/** Checks a finished copy: null when whole, else what is wrong. */
export type VerifyCopy = (file: string, expectedVersion: number) => Promise<string | null>;

const NAME = /^swarmdesk-(\d{8}T\d{6}\d{3}Z)(?:-\d+)?-v(\d+)-([a-z]+)(-checked)?\.db$/;

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
    out.push({ path: join(dir, name), name, takenAt: parseStamp(m[1]), checked: m[4] !== undefined });
  }
  return out.sort((a, b) => b.takenAt - a.takenAt || b.name.localeCompare(a.name));
}

type BackupReason = 'premigrate' | 'routine';

/** Where the next backup goes; it is written as `<path>.partial` and renamed when whole. */
function nextBackupPath(dataDir: string, version: number, reason: BackupReason, at: number): string {
  const dir = backupDir(dataDir);
  ensurePrivateDir(dir);
  const stamp = fileStamp(at);
  let name = `swarmdesk-${stamp}-v${version}-${reason}-checked.db`;
  for (let n = 1; existsSync(join(dir, name)); n++) name = `swarmdesk-${stamp}-${n}-v${version}-${reason}-checked.db`;
  return join(dir, name);
}

function finish(partial: string, path: string, dataDir: string, at: number): BackupFile {
  makePrivate(partial);
  renameSync(partial, path);
  pruneBackups(dataDir, KEEP_BACKUPS);
  return { path, name: path.slice(backupDir(dataDir).length + 1), takenAt: at, checked: true };
}

/** The synchronous check of a copy: `quick_check` and the schema version, on a read-only connection. */
export function checkCopySync(file: string, expectedVersion: number, connection: ConnectionOptions): string | null {
  let db: Db | undefined;
  try {
    db = openReadOnly(file, connection);
    const version = userVersion(db);
    if (version !== expectedVersion) return `schema version ${version}, expected ${expectedVersion}`;
    return quickCheck(db);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    db?.close();
  }
}

/** A failed copy is deleted before the error is thrown, so it can never be mistaken for a backup. */
function refuse(partial: string, problem: string): never {
  rmSync(partial, { force: true });
  throw new BackupCheckError(partial, problem);
}

/**
 * Copies the live database (a consistent snapshot, WAL included) into
 * `backups/` with VACUUM INTO, then keeps only the newest few. Blocks: used
 * before a migration, where nothing else may run anyway.
 */
export function takeBackup(db: Db, dataDir: string, version: number, reason: BackupReason, at: number, connection: ConnectionOptions = {}): BackupFile {
  const path = nextBackupPath(dataDir, version, reason, at);
  const partial = `${path}.partial`;
  rmSync(partial, { force: true });
  createPrivateFile(partial); // VACUUM INTO accepts an empty file and keeps its 0600
  db.prepare('VACUUM INTO ?').run(partial);
  const problem = checkCopySync(partial, version, connection);
  if (problem) refuse(partial, problem);
  return finish(partial, path, dataDir, at);
}

export interface BackgroundBackupOptions {
  /** Checks the finished copy off the event loop (the store passes the check worker). */
  readonly verify: VerifyCopy;
  /** Tests only: runs between the copy and its check (to damage a copy on purpose). */
  readonly afterCopy?: (partial: string) => void;
}

/**
 * The same with SQLite's online backup, a few pages per event-loop turn, so
 * a large database is copied while the app keeps working.
 */
export async function takeBackupInBackground(db: Db, dataDir: string, version: number, at: number, options: BackgroundBackupOptions): Promise<BackupFile> {
  const path = nextBackupPath(dataDir, version, 'routine', at);
  const partial = `${path}.partial`;
  rmSync(partial, { force: true });
  let problem: string | null;
  try {
    createPrivateFile(partial);
    await db.backup(partial);
    options.afterCopy?.(partial);
    problem = await options.verify(partial, version);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  if (problem) refuse(partial, problem);
  return finish(partial, path, dataDir, at);
}

/**
 * Keeps the newest `keep` backups, and always the newest checked one too: a
 * folder of old unchecked copies (from builds before the check) is never all
 * that is left.
 */
export function pruneBackups(dataDir: string, keep: number): void {
  const all = listBackups(dataDir);
  const kept = new Set(all.slice(0, keep));
  const newestChecked = all.find((b) => b.checked);
  if (newestChecked) kept.add(newestChecked);
  for (const old of all) if (!kept.has(old)) rmSync(old.path, { force: true });
}
