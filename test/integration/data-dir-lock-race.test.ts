import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../src/main/core/store/dataDirLock';

// One writer per data folder (SPEC §5.1) when starters race: after a host is killed, every front that was
// attached starts a new one at once (CI saw two hosts each take the dead host's lock). Real processes,
// released together, each trying to take the lock; exactly one may hold it.

const MODULE = resolve('src/main/core/store/dataDirLock.ts');
const RACER = `
import { acquireDataDirLock } from ${JSON.stringify(MODULE)};
process.stdout.write('ready\\n');
process.stdin.once('data', () => {
  try {
    acquireDataDirLock(process.argv[1], 'host');
    process.stdout.write('held\\n');
    setInterval(() => undefined, 60_000);
  } catch (err) {
    process.stdout.write(err && err.name === 'DataDirLockedError' ? 'locked\\n' : 'error ' + String(err) + '\\n');
    process.exit(0);
  }
});
`;

const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

interface Racer {
  child: ChildProcess;
  said: string[];
  next(): Promise<string>;
}

function racer(dir: string): Racer {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', RACER, dir], { stdio: ['pipe', 'pipe', 'inherit'] });
  started.push(child);
  const said: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let i = buffered.indexOf('\n'); i >= 0; i = buffered.indexOf('\n')) {
      const line = buffered.slice(0, i);
      buffered = buffered.slice(i + 1);
      said.push(line);
      waiting.shift()?.(line);
    }
  });
  let read = 0;
  return {
    child,
    said,
    next: () =>
      new Promise<string>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`racer ${child.pid} said nothing in 30 s (${said.join(', ')})`)), 30_000);
        const take = (line: string): void => {
          clearTimeout(timer);
          done(line);
        };
        const line = said[read];
        read += 1;
        if (line !== undefined) take(line);
        else waiting.push(take);
      }),
  };
}

/** A pid that was just in use and is not any more. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

async function race(dir: string, count: number): Promise<{ outcomes: string[]; holders: number[]; file: number }> {
  const racers = Array.from({ length: count }, () => racer(dir));
  for (const r of racers) expect(await r.next()).toBe('ready');
  // Released together: one write each, back to back.
  for (const r of racers) r.child.stdin!.write('go\n');
  const outcomes = await Promise.all(racers.map((r) => r.next()));
  const holders = racers.filter((_, i) => outcomes[i] === 'held').map((r) => r.child.pid!);
  const file = (JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number }).pid;
  for (const r of racers) r.child.kill('SIGKILL');
  return { outcomes, holders, file };
}

describe('the data folder lock under racing starters', () => {
  it.each([
    ['a dead holder’s lock', true],
    ['no lock at all', false],
  ])('over %s, five starters at once: exactly one holds it, and the file names it', async (_what, stale) => {
    for (let round = 0; round < 6; round++) {
      const dir = mkdtempSync(join(tmpdir(), 'swarmdesk-lock-race-'));
      try {
        if (stale) writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: deadPid(), kind: 'host', url: null, since: '2026-01-01T00:00:00.000Z' }));
        const { outcomes, holders, file } = await race(dir, 5);
        expect(outcomes.filter((o) => o !== 'held' && o !== 'locked')).toEqual([]);
        expect(holders, `round ${round}: ${outcomes.join(', ')}`).toHaveLength(1);
        expect(file).toBe(holders[0]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }, 240_000);
});
