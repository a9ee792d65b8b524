import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../src/main/core/store';
import { applyMigrations } from '../../../src/main/core/store/migrate';
import { MIGRATIONS } from '../../../src/main/core/store/migrations';

describe('migration 002 (import_files)', () => {
  it('upgrades a version-1 database with rows, keeping them, and stores import cursors', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sd-mig2-'));
    // A version-1 file written with that version's own columns (today's repositories read later tables).
    const v1 = new Database(join(dataDir, 'swarmdesk.db'));
    applyMigrations(v1, MIGRATIONS.slice(0, 1));
    v1.prepare(`INSERT INTO sessions (id, kind, folder, position, created_at, updated_at) VALUES ('keep-me', 'chat', '/w', 0, 1, 1)`).run();
    v1.close();

    const { store } = openStore({ dataDir });
    expect(store.sessions.get('keep-me')?.folder).toBe('/w');
    store.importFiles.put({ path: '/t/a.jsonl', source: 'codex', size: 10, mtimeMs: 1.5, ino: 7, offset: 8, facts: '{"x":1}', sessionId: 'keep-me' });
    store.importFiles.put({ path: '/t/a.jsonl', source: 'codex', size: 20, mtimeMs: 2.5, ino: 7, offset: 20, facts: '{"x":2}', sessionId: 'keep-me' });
    expect(store.importFiles.all()).toEqual([
      { path: '/t/a.jsonl', source: 'codex', size: 20, mtimeMs: 2.5, ino: 7, offset: 20, facts: '{"x":2}', sessionId: 'keep-me' },
    ]);
    expect(store.importFiles.bySession('keep-me')?.path).toBe('/t/a.jsonl');
    expect(() => store.importFiles.put({ path: '/t/b', source: 'codex', size: 1, mtimeMs: 1, ino: 1, offset: 0, facts: 'not json', sessionId: null })).toThrow();
    store.close();
  });
});
