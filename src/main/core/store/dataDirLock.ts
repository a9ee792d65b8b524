import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from './privateFiles';

/**
 * One Swarmdesk process per data folder (one writer per database): the session
 * host takes the lock file, created atomically (written aside, then linked into
 * place whole) with the holder's pid and, once known, its URL. A lock whose pid
 * is gone (a killed process) is taken over, by one starter only when several
 * race (a guard file). The lock file is removed on clean close.
 */
export const LOCK_FILE_NAME = 'swarmdesk.lock';

export interface LockHolder {
  readonly pid: number;
  readonly kind: 'web' | 'electron' | 'host';
  /** Web mode's address, without the token (the lock is not where the token is kept). */
  readonly url: string | null;
  readonly since: string;
}

const HOLDER_NAMES: Record<LockHolder['kind'], string> = { web: 'web mode', electron: 'the desktop app', host: 'the session host' };

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(
      `Swarmdesk is already running on the data folder ${lockFile.slice(0, -LOCK_FILE_NAME.length - 1)}: ` +
        `process ${holder.pid} (${HOLDER_NAMES[holder.kind]}` +
        `${holder.url ? ` at ${holder.url}` : ''}, since ${holder.since}). ` +
        `Use that one, stop it first, or point SWARMDESK_DATA_DIR / --data-dir at another folder. ` +
        `If no Swarmdesk is running, delete ${lockFile}.`,
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Records the URL once the server listens (shown to a second start). */
  setUrl(url: string): void;
  /** Removes the lock if it is still ours. Idempotent. */
  release(): void;
}

/** Whether a process with this pid exists (EPERM: it does, under another user); a zombie does not count. */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true; // no /proc (macOS, Windows): kill(0) is the answer
  }
}

/** The lock file's text, or null when there is none. */
function readRaw(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function parseHolder(raw: string | null): LockHolder | null {
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number') return null;
    return {
      pid: parsed.pid,
      kind: parsed.kind === 'electron' || parsed.kind === 'host' ? parsed.kind : 'web',
      url: typeof parsed.url === 'string' ? parsed.url : null,
      since: typeof parsed.since === 'string' ? parsed.since : 'unknown',
    };
  } catch {
    return null;
  }
}

function readHolder(file: string): LockHolder | null {
  return parseHolder(readRaw(file));
}

/** Attempts at the lock before giving up (each after a stale lock was cleared, or another starter was clearing it). */
const MAX_ATTEMPTS = 50;
/** The wait between attempts while another starter clears a stale lock. */
const RETRY_MS = 20;

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Creates `file` holding `text` if no such file exists: written to a file of our own first, then
 * linked into place, so the lock appears whole or not at all (O_EXCL then a write left a moment
 * when another starter read an empty lock, took it for a crashed one and cleared it).
 */
function createWhole(file: string, text: string): boolean {
  const temp = `${file}.new-${process.pid}`;
  writeFileSync(temp, text, { mode: PRIVATE_FILE_MODE });
  try {
    linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Takes the guard that lets one starter, and only one, clear a stale lock; false while another holds it. */
function takeGuard(guard: string): boolean {
  try {
    const fd = openSync(guard, 'wx', PRIVATE_FILE_MODE);
    try {
      writeSync(fd, String(process.pid));
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // A guard whose starter died while clearing (a moment's work): cleared, and tried again next time round.
    const owner = Number(readRaw(guard));
    if (Number.isSafeInteger(owner) && owner > 0 && !isProcessAlive(owner)) rmSync(guard, { force: true });
    return false;
  }
}

/**
 * Clears the stale lock whose text was `seen`, unless it changed meanwhile. Starters race here after a
 * host is killed (every front starts a new one): without the guard, one could read the dead holder,
 * another clear it and take the lock, and the first then clear that live lock and take it too (two
 * writers). Under the guard the lock is moved aside and checked: one taken meanwhile is put back.
 */
function clearStale(file: string, seen: string | null): void {
  const guard = `${file}.takeover`;
  if (!takeGuard(guard)) return pause(RETRY_MS);
  try {
    if (readRaw(file) !== seen) return;
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    if (readRaw(aside) !== seen) {
      try {
        linkSync(aside, file);
      } catch {
        // another lock is in place already: that one stands
      }
    }
    rmSync(aside, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
}

/**
 * Takes the data folder's lock or throws DataDirLockedError naming the live
 * holder. The folder must exist. A lock left by a dead process (or an
 * unreadable one, e.g. from a crash) is replaced, by one starter only when
 * several race for it.
 */
export function acquireDataDirLock(dataDir: string, kind: LockHolder['kind'], now: () => number = Date.now): DataDirLock {
  const file = join(dataDir, LOCK_FILE_NAME);
  let holder: LockHolder = { pid: process.pid, kind, url: null, since: new Date(now()).toISOString() };
  for (let attempt = 0; ; attempt += 1) {
    if (createWhole(file, JSON.stringify(holder))) break;
    const seen = readRaw(file);
    const current = parseHolder(seen);
    if (current && current.pid !== process.pid && isProcessAlive(current.pid)) throw new DataDirLockedError(file, current);
    if (attempt >= MAX_ATTEMPTS) throw new Error(`Could not take the data folder lock ${file}: it kept changing. Try again.`);
    clearStale(file, seen);
  }

  let released = false;
  const stillOurs = (): boolean => readHolder(file)?.pid === process.pid;
  return {
    file,
    setUrl(url: string): void {
      if (released || !stillOurs()) return;
      holder = { ...holder, url };
      const temp = `${file}.tmp-${process.pid}`;
      writeFileSync(temp, JSON.stringify(holder), { mode: PRIVATE_FILE_MODE });
      renameSync(temp, file);
    },
    release(): void {
      if (released) return;
      released = true;
      if (stillOurs()) rmSync(file, { force: true });
    },
  };
}
