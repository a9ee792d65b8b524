import Database from 'better-sqlite3';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BackupCheckError, checkCopySync, KEEP_BACKUPS, listBackups, pruneBackups } from '../../../src/main/core/store/backups';
import { openStore, type Store } from '../../../src/main/core/store';
import { LATEST_VERSION } from '../../../src/main/core/store/migrations';
import { tempDataDir } from './tempDir';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 4, 1, 9, 0, 0);

function addSession(store: Store, id: string, text: string): void {
  store.sessions.insert({ id, kind: 'chat', folder: '/w', position: 0, at: T0 });
  store.entries.append(id, 'user', text, null, T0);
}

/** Overwrites every page after the first, as a failing disk or a torn copy would. */
function scribblePages(file: string): void {
  const bytes = readFileSync(file);
  const pageSize = bytes.readUInt16BE(16);
  bytes.fill(0xa5, pageSize);
  writeFileSync(file, bytes);
}

describe('backups are checked before they count (SPEC §12)', () => {
  it('a routine backup passes quick_check in the check worker and is named as checked', async () => {
    const dataDir = tempDataDir();
    const { store } = openStore({ dataDir, now: () => T0 });
    addSession(store, 's1', 'the walrus migration');
    const backup = await store.routineBackupIfDue(T0 + 1000);
    store.close();
    expect(backup).toMatchObject({ checked: true });
    expect(listBackups(dataDir).map((b) => b.checked)).toEqual([true]);
    const copy = new Database(backup!.path, { readonly: true });
    expect(copy.prepare('SELECT text FROM entries').all()).toEqual([{ text: 'the walrus migration' }]);
    copy.close();
  });

  it('a copy that fails its check is deleted, refused with a typed error, and the earlier backup kept', async () => {
    const dataDir = tempDataDir();
    let damage = false;
    const { store } = openStore({ dataDir, now: () => T0, afterBackupCopy: (partial) => damage && scribblePages(partial) });
    addSession(store, 's1', 'first day');
    const good = await store.routineBackupIfDue(T0 + 1000);
    expect(good).not.toBeNull();

    damage = true;
    addSession(store, 's2', 'second day');
    const failed = store.routineBackupIfDue(T0 + DAY + 2000);
    await expect(failed).rejects.toBeInstanceOf(BackupCheckError);
    await expect(failed).rejects.toMatchObject({ code: 'BACKUP_CHECK_FAILED' });
    store.close();

    expect(listBackups(dataDir).map((b) => b.path)).toEqual([good!.path]);
    expect(readdirSync(join(dataDir, 'backups')).filter((n) => n.endsWith('.partial'))).toEqual([]);
  });

  it('checkCopySync reports a damaged copy and a copy of the wrong schema version', async () => {
    const dataDir = tempDataDir();
    const { store } = openStore({ dataDir, now: () => T0 });
    addSession(store, 's1', 'hello');
    const backup = (await store.routineBackupIfDue(T0 + 1000))!;
    store.close();
    expect(checkCopySync(backup.path, LATEST_VERSION, {})).toBeNull();
    expect(checkCopySync(backup.path, LATEST_VERSION + 1, {})).toMatch(/schema version/);
    const broken = join(dataDir, 'broken.db');
    copyFileSync(backup.path, broken);
    scribblePages(broken);
    expect(checkCopySync(broken, LATEST_VERSION, {})).not.toBeNull();
  });

  it('pruning never leaves only unchecked backups (copies from builds before the check)', async () => {
    const dataDir = tempDataDir();
    const { store } = openStore({ dataDir, now: () => T0 });
    addSession(store, 's1', 'hello');
    const checked = (await store.routineBackupIfDue(T0 + 1000))!;
    store.close();
    // Newer copies with the old, unchecked names (as an older build wrote them).
    const dir = join(dataDir, 'backups');
    const olderBuildNames = [1, 2, 3, 4].map((d) => `swarmdesk-${new Date(T0 + d * DAY).toISOString().replace(/[-:.]/g, '')}-v${LATEST_VERSION}-routine.db`);
    for (const name of olderBuildNames) copyFileSync(checked.path, join(dir, name));

    pruneBackups(dataDir, KEEP_BACKUPS);

    const kept = listBackups(dataDir);
    expect(kept.filter((b) => !b.checked)).toHaveLength(KEEP_BACKUPS);
    expect(kept.filter((b) => b.checked).map((b) => b.path)).toEqual([checked.path]);
  });
});
