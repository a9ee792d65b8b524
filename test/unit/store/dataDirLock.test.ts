import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, isProcessAlive, LOCK_FILE_NAME } from '../../../src/main/core/store/dataDirLock';
import { tempDataDir } from './tempDir';
import { until } from '../../support/until';

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

describe('isProcessAlive', () => {
  it('is true for a live process, false for a reaped one and for a zombie', async () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(0)).toBe(false);
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    expect(isProcessAlive(Number(gone.stdout))).toBe(false);
    if (process.platform === 'linux') {
      // A child that has exited but is not reaped: Python never reaps on its own (a shell may, at any moment).
      const forker = 'import os, sys\npid = os.fork()\nif pid == 0:\n    os._exit(0)\nprint(pid, flush=True)\nsys.stdin.read()\n';
      const sh = spawn('python3', ['-c', forker], { stdio: ['pipe', 'pipe', 'ignore'] });
      const zombie = await new Promise<number>((resolve) => sh.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
      await until(() => readFileSync(`/proc/${zombie}/stat`, 'utf8').includes(') Z '), { message: 'the forked child to become a zombie' });
      expect(isProcessAlive(zombie)).toBe(false);
      sh.stdin.end('\n');
    }
  });
});

