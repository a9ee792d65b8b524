import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/app';
import type { Platform } from '../../../src/main/core/core';
import { createManualClock } from '../../../src/main/core/services';
import { listBackups } from '../../../src/main/core/store/backups';
import { runBackgroundCheck, STOP_BOUND_MS, type BackgroundCheck } from '../../../src/main/core/store/backgroundCheck';
import { BACKGROUND_DAMAGE_NOTICE, DB_FILE_NAME, openStore, scheduleBackgroundCheck, type Store } from '../../../src/main/core/store';
import type { EventPayload } from '../../../src/shared/ipc/events';
import { tempDataDir } from './tempDir';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 4, 1, 9, 0, 0);

function addSessions(store: Store, prefix: string, count: number, at = T0): void {
  store.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = `${prefix}${i}`;
      store.sessions.insert({ id, kind: 'chat', folder: '/w', position: i, at });
      store.entries.append(id, 'user', `${prefix} line ${i} `.repeat(20), null, at);
    }
  });
}

/** Lets a check held by `holdAfterGo` go on. */
function release(gate: SharedArrayBuffer): void {
  const flag = new Int32Array(gate);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

/** A database with a backup, then more sessions the backup lacks; closed cleanly (marker written). */
async function cleanlyClosed(): Promise<{ dataDir: string; file: string }> {
  const dataDir = tempDataDir();
  const { store } = openStore({ dataDir, now: () => T0 });
  addSessions(store, 'kept', 50);
  await store.routineBackupIfDue(T0 + 1000);
  addSessions(store, 'late', 50);
  store.close();
  const file = join(dataDir, DB_FILE_NAME);
  // Whole-second times, so a test can put the mtime back exactly after scribbling (utimes rounds
  // sub-millisecond parts); one more open and clean close then marks the file at that time.
  const whole = Math.floor(Date.now() / 1000) - 60;
  utimesSync(file, whole, whole);
  openStore({ dataDir, now: () => T0 + 2000 }).store.close();
  expect(statSync(file).mtimeMs).toBe(whole * 1000);
  expect(existsSync(file + '.clean')).toBe(true);
  return { dataDir, file };
}

/**
 * Garbage over one leaf page of `entries` in the middle of the file (the header, schema and
 * sessions pages, which start-up reads, survive), keeping the file's size and mtime.
 */
function scribbleInteriorPage(file: string): void {
  const look = new Database(file, { readonly: true });
  const leaves = look.prepare(`SELECT pageno FROM dbstat WHERE name = 'entries' AND pagetype = 'leaf' ORDER BY pageno`).pluck().all() as number[];
  look.close();
  expect(leaves.length).toBeGreaterThan(4);
  const page = leaves[Math.floor(leaves.length / 2)]!;
  const before = statSync(file);
  const bytes = readFileSync(file);
  const pageSize = bytes.readUInt16BE(16);
  bytes.fill(0xa5, (page - 1) * pageSize, page * pageSize);
  writeFileSync(file, bytes);
  utimesSync(file, before.atimeMs / 1000, before.mtimeMs / 1000);
  const after = statSync(file);
  expect({ size: after.size, mtimeMs: after.mtimeMs }).toEqual({ size: before.size, mtimeMs: before.mtimeMs });
}

describe('the background quick_check', () => {
  it('finds damage that kept size and mtime; the next start keeps the file aside and restores the backup', async () => {
    const { dataDir, file } = await cleanlyClosed();
    scribbleInteriorPage(file);

    const opened = openStore({ dataDir, now: () => T0 + DAY });
    expect(opened.fullCheckSkipped).toBe(true); // the fast path: start-up itself cannot see this damage
    expect(opened.notices).toEqual([]);
    const notices: string[] = [];
    const check = scheduleBackgroundCheck({ store: opened.store, delayMs: 0, onDamage: (n) => notices.push(n) });
    const outcome = await check.done;
    expect(outcome?.state).toBe('damaged');
    expect(notices).toEqual([BACKGROUND_DAMAGE_NOTICE]);
    expect(opened.store.damageFound).not.toBeNull();
    opened.store.close();
    expect(existsSync(file + '.clean')).toBe(false); // close did not vouch for the file

    const next = openStore({ dataDir, now: () => T0 + 2 * DAY });
    expect(next.fullCheckSkipped).toBe(false);
    expect(next.notices).toEqual([expect.stringMatching(/^Your session database was damaged\. Swarmdesk kept it at .*corrupt-.*\.db and restored the backup/)]);
    expect(readdirSync(dataDir).filter((n) => /^corrupt-.*\.db$/.test(n))).toHaveLength(1);
    expect(next.store.sessions.get('kept0')).not.toBeNull();
    expect(next.store.sessions.get('late0')).toBeNull();
    expect(next.store.integrityProblem()).toBeNull();
    next.store.close();
  });

  it('a healthy database: ok, no notice, and the next start is the fast path again', async () => {
    const { dataDir, file } = await cleanlyClosed();
    const before = readFileSync(file);
    const opened = openStore({ dataDir, now: () => T0 + DAY });
    expect(opened.fullCheckSkipped).toBe(true);
    const notices: string[] = [];
    const check = scheduleBackgroundCheck({ store: opened.store, delayMs: 0, onDamage: (n) => notices.push(n) });
    expect((await check.done)?.state).toBe('ok');
    expect(notices).toEqual([]);
    expect(opened.store.damageFound).toBeNull();
    opened.store.close();
    expect(readFileSync(file).equals(before)).toBe(true); // the check changed nothing

    const next = openStore({ dataDir, now: () => T0 + 2 * DAY });
    expect(next.fullCheckSkipped).toBe(true);
    expect(next.notices).toEqual([]);
    expect(listBackups(dataDir)).toHaveLength(1);
    next.store.close();
  });

  it('stopping a check that is inside SQLite returns within its bound, without waiting for the thread', async () => {
    const file = join(tempDataDir(), 'small.db');
    new Database(file).exec('CREATE TABLE t (x INTEGER)').close();
    // The worker blocks after `go` until released, as a long native quick_check would: no
    // database has to be grown until the check happens to be slow on this machine.
    const gate = new SharedArrayBuffer(4);
    const check = await new Promise<BackgroundCheck>((resolve) => {
      const c = runBackgroundCheck({ file, holdAfterGo: gate, onStarted: () => resolve(c) });
    });
    try {
      const t = performance.now();
      await check.stop();
      expect(performance.now() - t).toBeLessThan(STOP_BOUND_MS);
      expect(await check.done).toEqual({ state: 'unfinished', reason: 'stopped' });
    } finally {
      release(gate); // the thread then finishes its check; its verdict is ignored
    }
  });

  it('the time limit gives up on a check held inside SQLite', async () => {
    const file = join(tempDataDir(), 'small.db');
    new Database(file).exec('CREATE TABLE t (x INTEGER)').close();
    const gate = new SharedArrayBuffer(4);
    const check = runBackgroundCheck({ file, holdAfterGo: gate, timeoutMs: 100 });
    try {
      expect(await check.done).toEqual({ state: 'unfinished', reason: 'gave up after 100 ms' });
    } finally {
      release(gate);
    }
  });

  it('a held check, released, gives its verdict', async () => {
    const file = join(tempDataDir(), 'small.db');
    new Database(file).exec('CREATE TABLE t (x INTEGER)').close();
    const gate = new SharedArrayBuffer(4);
    const check = runBackgroundCheck({ file, holdAfterGo: gate, onStarted: () => release(gate) });
    expect((await check.done).state).toBe('ok');
  });

  it('createCore runs it after a fast start: app:notice now, app:info later, close bounded', async () => {
    const { dataDir, file } = await cleanlyClosed();
    scribbleInteriorPage(file);
    const platform: Platform = { transport: 'web', openExternal: async () => true };
    const env = { HOME: dataDir, PATH: process.env.PATH ?? '', SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: '0' };
    const core = createCore({ dataDir, platform, env, clock: createManualClock(T0 + DAY), defaultFolder: dataDir, backgroundCheckDelayMs: 0 });
    const notice = await new Promise<EventPayload<'app:notice'>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no app:notice within 10 s')), 10_000);
      core.events.subscribe((event, payload) => {
        if (event === 'app:notice') {
          clearTimeout(timer);
          resolve(payload as EventPayload<'app:notice'>);
        }
      });
    });
    expect(notice.message).toBe(BACKGROUND_DAMAGE_NOTICE);
    expect(core.info().notices).toEqual([BACKGROUND_DAMAGE_NOTICE]);
    await core.close();
    expect(existsSync(file + '.clean')).toBe(false);
  }, 20_000);

  it('closing the core while the check starts ends promptly', async () => {
    const { dataDir } = await cleanlyClosed();
    const platform: Platform = { transport: 'web', openExternal: async () => true };
    const env = { HOME: dataDir, PATH: process.env.PATH ?? '', SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: '0' };
    const core = createCore({ dataDir, platform, env, clock: createManualClock(T0 + DAY), defaultFolder: dataDir, backgroundCheckDelayMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const t = performance.now();
    await core.close();
    expect(performance.now() - t).toBeLessThan(2_000);
  });
});
