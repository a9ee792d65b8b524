import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../../../src/main/core/store/dataDirLock';
import { tempDataDir } from './tempDir';

describe('the data folder lock', () => {
  it('refuses while a live process holds it, naming that process', () => {
    const dir = tempDataDir();
    // Our parent (the test runner) is alive and is not us.
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: process.ppid, kind: 'electron', url: null, since: 'then' }));
    let caught: unknown;
    try {
      acquireDataDirLock(dir, 'web');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(DataDirLockedError);
    expect((caught as Error).message).toContain(`process ${process.ppid} (the desktop app`);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({ pid: process.ppid });
  });

  it('replaces an unreadable lock, records the URL, and removes only its own lock on release', () => {
    const dir = tempDataDir();
    const file = join(dir, LOCK_FILE_NAME);
    writeFileSync(file, '{"pid":');
    const lock = acquireDataDirLock(dir, 'web');
    lock.setUrl('http://127.0.0.1:4100/');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, kind: 'web', url: 'http://127.0.0.1:4100/' });
    lock.release();
    expect(existsSync(file)).toBe(false);

    const again = acquireDataDirLock(dir, 'web');
    writeFileSync(file, JSON.stringify({ pid: process.ppid, kind: 'web', url: null, since: 'x' })); // someone else's now
    again.release();
    expect(existsSync(file)).toBe(true);
  });
});
