import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The data folder holds API keys (plain text in web mode), transcripts and
 * terminal output: only its owner may read it. Folders are 0700 and files
 * 0600 whatever the umask. On Windows, where POSIX modes mean little, these
 * are no-ops: the per-user AppData folder's ACL already applies.
 */
const POSIX = process.platform !== 'win32';
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` (and missing parents) 0700, and tightens an existing folder
 * we own that is looser: a data folder made by an older Swarmdesk was 0755.
 * A folder owned by someone else is left alone (chmod would fail anyway).
 */
export function ensurePrivateDir(dir: string): boolean {
  // Parents get the usual mode; only the folder itself is private from birth.
  mkdirSync(dirname(dir), { recursive: true });
  try {
    mkdirSync(dir, { mode: PRIVATE_DIR_MODE });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  if (!POSIX) return false;
  const st = statSync(dir);
  if (!ownedByUs(st.uid) || (st.mode & 0o077) === 0) return false;
  chmodSync(dir, PRIVATE_DIR_MODE);
  return true;
}

function ownedByUs(uid: number): boolean {
  return typeof process.getuid !== 'function' || uid === process.getuid();
}

/**
 * Once, when a data folder from before these rules is first tightened: its
 * files become 0600 and its folders 0700 (ours only, two levels: backups/,
 * terminals/). Files written later are created private anyway.
 */
export function tightenTree(dir: string, depth = 2): void {
  if (!POSIX) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (depth > 0) {
        ensurePrivateDir(path);
        tightenTree(path, depth - 1);
      }
    } else if (entry.isFile()) {
      const st = statSync(path);
      if (ownedByUs(st.uid) && (st.mode & 0o077) !== 0) chmodSync(path, PRIVATE_FILE_MODE);
    }
  }
}

/** Sets an existing file to 0600; a missing file is fine (SQLite's -wal/-shm come and go). */
export function makePrivate(file: string): void {
  if (!POSIX) return;
  try {
    chmodSync(file, PRIVATE_FILE_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/**
 * Creates `file` empty and 0600 when it does not exist yet, so whatever
 * writes it next (SQLite, VACUUM INTO, the online backup) keeps that mode:
 * SQLite gives a database's -wal and -shm the database file's own mode.
 */
export function createPrivateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  makePrivate(file);
}

/** The database and the side files SQLite keeps beside it. */
export function makeDatabasePrivate(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) makePrivate(file + suffix);
}

/**
 * The data folder itself: created 0700, and when it had to be tightened (a
 * folder from before these rules), its files are tightened too, once.
 */
export function ensurePrivateDataDir(dataDir: string): void {
  if (ensurePrivateDir(dataDir)) tightenTree(dataDir);
}
