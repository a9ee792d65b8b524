import type { Database } from 'better-sqlite3';

/**
 * One schema change. `version` is what `PRAGMA user_version` reads after it
 * ran; `up` runs inside the migrator's transaction and must not commit.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  /**
   * Run with foreign keys off (SQLite's way to rebuild a table others
   * reference: with them on, dropping it cascades into its children). The
   * migrator still refuses to commit a migration that breaks a reference.
   */
  readonly foreignKeysOff?: true;
  up(db: Database): void;
}
