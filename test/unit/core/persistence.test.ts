import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../../src/main/core/store';
import { startCore, T0 } from './harness';
import { tempDataDir } from '../store/tempDir';

describe('the data folder across restarts', () => {
  it('reopening the same data folder gives back everything as it was', async () => {
    const dataDir = tempDataDir('swarmdesk-core-');
    const first = startCore({ dataDir });
    const a = await first.ok('sessions:create', { kind: 'chat' });
    await first.ok('sessions:rename', { id: a.id, title: 'Alpha release notes' });
    await first.ok('sessions:send', { id: a.id, text: 'the changelog must mention the xylophone importer' });
    const billing = join(dataDir, 'billing'); // a folder must exist (sessions:create checks it)
    mkdirSync(billing);
    const b = await first.ok('sessions:create', { kind: 'claude-code', folder: billing });
    await first.ok('sessions:setPinned', { id: b.id, pinned: true });
    const c = await first.ok('sessions:create', { kind: 'terminal' });
    await first.ok('sessions:setArchived', { id: c.id, archived: true });
    await first.ok('sessions:move', { id: a.id, beforeId: null });
    const listBefore = await first.ok('sessions:list', { includeArchived: true });
    const historyBefore = await first.ok('sessions:titleHistory', { id: a.id });
    await first.core.close();

    const second = startCore({ dataDir });
    expect(await second.ok('sessions:list', { includeArchived: true })).toEqual(listBefore);
    expect(await second.ok('sessions:titleHistory', { id: a.id })).toEqual(historyBefore);
    expect((await second.ok('entries:page', { id: a.id })).entries.map((e) => e.text)).toEqual([
      'the changelog must mention the xylophone importer',
    ]);
    expect(await second.ok('sessions:search', { query: 'xylophone' })).toEqual({ ids: [a.id] });
    expect(second.core.info().notices).toEqual([]);
    expect(second.core.services.store.integrityProblem()).toBeNull();
    await second.core.close();
  });

  it('a placeholder stored by an older build never comes out as a title', async () => {
    const dataDir = tempDataDir('swarmdesk-core-');
    const first = startCore({ dataDir });
    const a = await first.ok('sessions:create', { kind: 'chat' });
    await first.ok('sessions:send', { id: a.id, text: 'please fix the login redirect loop' });
    await first.core.close();

    // What an older build might have written, straight into the file.
    const db = new Database(join(dataDir, DB_FILE_NAME));
    db.prepare(`UPDATE sessions SET title = 'Untitled', title_source = 'auto', title_pinned = 1 WHERE id = ?`).run(a.id);
    db.prepare(
      `INSERT INTO sessions (id, kind, folder, position, title, title_source, created_at, updated_at)
       VALUES ('old-1', 'imported', '/w', 5, '(none yet)', 'imported', @t, @t), ('old-2', 'imported', '/w', 6, 'New session', 'auto', @t, @t)`,
    ).run({ t: T0 });
    db.prepare(`INSERT INTO title_history (session_id, value, source, model, at) VALUES (?, 'No title yet', 'auto', 'm', ?)`).run(a.id, T0);
    db.close();

    const second = startCore({ dataDir });
    const list = await second.ok('sessions:list', {});
    expect(list.map((r) => [r.id, r.title, r.titleSource, r.titlePinned])).toEqual([
      [a.id, null, null, false],
      ['old-1', null, null, false],
      ['old-2', null, null, false],
    ]);
    expect(list[0]!.firstUserLine).toBe('please fix the login redirect loop');
    expect((await second.ok('sessions:get', { id: 'old-1' })).title).toBeNull();
    expect(await second.ok('sessions:titleHistory', { id: a.id })).toEqual([{ value: null, source: 'auto', model: 'm', at: T0 }]);
    // Unpinned by judgement: automatic titling may now fix it.
    expect(second.core.services.sessions.setAutoTitle(a.id, { value: 'Login redirect loop', source: 'recovered', model: null }).applied).toBe(true);
    expect(JSON.stringify(await second.ok('sessions:list', {}))).not.toMatch(/Untitled|none yet|New session/);
    await second.core.close();
  });
});
