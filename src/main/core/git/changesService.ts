import { existsSync } from 'node:fs';
import type { Changes, ChangesSummary, FileDiff } from '../../../shared/ipc/git';
import { AppError } from '../../../shared/result';
import { childEnv } from '../spawn/childEnv';
import type { CoreEvents } from '../events';
import { createLogger } from '../logger';
import type { CoreHooks } from '../services/hooks';
import { fileDiff, forkPoint, listChanges, totals, type ChangeList } from './changes';
import { allWorktreeRecords, readWorktreeRecord, type RecordStore, type WorktreeRecord } from './record';
import { GitRepo } from './repo';
import type { GitRunOptions } from './run';

const log = createLogger('git:changes');

/** A session's counts are recomputed at most this often (trailing: the last burst of activity is always counted). */
export const CHANGES_THROTTLE_MS = 2_000;
/** Git runs for counts at most this many at a time, across sessions. */
const MAX_CONCURRENT = 2;

export interface ChangesServiceDeps {
  readonly store: RecordStore;
  readonly events: Pick<CoreEvents, 'emit'>;
  readonly hooks: Pick<CoreHooks, 'on'>;
  readonly env: NodeJS.ProcessEnv;
  readonly throttleMs?: number;
}

/** A tiny semaphore: at most `max` tasks run; the rest wait in order. */
class Limiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly max: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * What each worktree session changed (issue 10 §2): the Changes region's list and
 * diffs on request, and the row's branch and `+added −removed` kept current. Agent
 * activity (entries, status changes, turn ends, opens) pokes a session; its counts
 * are recomputed at most once per throttle window, a few git runs at a time, and a
 * changed summary is pushed as `session:changes`.
 */
export class ChangesService {
  private readonly git: GitRunOptions;
  private readonly limiter = new Limiter(MAX_CONCURRENT);
  private readonly summaries = new Map<string, ChangesSummary>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly unsubscribe: Array<() => void> = [];
  private stopped = false;
  private counts = 0;

  constructor(private readonly deps: ChangesServiceDeps) {
    this.git = { env: childEnv(deps.env, 'terminal') };
  }

  start(): void {
    const poke = (row: { id: string }): void => this.poke(row.id);
    this.unsubscribe.push(
      this.deps.hooks.on('turnCompleted', poke),
      this.deps.hooks.on('statusChanged', poke),
      this.deps.hooks.on('entryCommitted', (_entry, row) => poke(row)),
      this.deps.hooks.on('sessionCreated', (row) => this.announce(row.id)),
      this.deps.hooks.on('sessionOpened', (row) => this.announce(row.id)),
      this.deps.hooks.on('titleChanged', poke),
    );
  }

