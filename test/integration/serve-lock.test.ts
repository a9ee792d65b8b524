import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../src/main/core/store/dataDirLock';

// Real web-mode processes (src/main/serve.ts under tsx: the same entry `npm run serve`
// runs, without its renderer build step) on one data folder.
interface Serve {
  readonly child: ChildProcess;
  /** The `serving ...` line, or null when the process exited first. */
  readonly line: Promise<string | null>;
  readonly exit: Promise<number | null>;
  output(): string;
}

const started: ChildProcess[] = [];

function startServe(dataDir: string, home: string): Serve {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/serve.ts', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, HOME: home, SWARMDESK_AMBIENT_PROVIDER: 'offline', SWARMDESK_IMPORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  let stdout = '';
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  // 'close', not 'exit': it comes after stdout and stderr are read to their end.
  const exit = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const line = new Promise<string | null>((resolve) => {
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      out += d.toString();
      const m = /^serving .*$/m.exec(stdout);
      if (m) resolve(m[0]);
    });
    void exit.then(() => resolve(null));
  });
  return { child, line, exit, output: () => out };
}

/** Resolves within `ms` or fails the test naming what it waited for. */
function within<T>(what: string, p: Promise<T>, ms = 60_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** A pid that was just in use and is not any more. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

afterAll(() => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

describe('one web-mode process per data folder', () => {
  it('takes over a stale lock, refuses a second serve naming the first, and is taken over after a kill', async () => {
    const base = mkdtempSync(join(tmpdir(), 'swarmdesk-lock-'));
    const dataDir = join(base, 'data');
    const lockFile = join(dataDir, LOCK_FILE_NAME);
    try {
      // A lock left by a process that no longer exists.
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(lockFile, JSON.stringify({ pid: deadPid(), kind: 'web', url: 'http://127.0.0.1:1/', since: '2026-01-01T00:00:00.000Z' }));

      const first = startServe(dataDir, base);
      const firstLine = await within('the first serving line', first.line);
      expect(firstLine, first.output()).toMatch(/^serving http:\/\/127\.0\.0\.1:\d+\/#token=/);
      const port = /:(\d+)\//.exec(firstLine ?? '')?.[1];
      const held = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number; url: string };
      expect(held).toMatchObject({ pid: first.child.pid, url: `http://127.0.0.1:${port}/` });
      expect(statSync(lockFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(lockFile, 'utf8')).not.toContain('token');

      const second = startServe(dataDir, base);
      const code = await within('the second serve to exit', second.exit);
      expect(code).toBe(1);
      expect(await second.line).toBeNull();
      expect(second.output()).toContain(`Swarmdesk is already running on the data folder ${dataDir}`);
      expect(second.output()).toContain(`process ${first.child.pid}`);
      expect(second.output()).toContain(`http://127.0.0.1:${port}/`);
      expect(first.child.exitCode).toBeNull(); // the first one is untouched

      // Killed: its lock stays behind with a dead pid, and the next start takes it over.
      first.child.kill('SIGKILL');
      await within('the first serve to die', first.exit);
      expect(existsSync(lockFile)).toBe(true);
      const third = startServe(dataDir, base);
      expect(await within('the third serving line', third.line), third.output()).toMatch(/^serving /);
      expect((JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number }).pid).toBe(third.child.pid);

      // A clean stop removes the lock.
      third.child.kill('SIGTERM');
      expect(await within('the third serve to stop', third.exit)).toBe(0);
      expect(existsSync(lockFile)).toBe(false);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }, 180_000);
});
