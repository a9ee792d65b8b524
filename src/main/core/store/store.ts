import { performance } from 'node:perf_hooks';
import { NO_CHECK_WORKER, runBackgroundCheck } from './backgroundCheck';
import { checkCopySync, listBackups, ROUTINE_BACKUP_AGE_MS, takeBackupInBackground, type BackupFile, type VerifyCopy } from './backups';
import { discardCleanShutdown, markCleanShutdown } from './cleanShutdown';
import { userVersion, type ConnectionOptions, type Db } from './connection';
import { createAmbientCallsRepo, type AmbientCallsRepo } from './repos/ambientCalls';
import { createEntriesRepo, type EntriesRepo } from './repos/entries';
import { createImportFilesRepo, type ImportFilesRepo } from './repos/importFiles';
import { createReviewCommentsRepo, type ReviewCommentsRepo } from './repos/reviewComments';
import { createSearchRepo, type SearchRepo } from './repos/search';
import { createSessionOptionsRepo, type SessionOptionsRepo } from './repos/sessionOptions';
import { createSessionsRepo, type SessionsRepo } from './repos/sessions';
import { createSettingsRepo, type SettingsRepo } from './repos/settings';
import { createStemFillRepo, type StemFillRepo } from './repos/stemFill';
import { createUsageRepo, type UsageRepo } from './repos/usage';
import { createTitlesRepo, type TitlesRepo } from './repos/titles';

/** The store: repositories over the one writer connection. No SQL leaves `store/`. */
export interface Store {
  readonly file: string;
  readonly dataDir: string;
  readonly sessions: SessionsRepo;
  readonly entries: EntriesRepo;
  readonly titles: TitlesRepo;
  readonly settings: SettingsRepo;
  /** What each agent turn used (migration 004). */
  readonly usage: UsageRepo;
  /** A session's own options (permission mode, chat provider/model, running summary); purged with it. */
  readonly sessionOptions: SessionOptionsRepo;
  readonly ambientCalls: AmbientCallsRepo;
  /** Comments on a session's diff (migration 016): the review draft and what was sent. */
  readonly reviewComments: ReviewCommentsRepo;
  readonly search: SearchRepo;
  /** The background fill of the stemmed search indexes (migration 014), driven by the core's housekeeping. */
  readonly stemFill: StemFillRepo;
  /** Cursors of the transcript import (agents/import). */
  readonly importFiles: ImportFilesRepo;
  /** Runs `fn` in one write transaction (nested calls become savepoints). */
  transaction<T>(fn: () => T): T;
  /** `PRAGMA integrity_check` plus the FTS indexes' own check: null when fine (tests, diagnostics). */
  integrityProblem(): string | null;
  /**
   * Takes a backup in the background when the newest is more than a day old
   * (and there is something to keep); resolves to it, or null when not due.
   */
  routineBackupIfDue(at: number): Promise<BackupFile | null>;
  /** Resolves when no background backup is running (await before `close`). */
  idle(): Promise<void>;
  /**
   * A check found damage in the file while it is open: the clean-close marker
   * is removed now and `close` will not write one, so the next start runs the
   * full check and the recovery. Changes nothing in the database.
   */
  noteDamage(reason: string): void;
  /** The reason given to `noteDamage`, or null. */
  readonly damageFound: string | null;
  readonly isOpen: boolean;
  /** The writer's busy wait in ms (diagnostics, tests): how long a write may block on another program's lock. */
  busyWaitMs(): number;
  /** Indexes what it can in a moment, checkpoints the WAL, closes, and marks the close clean (unless damage was noted). */
  close(): void;
}

/** How long `close` may spend indexing queued entries; the rest waits for the next start. */
const CLOSE_INDEX_BUDGET_MS = 300;
/**
 * How long the closing checkpoint waits for a reader (a background check still
 * inside SQLite). Past it the WAL stays, no marker is written, and the next
 * start runs the full check: slower, never wrong.
 */
const CLOSE_CHECKPOINT_WAIT_MS = 250;

