import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listBackups } from '../../../src/main/core/store/backups';
import { consumeCleanShutdown, markCleanShutdown } from '../../../src/main/core/store/cleanShutdown';
import { DatabaseTooNewError, DB_FILE_NAME, openStore, type Store } from '../../../src/main/core/store';
import { LATEST_VERSION, MIGRATIONS, type Migration } from '../../../src/main/core/store/migrations';
import { tempDataDir } from './tempDir';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 4, 1, 9, 0, 0);

function addSession(store: Store, id: string, text: string, at = T0): void {
  store.sessions.insert({ id, kind: 'chat', folder: '/w', position: 0, at });
  store.entries.append(id, 'user', text, null, at);
}

function sha(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

describe('openStore', () => {
  it('creates the data folder and a database at the latest version, with the pragmas set', () => {
    const dataDir = join(tempDataDir(), 'nested', 'data');
    const { store, notices } = openStore({ dataDir, now: () => T0 });
    expect(notices).toEqual([]);
    expect(store.file).toBe(join(dataDir, DB_FILE_NAME));
    store.close();
    const db = new Database(join(dataDir, DB_FILE_NAME), { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('refuses a database from a newer Swarmdesk and leaves the file untouched', () => {
    const dataDir = tempDataDir();
    const first = openStore({ dataDir, now: () => T0 });
    addSession(first.store, 's1', 'hello');
    first.store.close();
    const file = join(dataDir, DB_FILE_NAME);
    const raw = new Database(file);
    raw.pragma(`user_version = ${LATEST_VERSION + 5}`);
    raw.close();
    const before = { hash: sha(file), mtime: statSync(file).mtimeMs };

    let thrown: unknown;
    try {
      openStore({ dataDir, now: () => T0 + 2 * DAY });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(DatabaseTooNewError);
    const err = thrown as DatabaseTooNewError;
    expect(err.fileVersion).toBe(LATEST_VERSION + 5);
    expect(err.message).toMatch(/newer version of Swarmdesk/);
    expect(err.message).toContain(file);
    expect({ hash: sha(file), mtime: statSync(file).mtimeMs }).toEqual(before);
    expect(listBackups(dataDir)).toEqual([]);
  });

  it('backs up an existing database before migrating it', () => {
    const dataDir = tempDataDir();
    const first = openStore({ dataDir, now: () => T0 });
    addSession(first.store, 's1', 'before the upgrade');
    first.store.close();

    const next: Migration = {
      version: LATEST_VERSION + 1,
      name: 'test_extra_column',
      up: (db) => db.exec(`ALTER TABLE sessions ADD COLUMN colour TEXT`),
    };
    const later = T0 + 60_000; // well within a day: only the migration can cause a backup
    const upgraded = openStore({ dataDir, now: () => later, migrations: [...MIGRATIONS, next] });
    upgraded.store.close();

    const premigrate = listBackups(dataDir).filter((b) => b.name.endsWith('-premigrate-checked.db'));
    expect(premigrate).toHaveLength(1);
    expect(premigrate[0]!.name).toContain(`-v${LATEST_VERSION}-`);
    const backup = new Database(premigrate[0]!.path, { readonly: true });
    expect(backup.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(backup.prepare(`SELECT text FROM entries`).all()).toEqual([{ text: 'before the upgrade' }]);
    backup.close();
    const live = new Database(join(dataDir, DB_FILE_NAME), { readonly: true });
    expect(live.pragma('user_version', { simple: true })).toBe(LATEST_VERSION + 1);
    live.close();
  });

  it('takes a routine backup (in the background) when the newest is a day old, and keeps the last three', async () => {
    const dataDir = tempDataDir();
    const { store } = openStore({ dataDir, now: () => T0 });
    expect(await store.routineBackupIfDue(T0)).toBeNull(); // nothing worth keeping yet
    addSession(store, 's1', 'hello');
    const first = await store.routineBackupIfDue(T0 + 1000);
    expect(first?.name).toMatch(/-routine-checked\.db$/);
    expect(await store.routineBackupIfDue(T0 + DAY / 2)).toBeNull();
    for (let day = 1; day <= 5; day++) expect(await store.routineBackupIfDue(T0 + day * DAY + 2000)).not.toBeNull();
    const kept = listBackups(dataDir);
    expect(kept.map((b) => b.takenAt)).toEqual([5, 4, 3].map((d) => T0 + d * DAY + 2000));
    expect(readdirSync(join(dataDir, 'backups')).filter((n) => n.endsWith('.partial'))).toEqual([]);
    store.close();
    const copy = new Database(kept[0]!.path, { readonly: true });
    expect(copy.prepare(`SELECT text FROM entries`).all()).toEqual([{ text: 'hello' }]);
    copy.close();
  });
});

describe('a damaged database', () => {
  /** A store with one session, a backup of it, then a second session the backup lacks; closed cleanly. */
  async function damagedSetup(): Promise<{ dataDir: string; file: string }> {
    const dataDir = tempDataDir();
    const { store } = openStore({ dataDir, now: () => T0 });
    addSession(store, 'kept', 'the xylophone importer');
    await store.routineBackupIfDue(T0 + 1000);
    addSession(store, 'late', 'written after the backup');
    store.close();
    expect(listBackups(dataDir)).toHaveLength(1);
    return { dataDir, file: join(dataDir, DB_FILE_NAME) };
  }

  /** Overwrites every page after the first (the header and schema page survive), keeping size and mtime. */
  function scribblePages(file: string): void {
    const before = statSync(file);
    const bytes = readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    expect(bytes.length).toBeGreaterThan(3 * pageSize);
    bytes.fill(0xa5, pageSize);
    writeFileSync(file, bytes);
    utimesSync(file, before.atime, before.mtime);
  }

  it('garbage over the file: kept aside, the backup restored, and the user told', async () => {
    const { dataDir, file } = await damagedSetup();
    const garbage = Buffer.alloc(64 * 1024, 'not a database at all ');
    writeFileSync(file, garbage);

    const { store, notices } = openStore({ dataDir, now: () => T0 + 2 * DAY });
    expect(notices).toHaveLength(1);
    const notice = notices[0]!;
    expect(notice).toMatch(/^Your session database was damaged\. Swarmdesk kept it at .*corrupt-.*\.db and restored the backup from /);
    const aside = readdirSync(dataDir).filter((n) => /^corrupt-.*\.db$/.test(n));
    expect(aside).toHaveLength(1);
    expect(notice).toContain(join(dataDir, aside[0]!));
    expect(readFileSync(join(dataDir, aside[0]!)).equals(garbage)).toBe(true);

    expect(store.sessions.get('kept')?.firstUserLine).toBe('the xylophone importer');
    expect(store.sessions.get('late')).toBeNull();
    expect(store.search.search('xylo', { includeArchived: false, limit: 10 })).toEqual(['kept']);
    expect(store.integrityProblem()).toBeNull();
    store.close();
  });

  it('damaged pages behind a good header are caught by quick_check after an unclean exit', async () => {
    const { dataDir, file } = await damagedSetup();
    rmSync(file + '.clean'); // as after a crash: no clean-close marker
    scribblePages(file);

    const { store, notices } = openStore({ dataDir, now: () => T0 + 2 * DAY });
    expect(notices[0]).toMatch(/damaged.*restored the backup/);
    expect(store.sessions.get('kept')).not.toBeNull();
    store.close();
  });

  it('a clean close leaves a single-use marker that only an unchanged file matches', async () => {
    const { file } = await damagedSetup();
    const marker = file + '.clean';
    const saved = readFileSync(marker, 'utf8');
    expect(consumeCleanShutdown(file)).toBe(true); // exactly as we left it: the full check may be skipped
    expect(existsSync(marker)).toBe(false);
    expect(consumeCleanShutdown(file)).toBe(false); // single use: a crash before the next clean close means a full check
    writeFileSync(marker, saved);
    const st = statSync(file);
    utimesSync(file, st.atime, new Date(st.mtimeMs + 5000)); // touched by something else
    expect(consumeCleanShutdown(file)).toBe(false);
  });

  it('the marker is not the only evidence: a changed last page or a header that disagrees with the length means a full check', async () => {
    const { file } = await damagedSetup();
    const marker = file + '.clean';
    // Whole-second times, so putting them back below restores them exactly.
    const st = { atime: new Date(T0), mtime: new Date(T0) };
    utimesSync(file, st.atime, st.mtime);
    markCleanShutdown(file);
    const saved = readFileSync(marker, 'utf8');
    const original = readFileSync(file);
    const pageSize = original.readUInt16BE(16);

    // Same size and mtime, one byte of the last page flipped (bit rot, a stray write).
    const flipped = Buffer.from(original);
    flipped[flipped.length - 1] = flipped[flipped.length - 1]! ^ 0xff;
    writeFileSync(file, flipped);
    utimesSync(file, st.atime, st.mtime);
    writeFileSync(marker, saved);
    expect(consumeCleanShutdown(file)).toBe(false);

    // The header's page count says one page fewer than the file holds (a torn extension).
    const torn = Buffer.from(original);
    torn.writeUInt32BE(torn.readUInt32BE(28) - 1, 28);
    writeFileSync(file, torn);
    utimesSync(file, st.atime, st.mtime);
    writeFileSync(marker, JSON.stringify({ ...JSON.parse(saved), firstPage: undefined }));
    expect(consumeCleanShutdown(file)).toBe(false);

    // Put back exactly: the marker matches again.
    writeFileSync(file, original);
    utimesSync(file, st.atime, st.mtime);
    writeFileSync(marker, saved);
    expect(original.length % pageSize).toBe(0);
    expect(consumeCleanShutdown(file)).toBe(true);
  });

  it('with no usable backup: kept aside, a fresh database, and the user told', async () => {
    const { dataDir, file } = await damagedSetup();
    for (const b of listBackups(dataDir)) writeFileSync(b.path, 'also broken');
    writeFileSync(file, 'garbage');

    const { store, notices } = openStore({ dataDir, now: () => T0 + 2 * DAY });
    expect(notices).toEqual([expect.stringMatching(/damaged and no usable backup was found\. Swarmdesk kept it at .*corrupt-.*\.db and started a new, empty one/)]);
    expect(store.sessions.list(true)).toEqual([]);
    expect(readdirSync(dataDir).some((n) => /^corrupt-.*\.db$/.test(n))).toBe(true);
    store.close();
  });

  it('skips a broken newest backup and restores an older good one', async () => {
    const { dataDir, file } = await damagedSetup();
    const good = listBackups(dataDir)[0]!;
    const newer = join(dataDir, 'backups', `swarmdesk-20990101T000000000Z-v${LATEST_VERSION}-routine.db`);
    writeFileSync(newer, 'broken backup');
    writeFileSync(file, 'garbage');

    const { store, notices } = openStore({ dataDir, now: () => T0 + 2 * DAY });
    expect(notices[0]).toContain(good.path);
    expect(store.sessions.get('kept')).not.toBeNull();
    store.close();
    expect(existsSync(newer)).toBe(true); // a backup is never deleted for failing a check
  });
});
