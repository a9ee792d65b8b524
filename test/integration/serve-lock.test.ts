import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../src/main/core/store/dataDirLock';
import { until } from '../support/until';

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

const hosts: number[] = [];

afterAll(() => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const pid of hosts) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // stopped, as it should be
    }
  }
});

/** The host's pid from its card in the data folder, or null. */
function hostPid(dataDir: string): number | null {
  try {
    return (JSON.parse(readFileSync(join(dataDir, 'host.json'), 'utf8')) as { pid: number }).pid;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('one session host (one writer) per data folder', () => {
  it('takes over a stale lock; a second serve is a second front of the same host; after a kill -9 of the host the next start takes over', async () => {
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
      const host = hostPid(dataDir);
      expect(host).not.toBeNull();
      hosts.push(host!);
      // The lock is the host's now (never a front's), private, and without the token.
      const held = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number; kind: string };
      expect(held).toMatchObject({ pid: host, kind: 'host' });
      expect(statSync(lockFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(lockFile, 'utf8')).not.toContain('token');

      // A second serve: its own port and line, the same host.
      const second = startServe(dataDir, base);
      const secondLine = await within('the second serving line', second.line);
      expect(secondLine).toMatch(/^serving /);
      expect(secondLine).not.toBe(firstLine);
      expect(hostPid(dataDir)).toBe(host);

      // The host killed: its lock stays behind with a dead pid; the fronts bring a new host up, which takes it over.
      process.kill(host!, 'SIGKILL');
      const next = await until(() => {
        const pid = hostPid(dataDir);
        return pid !== null && pid !== host && alive(pid) ? pid : null;
      }, { timeoutMs: 60_000, message: 'a new host started by the fronts' });
      hosts.push(next);
      expect((JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number }).pid).toBe(next);

      // Stopping: the host, its fronts, and the lock goes with it.
      const stop = spawnSync(process.execPath, ['--import', 'tsx', 'src/main/serve.ts', '--stop', '--data-dir', dataDir], { encoding: 'utf8', timeout: 60_000 });
      expect(stop.stdout).toMatch(/^Stopped the session host of /);
      expect(await within('the first front to end', first.exit)).toBe(0);
      expect(await within('the second front to end', second.exit)).toBe(0);
      expect(existsSync(lockFile)).toBe(false);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }, 180_000);
});