  stop(): void {
    this.stopped = true;
    for (const off of this.unsubscribe.splice(0)) off();
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  /** How many times a session's changes were counted (tests check the throttle by it). */
  get countsRun(): number {
    return this.counts;
  }

  /** Waits for pending counts (tests, close). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Activity in a session: count its changes once the throttle window closes (nothing for sessions without a live worktree). */
  poke(sessionId: string): void {
    if (this.stopped || this.timers.has(sessionId)) return;
    const record = this.record(sessionId);
    if (!record || record.gone === 'deleted') return;
    const timer = setTimeout(() => {
      this.timers.delete(sessionId);
      void this.refresh(sessionId).catch((err: unknown) => log.warn('counting changes failed', { session: sessionId, err }));
    }, this.deps.throttleMs ?? CHANGES_THROTTLE_MS);
    timer.unref();
    this.timers.set(sessionId, timer);
  }

  /** A session the renderer may not know has a worktree (new, restored): its branch now, its counts soon. */
  private announce(sessionId: string): void {
    const record = this.record(sessionId);
    if (!record || record.gone === 'deleted') return;
    if (!this.summaries.has(sessionId)) this.publish(emptySummary(sessionId, record));
    this.poke(sessionId);
  }

  /** Counts now and pushes the summary when it changed. */
  async refresh(sessionId: string): Promise<ChangesSummary | null> {
    const record = this.record(sessionId);
    if (!record) return null;
    const changes = await this.compute(sessionId, record);
    return changes.summary;
  }

  /** The rows' branches and counts; sessions not counted yet are counted in the background (and pushed). */
  allSummaries(): ChangesSummary[] {
    const out: ChangesSummary[] = [];
    for (const { sessionId, record } of allWorktreeRecords(this.deps.store)) {
      if (record.gone === 'deleted') continue;
      const known = this.summaries.get(sessionId);
      if (known && known.branch === record.branch) {
        out.push(known);
        continue;
      }
      out.push(emptySummary(sessionId, record));
      this.poke(sessionId);
    }
    return out;
  }

  /** The Changes region: every changed file since the fork, with counts. */
  async changes(sessionId: string): Promise<Changes> {
    return this.compute(sessionId, this.requireRecord(sessionId));
  }

  /**
   * Several files' diffs on one listing of the changes (the review's outdated check: the listing reads the
   * whole tree, so it is made once, not per file). null: the path is not among the changes now (or the
   * worktree folder is gone); a path git failed on is left out of the map.
   */
  async diffs(sessionId: string, paths: readonly string[]): Promise<Map<string, FileDiff | null>> {
    const record = this.requireRecord(sessionId);
    const out = new Map<string, FileDiff | null>();
    if (!existsSync(record.path)) {
      for (const path of paths) out.set(path, null);
      return out;
    }
    const wt = new GitRepo(record.path, this.git);
    return this.limiter.run(async () => {
      const list = await this.list(wt, record);
      for (const path of paths) {
        try {
          out.set(path, await fileDiff(wt, list, path));
        } catch (err) {
          if (err instanceof AppError && err.code === 'NOT_FOUND') out.set(path, null);
          else log.warn('a file of the changes could not be read', { sessionId, err });
        }
      }
      return out;
    });
  }

  /** One changed file's diff; the path must be one of the session's changed files. */
  async diff(sessionId: string, path: string): Promise<FileDiff> {
    const record = this.requireRecord(sessionId);
    if (!existsSync(record.path)) throw new AppError('NOT_FOUND', `The worktree folder ${record.path} is gone, so its changes cannot be shown.`);
    const wt = new GitRepo(record.path, this.git);
    return this.limiter.run(async () => {
      const list = await this.list(wt, record);
      return fileDiff(wt, list, path);
    });
  }

  private async compute(sessionId: string, record: WorktreeRecord): Promise<Changes> {
    const run = this.limiter.run(async (): Promise<Changes> => {
      if (record.gone || !existsSync(record.path)) {
        const summary: ChangesSummary = { ...emptySummary(sessionId, record), files: 0, added: 0, removed: 0, uncommitted: 0, ahead: 0, missing: true };
        this.publish(summary);
        return { summary, forkCommit: null, files: [], truncated: false };
      }
      this.counts++;
      const wt = new GitRepo(record.path, this.git);
      const [list, uncommitted, ahead] = await Promise.all([this.list(wt, record), uncommittedFiles(wt), aheadOfBase(wt, record)]);
      const sums = totals(list.files);
      // "Merged into <base>" holds while the branch has nothing new (no commit the base lacks, nothing uncommitted).
      const merged = record.merged && ahead === 0 && uncommitted === 0 ? record.merged.baseBranch : null;
      const summary: ChangesSummary = { ...emptySummary(sessionId, record), files: list.files.length, ...sums, uncommitted, ahead, merged };
      this.publish(summary);
      return { summary, forkCommit: list.forkCommit, files: list.files, truncated: list.truncated };
    });
    this.inFlight.set(sessionId, run);
    void run
      .finally(() => {
        if (this.inFlight.get(sessionId) === run) this.inFlight.delete(sessionId);
      })
      .catch(() => undefined);
    return run;
  }

  private async list(wt: GitRepo, record: WorktreeRecord): Promise<ChangeList> {
    return listChanges(wt, await forkPoint(wt, record));
  }

  private publish(summary: ChangesSummary): void {
    const before = this.summaries.get(summary.sessionId);
    this.summaries.set(summary.sessionId, summary);
    if (this.stopped || (before && sameSummary(before, summary))) return;
    this.deps.events.emit('session:changes', summary);
  }

  private record(sessionId: string): WorktreeRecord | null {
    return readWorktreeRecord(this.deps.store, sessionId);
  }

  private requireRecord(sessionId: string): WorktreeRecord {
    const record = this.record(sessionId);
    if (!record) throw new AppError('NOT_FOUND', 'This session does not work in a git worktree, so it has no changes to show.');
    return record;
  }
}

function emptySummary(sessionId: string, record: WorktreeRecord): ChangesSummary {
  const worktreeRemoved = record.gone === 'removed' ? (record.branchDeleted ? 'branch-deleted' : 'branch-kept') : null;
  return {
    sessionId,
    branch: record.branch,
    baseBranch: record.baseBranch,
    files: null,
    added: null,
    removed: null,
    uncommitted: null,
    ahead: null,
    missing: record.gone !== null,
    merged: null,
    worktreeRemoved,
    ...(record.adopted ? { adopted: true } : {}),
  };
}

/** Files changed and not committed (as `git:mergeCheck` counts them: changed, untracked, conflicted). */
async function uncommittedFiles(wt: GitRepo): Promise<number> {
  const status = await wt.status('all');
  return status.changed + status.untracked + status.conflicted;
}

/** Commits on HEAD the base branch lacks (worktrees share the repository's refs); null without a base branch. */
async function aheadOfBase(wt: GitRepo, record: WorktreeRecord): Promise<number | null> {
  if (record.baseBranch === null || !(await wt.commitOf(`refs/heads/${record.baseBranch}`))) return null;
  return wt.countAhead(`refs/heads/${record.baseBranch}`, 'HEAD');
}

function sameSummary(a: ChangesSummary, b: ChangesSummary): boolean {
  return (
    a.branch === b.branch &&
    a.baseBranch === b.baseBranch &&
    a.files === b.files &&
    a.added === b.added &&
    a.removed === b.removed &&
    a.uncommitted === b.uncommitted &&
    a.ahead === b.ahead &&
    a.missing === b.missing &&
    (a.merged ?? null) === (b.merged ?? null) &&
    (a.worktreeRemoved ?? null) === (b.worktreeRemoved ?? null)
  );
}
