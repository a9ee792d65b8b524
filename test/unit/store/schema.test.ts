import Database from 'better-sqlite3';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { applyMigrations } from '../../../src/main/core/store/migrate';
import { MIGRATIONS } from '../../../src/main/core/store/migrations';
import { tempDataDir } from './tempDir';

// The whole schema after every migration, compared with the committed file.
// A schema change without a matching migration (or an edited old migration)
// shows up here as a diff; update the snapshot only together with a migration.
it('the migrated schema matches the committed snapshot', async () => {
  const db = new Database(join(tempDataDir(), 'schema.db'));
  applyMigrations(db, MIGRATIONS);
  const rows = db
    .prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name`)
    .all() as Array<{ type: string; name: string; tbl_name: string; sql: string }>;
  const dump =
    `-- user_version ${String(db.pragma('user_version', { simple: true }))}\n` +
    rows.map((r) => `-- ${r.type} ${r.name} on ${r.tbl_name}\n${r.sql.trim()};\n`).join('\n');
  db.close();
  await expect(dump).toMatchFileSnapshot('./__snapshots__/schema.sql');
});
