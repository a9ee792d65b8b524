import type { Db } from './connection';
import { userVersion } from './connection';
import type { Migration } from './migrations/types';

/**
 * Applies every migration newer than the file's `user_version`, each in its
 * own transaction together with the version bump, so a crash leaves the file
 * at a whole version. The caller has already refused newer files and taken a
 * backup. Returns the versions applied.
 */
export function applyMigrations(db: Db, migrations: readonly Migration[]): number[] {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  ordered.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migrations must be numbered 1..n without gaps (found ${m.version} at ${i + 1})`);
  });
  const applied: number[] = [];
  for (const m of ordered) {
    if (m.version <= userVersion(db)) continue;
    // The pragma is a no-op inside a transaction, so it is set around it.
    const keysWereOn = db.pragma('foreign_keys', { simple: true }) === 1;
    if (m.foreignKeysOff && keysWereOn) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        m.up(db);
        // A migration that rebuilds a table can break references without an error; refuse to commit that.
        const broken = db.pragma('foreign_key_check') as unknown[];
        if (broken.length > 0) throw new Error(`migration ${m.version} left ${broken.length} foreign key violations`);
        db.pragma(`user_version = ${m.version}`);
      }).immediate();
    } finally {
      if (m.foreignKeysOff && keysWereOn) db.pragma('foreign_keys = ON');
    }
    applied.push(m.version);
  }
  return applied;
}