export interface CreateStoreOptions extends ConnectionOptions {
  /** Tests only: runs between a routine backup's copy and its check. */
  readonly afterBackupCopy?: (partial: string) => void;
}

/** A routine backup's copy is checked in the check worker, so a large file never blocks the event loop. */
function verifyInWorker(connection: ConnectionOptions): VerifyCopy {
  return async (copy, version) => {
    const outcome = await runBackgroundCheck({ file: copy, nativeBinding: connection.nativeBinding }).done;
    if (outcome.state === 'ok') return null;
    if (outcome.state === 'damaged') return outcome.reason;
    // No worker in this build or runtime: check here rather than keep an unchecked copy.
    if (outcome.reason === NO_CHECK_WORKER) return checkCopySync(copy, version, connection);
    return outcome.reason;
  };
}

export function createStore(db: Db, file: string, dataDir: string, options: CreateStoreOptions = {}): Store {
  const sessions = createSessionsRepo(db);
  const entries = createEntriesRepo(db);
  const titles = createTitlesRepo(db);
  const settings = createSettingsRepo(db);
  const usage = createUsageRepo(db);
  const sessionOptions = createSessionOptionsRepo(db);
  const ambientCalls = createAmbientCallsRepo(db);
  const reviewComments = createReviewCommentsRepo(db);
  const stemFill = createStemFillRepo(db);
  const search = createSearchRepo(db, entries, stemFill);
  const importFiles = createImportFilesRepo(db);
  const anySession = db.prepare<[], { any: number }>('SELECT EXISTS (SELECT 1 FROM sessions) AS any');
  let backingUp: Promise<BackupFile | null> | null = null;
  let damageFound: string | null = null;
  return {
    file,
    dataDir,
    sessions,
    entries,
    titles,
    settings,
    usage,
    sessionOptions,
    ambientCalls,
    reviewComments,
    search,
    stemFill,
    importFiles,
    transaction<T>(fn: () => T): T {
      return db.transaction(fn).immediate();
    },
    integrityProblem(): string | null {
      const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
      const bad = rows.map((r) => r.integrity_check).filter((v) => v !== 'ok');
      for (const fts of ['entries_fts', 'sessions_fts', 'entries_stem', 'sessions_stem']) {
        try {
          db.prepare(`INSERT INTO ${fts} (${fts}) VALUES ('integrity-check')`).run();
        } catch (err) {
          bad.push(`${fts}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      return bad.length === 0 ? null : bad.slice(0, 3).join('; ');
    },
    routineBackupIfDue(at: number): Promise<BackupFile | null> {
      if (backingUp) return backingUp;
      const newest = listBackups(dataDir)[0];
      if ((newest && at - newest.takenAt < ROUTINE_BACKUP_AGE_MS) || !anySession.get()?.any) return Promise.resolve(null);
      const verify = verifyInWorker(options);
      backingUp = takeBackupInBackground(db, dataDir, userVersion(db), at, { verify, afterCopy: options.afterBackupCopy }).finally(() => {
        backingUp = null;
      });
      return backingUp;
    },
    async idle(): Promise<void> {
      await backingUp?.catch(() => null);
    },
    noteDamage(reason: string): void {
      damageFound ??= reason;
      discardCleanShutdown(file);
    },
    get damageFound() {
      return damageFound;
    },
    get isOpen() {
      return db.open;
    },
    busyWaitMs(): number {
      return db.pragma('busy_timeout', { simple: true }) as number;
    },
    close(): void {
      if (!db.open) return;
      try {
        const start = performance.now();
        while (performance.now() - start < CLOSE_INDEX_BUDGET_MS && entries.flushIndex() > 0);
      } catch {
        // The queue survives in the file; the next start indexes it.
      }
      // Fold the WAL back into the main file, so the clean-close marker describes the whole database.
      let folded = false;
      try {
        db.pragma(`busy_timeout = ${CLOSE_CHECKPOINT_WAIT_MS}`);
        const r = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
        folded = r[0]?.busy === 0;
      } finally {
        db.close();
      }
      if (folded && damageFound === null) markCleanShutdown(file);
    },
  };
}
