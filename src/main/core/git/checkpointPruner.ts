import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { childEnv } from '../spawn/childEnv';
import { createLogger } from '../logger';
import type { SessionsService } from '../services/sessions';
import type { CheckpointService } from './checkpointService';
import { pruneCheckpoints, type PruneResult } from './prune';
import { allWorktreeRecords, type RecordStore } from './record';
import { pruneRemovedRefs, storedRemoved } from './removed';
import { GitError, runGit, type GitRunOptions } from './run';

const log = createLogger('git:prune');

/** The first round, a few seconds after start (never during it). */
export const FIRST_PRUNE_DELAY_MS = 5_000;
/** Then about daily. */
export const PRUNE_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** At most this many repositories per round; when more are known, the next round comes soon, oldest pruned first. */
export const MAX_REPOS_PER_ROUND = 20;
const SOON_MS = 60_000;
/** Finding a folder's repository. */
const RESOLVE_MS = 10_000;
/** stop() waits at most this long for the step that is running (it is aborted first). */
const STOP_WAIT_MS = 5_000;

export interface CheckpointPrunerDeps {
  readonly sessions: Pick<SessionsService, 'list'>;
  readonly store: RecordStore;
  readonly checkpoints: Pick<CheckpointService, 'exclusive'>;
  /** "Keep checkpoints for N days". */
  readonly keepDays: () => number;
  /** The core's clock. */
  readonly now: () => number;
  readonly env: NodeJS.ProcessEnv;
  readonly firstDelayMs?: number;
  readonly intervalMs?: number;
  readonly maxReposPerRound?: number;
}

export interface PruneRound {
  /** Repositories pruned this round (by their common git dir), and how many are known in all. */
  readonly repos: string[];
  readonly known: number;
  readonly checkpoints: PruneResult;
  /** Removed worktrees past the days kept: entries that left "Recently removed", pins deleted. */
  readonly removedEntries: number;
  readonly removedPins: number;
}

/**
 * Checkpoints pruned in the background (issue 36) across every repository known from the sessions'
 * folders, the worktree records and the removed worktrees (one per common git dir; remote rows and
 * missing folders skipped): once a few seconds after start, then about daily. Each repository is one
 * step in the checkpoint queue, so it never runs beside a checkpoint or a restore; every git call in it
 * is time-bounded and ends at once on stop(). Nothing here is awaited by start-up or by a turn.
 */
export class CheckpointPruner {
  private readonly git: GitRunOptions;
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  /** When each repository (common git dir) was last pruned: the least recent go first. */
  private readonly lastPruned = new Map<string, number>();
  /** A folder's common git dir, found once. */
  private readonly commonDirs = new Map<string, string>();

  constructor(private readonly deps: CheckpointPrunerDeps) {
    this.git = { env: childEnv(deps.env, 'terminal'), signal: this.abort.signal };
  }

  start(): void {
    this.schedule(this.deps.firstDelayMs ?? FIRST_PRUNE_DELAY_MS);
  }

  /** Stops the rounds: the running git is ended, and the step it was in waited for at most a few seconds. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    if (!this.running) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running.catch(() => undefined), new Promise<void>((done) => (timer = setTimeout(done, STOP_WAIT_MS)))]);
    clearTimeout(timer);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.round().then(
        (r) => this.schedule(r.known > r.repos.length ? SOON_MS : (this.deps.intervalMs ?? PRUNE_INTERVAL_MS)),
        (err: unknown) => {
          log.warn('pruning round failed', { err });
          this.schedule(this.deps.intervalMs ?? PRUNE_INTERVAL_MS);
        },
      );
    }, ms);
    this.timer.unref();
  }

  /** One round now (the timer's, and tests'): the least recently pruned repositories, up to the cap. */
  round(): Promise<PruneRound> {
    const run = this.pruneRound();
    this.running = run;
    return run.finally(() => {
      if (this.running === run) this.running = null;
    });
  }

  private async pruneRound(): Promise<PruneRound> {
    const repos = await this.knownRepos();
    const chosen = [...repos.keys()].sort((a, b) => (this.lastPruned.get(a) ?? 0) - (this.lastPruned.get(b) ?? 0)).slice(0, this.deps.maxReposPerRound ?? MAX_REPOS_PER_ROUND);
    const total = { rewritten: 0, deleted: 0, dropped: 0 };
    let removedEntries = 0;
    let removedPins = 0;
    const done: string[] = [];
    for (const commonDir of chosen) {
      if (this.stopped) break;
      const folder = repos.get(commonDir) as string;
      try {
        const r = await this.deps.checkpoints.exclusive(() => this.pruneRepo(commonDir, folder));
        if (!r) break;
        total.rewritten += r.checkpoints.rewritten;
        total.deleted += r.checkpoints.deleted;
        total.dropped += r.checkpoints.dropped;
        removedEntries += r.removed.entries;
        removedPins += r.removed.pins;
        done.push(commonDir);
      } catch (err) {
        if (err instanceof GitError && err.reason === 'aborted') break;
        log.warn('pruning checkpoints failed', { repo: commonDir, err });
      }
      this.lastPruned.set(commonDir, this.deps.now());
    }
    return { repos: done, known: repos.size, checkpoints: total, removedEntries, removedPins };
  }

  /** One repository's step (in the checkpoint queue); null when stopped before it began. */
  private async pruneRepo(commonDir: string, folder: string): Promise<{ checkpoints: PruneResult; removed: { entries: number; pins: number } } | null> {
    if (this.stopped) return null;
    const started = Date.now();
    const now = this.deps.now();
    const keepDays = this.deps.keepDays();
    const checkpoints = await pruneCheckpoints(folder, { ...this.git, now: new Date(now), keepDays });
    const removed = await pruneRemovedRefs(folder, this.git, this.deps.store, now, keepDays);
    if (checkpoints.dropped + checkpoints.rewritten + checkpoints.deleted + removed.entries + removed.pins > 0) {
      log.info('checkpoints pruned', { repo: commonDir, keepDays, ...checkpoints, removedEntries: removed.entries, removedPins: removed.pins, ms: Date.now() - started });
    }
    return { checkpoints, removed };
  }

  /** Every repository the sessions know, by common git dir, with one folder to run git in. */
  private async knownRepos(): Promise<Map<string, string>> {
    const folders = new Set<string>();
    for (const row of this.deps.sessions.list(true)) if (!row.host) folders.add(row.folder);
    for (const { record } of allWorktreeRecords(this.deps.store)) folders.add(record.repoRoot);
    for (const entry of storedRemoved(this.deps.store)) folders.add(entry.repoRoot);
    const repos = new Map<string, string>();
    for (const folder of folders) {
      if (this.stopped) break;
      if (!existsSync(folder)) continue;
      const commonDir = await this.commonDirOf(folder).catch((err: unknown) => {
        if (err instanceof GitError && err.reason === 'aborted') throw err;
        log.warn('could not find the repository of a folder', { folder, err });
        return null;
      });
      if (commonDir && !repos.has(commonDir)) repos.set(commonDir, folder);
    }
    return repos;
  }

  private async commonDirOf(folder: string): Promise<string | null> {
    const known = this.commonDirs.get(folder);
    if (known !== undefined) return known;
    let found: string | null = null;
    try {
      found = resolve(folder, (await runGit(folder, ['rev-parse', '--path-format=absolute', '--git-common-dir'], { ...this.git, timeoutMs: RESOLVE_MS })).trim());
    } catch (err) {
      if (!(err instanceof GitError && err.reason === 'exit')) throw err;
      return null; // not in a repository (now): asked again next round
    }
    this.commonDirs.set(folder, found);
    return found;
  }
}
