import type { Db } from './connection';
import { createAmbientCallsRepo, type AmbientCallsRepo } from './repos/ambientCalls';
import { createEntriesRepo, type EntriesRepo } from './repos/entries';
import { createImportFilesRepo, type ImportFilesRepo } from './repos/importFiles';
import { createSearchRepo, type SearchRepo } from './repos/search';
import { createSessionsRepo, type SessionsRepo } from './repos/sessions';
import { createSettingsRepo, type SettingsRepo } from './repos/settings';
import { createTitlesRepo, type TitlesRepo } from './repos/titles';

/** The store: repositories over the one writer connection. No SQL leaves `store/`. */
export interface Store {
  readonly file: string;
  readonly dataDir: string;
  readonly sessions: SessionsRepo;
  readonly entries: EntriesRepo;
  readonly titles: TitlesRepo;
  readonly settings: SettingsRepo;
  readonly ambientCalls: AmbientCallsRepo;
  readonly search: SearchRepo;
  /** Cursors of the transcript import (agents/import). */
  readonly importFiles: ImportFilesRepo;
  /** Runs `fn` in one write transaction (nested calls become savepoints). */
  transaction<T>(fn: () => T): T;
  /** `PRAGMA integrity_check` plus the FTS indexes' own check: null when fine (tests, diagnostics). */
  integrityProblem(): string | null;
  readonly isOpen: boolean;
  close(): void;
}

export function createStore(db: Db, file: string, dataDir: string): Store {
  const sessions = createSessionsRepo(db);
  const entries = createEntriesRepo(db);
  const titles = createTitlesRepo(db);
  const settings = createSettingsRepo(db);
  const ambientCalls = createAmbientCallsRepo(db);
  const search = createSearchRepo(db, entries);
  const importFiles = createImportFilesRepo(db);
  return {
    file,
    dataDir,
    sessions,
    entries,
    titles,
    settings,
    ambientCalls,
    search,
    importFiles,
    transaction<T>(fn: () => T): T {
      return db.transaction(fn).immediate();
    },
    integrityProblem(): string | null {
      const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
      const bad = rows.map((r) => r.integrity_check).filter((v) => v !== 'ok');
      for (const fts of ['entries_fts', 'sessions_fts']) {
        try {
          db.prepare(`INSERT INTO ${fts} (${fts}) VALUES ('integrity-check')`).run();
        } catch (err) {
          bad.push(`${fts}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      return bad.length === 0 ? null : bad.slice(0, 3).join('; ');
    },
    get isOpen() {
      return db.open;
    },
    close(): void {
      if (!db.open) return;
      try {
        // Leave nothing for the next start to index.
        while (entries.flushIndex() > 0);
      } catch {
        // The queue survives in the file; the next start indexes it.
      }
      // Fold the WAL back into the main file so the folder holds one tidy file after a clean exit.
      try {
        db.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        db.close();
      }
    },
  };
}
