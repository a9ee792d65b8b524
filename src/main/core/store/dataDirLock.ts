import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from './privateFiles';

/**
 * One Swarmdesk process per data folder (one writer per database): web mode
 * and the desktop app take the same lock file, created atomically (O_EXCL)
 * with the holder's pid and, once known, its URL. A lock whose pid is gone
 * (a killed process) is taken over. The lock file is removed on clean close.
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

function readHolder(file: string): LockHolder | null {
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof raw.pid !== 'number') return null;
    return {
      pid: raw.pid,
      kind: raw.kind === 'electron' || raw.kind === 'host' ? raw.kind : 'web',
      url: typeof raw.url === 'string' ? raw.url : null,
      since: typeof raw.since === 'string' ? raw.since : 'unknown',
    };
  } catch {
    return null;
  }
}

/**
 * Takes the data folder's lock or throws DataDirLockedError naming the live
 * holder. The folder must exist. A lock left by a dead process (or an
 * unreadable one, e.g. cut short by a crash while being written) is replaced.
 */
export function acquireDataDirLock(dataDir: string, kind: LockHolder['kind'], now: () => number = Date.now): DataDirLock {
  const file = join(dataDir, LOCK_FILE_NAME);
  let holder: LockHolder = { pid: process.pid, kind, url: null, since: new Date(now()).toISOString() };
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', PRIVATE_FILE_MODE);
      try {
        writeSync(fd, JSON.stringify(holder));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
    }
    const current = readHolder(file);
    if (current && current.pid !== process.pid && isProcessAlive(current.pid)) throw new DataDirLockedError(file, current);
    // Stale: move it aside under a name of our own (atomic), then try to create ours again.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
      rmSync(aside, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err; // another starter moved it first
    }
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
