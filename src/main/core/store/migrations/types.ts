import type { Database } from 'better-sqlite3';

/**
 * One schema change. `version` is what `PRAGMA user_version` reads after it
 * ran; `up` runs inside the migrator's transaction and must not commit.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database): void;
}
