import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScrollbackFiles } from '../../../src/main/core/agents/terminal/scrollbackFiles';
import { backupDir, listBackups, takeBackup } from '../../../src/main/core/store/backups';
import { DB_FILE_NAME, openStore } from '../../../src/main/core/store';
import { LATEST_VERSION } from '../../../src/main/core/store/migrations';
import { tempDataDir } from './tempDir';

const T0 = Date.UTC(2026, 4, 1, 9, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const mode = (path: string): number => statSync(path).mode & 0o777;

// POSIX modes only: on Windows the per-user AppData ACL is what protects the folder.
describe.skipIf(process.platform === 'win32')('the data folder is private to its owner (SPEC §11)', () => {
  it('a fresh data folder is 0700 and the database, its -wal/-shm and both kinds of backup are 0600', async () => {
    const dataDir = join(tempDataDir(), 'fresh');
    const { store } = openStore({ dataDir, now: () => T0 });
    store.sessions.insert({ id: 's1', kind: 'chat', folder: '/w', position: 0, at: T0 });
    store.entries.append('s1', 'user', 'a secret-looking line', null, T0);
    const file = join(dataDir, DB_FILE_NAME);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}-wal`)).toBe(0o600);
    expect(mode(`${file}-shm`)).toBe(0o600);

    await store.routineBackupIfDue(T0 + 2 * DAY); // the online backup
    store.close();
    expect(mode(backupDir(dataDir))).toBe(0o700);
    const backups = listBackups(dataDir);
    expect(backups.length).toBeGreaterThan(0);
    for (const b of backups) expect(mode(b.path), b.name).toBe(0o600);
    for (const name of readdirSync(dataDir)) {
      if (name.startsWith(DB_FILE_NAME)) expect(mode(join(dataDir, name)), name).toBe(0o600);
    }
  });

  it('under umask 000 too (a process that opens everything up): folder 0700, database and side files 0600', () => {
    const dataDir = join(tempDataDir(), 'open-umask');
    const script = join(tempDataDir(), 'open.mts');
    writeFileSync(
      script,
      `process.umask(0);\n` +
        `const { openStore } = await import(${JSON.stringify(resolve('src/main/core/store/index.ts'))});\n` +
        `const { ScrollbackFiles } = await import(${JSON.stringify(resolve('src/main/core/agents/terminal/scrollbackFiles.ts'))});\n` +
        `const { store } = openStore({ dataDir: ${JSON.stringify(dataDir)} });\n` +
        `store.sessions.insert({ id: 's1', kind: 'chat', folder: '/w', position: 0, at: 1 });\n` +
        `new ScrollbackFiles(${JSON.stringify(dataDir)}).write('s1', 'x');\n` +
        `process.stdout.write(JSON.stringify(process.umask()));\n` +
        `process.exit(0);\n`, // no close: the -wal and -shm stay for the check
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe('0');
    const file = join(dataDir, DB_FILE_NAME);
    expect(mode(dataDir)).toBe(0o700);
    for (const f of [file, `${file}-wal`, `${file}-shm`, join(dataDir, 'terminals', 's1.log')]) expect(mode(f), f).toBe(0o600);
    expect(mode(join(dataDir, 'terminals'))).toBe(0o700);
  });

  it('a VACUUM INTO backup (before a migration) is 0600', () => {
    const dataDir = tempDataDir();
    const { store } = openStore({ dataDir, now: () => T0 });
    store.close();
    const db = new Database(join(dataDir, DB_FILE_NAME));
    const b = takeBackup(db, dataDir, LATEST_VERSION, 'premigrate', T0);
    db.close();
    expect(mode(b.path)).toBe(0o600);
  });

  it('a data folder from before these rules is tightened at start, with its database, backups and scrollback', () => {
    const dataDir = tempDataDir();
    openStore({ dataDir, now: () => T0 }).store.close();
    // What an older Swarmdesk left: everything world-readable.
    const file = join(dataDir, DB_FILE_NAME);
    mkdirSync(join(dataDir, 'backups'), { recursive: true });
    mkdirSync(join(dataDir, 'terminals'), { recursive: true });
    const oldBackup = join(dataDir, 'backups', 'swarmdesk-20260101T000000000Z-v1-routine.db');
    const oldScrollback = join(dataDir, 'terminals', 's1.log');
    const oldCorrupt = join(dataDir, 'corrupt-20260101T000000000Z.db');
    for (const f of [oldBackup, oldScrollback, oldCorrupt]) writeFileSync(f, 'x');
    for (const p of [dataDir, join(dataDir, 'backups'), join(dataDir, 'terminals')]) chmodSync(p, 0o755);
    for (const f of [file, oldBackup, oldScrollback, oldCorrupt]) chmodSync(f, 0o644);

    openStore({ dataDir, now: () => T0 }).store.close();
    for (const p of [dataDir, join(dataDir, 'backups'), join(dataDir, 'terminals')]) expect(mode(p), p).toBe(0o700);
    for (const f of [file, oldBackup, oldScrollback, oldCorrupt]) expect(mode(f), f).toBe(0o600);
  });

  it('scrollback files are 0600 in a 0700 folder, even over an old looser temp file', () => {
    const dataDir = tempDataDir();
    mkdirSync(join(dataDir, 'terminals'), { mode: 0o755 });
    chmodSync(join(dataDir, 'terminals'), 0o755);
    writeFileSync(join(dataDir, 'terminals', 's1.log.tmp'), 'old', { mode: 0o644 });
    const files = new ScrollbackFiles(dataDir);
    files.write('s1', 'ANTHROPIC_API_KEY=…');
    expect(mode(join(dataDir, 'terminals'))).toBe(0o700);
    expect(mode(join(dataDir, 'terminals', 's1.log'))).toBe(0o600);
    expect(files.read('s1')).toBe('ANTHROPIC_API_KEY=…');
  });
});
