import { existsSync } from 'node:fs';
import type { Entry, SessionRow } from '../../../shared/domain/session';
import { AppError } from '../../../shared/result';
import { childEnv } from '../spawn/childEnv';
import { createLogger } from '../logger';
import type { CoreHooks } from '../services/hooks';
import type { SessionsService } from '../services/sessions';
import { checkpointDiff, listCheckpoints, recordCheckpoint, type Checkpoint, type RecordResult, type TurnDiff } from './checkpoint';
import { restoreCheckpoint, type RestoreResult } from './restore';
import type { GitRunOptions } from './run';

const log = createLogger('git:checkpoints');

export interface CheckpointServiceDeps {
  readonly hooks: Pick<CoreHooks, 'on'>;
  readonly sessions: Pick<SessionsService, 'newestEntries'>;
  readonly env: NodeJS.ProcessEnv;
  /** The core's clock (the checkpoint's time). */
  readonly now: () => number;
}

/**
 * A checkpoint at each finished turn (issue 36): an agent's `turnCompleted` and a terminal's
 * `terminalTurnEnded` record the session's folder, when it is in a git working tree, in the background:
 * the turn is never waited on. One checkpoint is taken at a time across sessions (each `add --all` reads
 * a whole tree); a session with one already waiting gets no second (the waiting one sees the newer files).
 * The turn marker is the seq of the session's newest entry, so the transcript can find the turn.
 */
export class CheckpointService {
  private readonly git: GitRunOptions;
  private readonly waiting = new Set<string>();
  /** Sessions whose folder was once too full of untracked files (logged once). */
  private readonly toldTooMany = new Set<string>();
  /** Sessions whose first checkpoint was seen to or asked for (`turnStarting`), this run. */
  private readonly based = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private readonly unsubscribe: Array<() => void> = [];
  private stopped = false;
  private recorded = 0;

  constructor(private readonly deps: CheckpointServiceDeps) {
    this.git = { env: childEnv(deps.env, 'terminal') };
  }

  start(): void {
    const turn = (row: SessionRow): void => this.turnEnded(row);
    this.unsubscribe.push(
      this.deps.hooks.on('turnCompleted', turn),
      this.deps.hooks.on('terminalTurnEnded', turn),
      this.deps.hooks.on('userMessage', (row, entry) => this.turnStarting(row, entry)),
    );
  }

  /** Stops listening; resolves once the checkpoint being taken (if any) is written. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const off of this.unsubscribe.splice(0)) off();
    await this.settled();
  }

  /** How many checkpoints were written (not counting unchanged trees). */
  get recordedCount(): number {
    return this.recorded;
  }

  /** Waits for every checkpoint asked for so far (tests, close). */
  async settled(): Promise<void> {
    let seen: Promise<void> | null = null;
    while (seen !== this.queue) {
      seen = this.queue;
      await seen;
    }
  }

  /**
   * A user's message starts an agent's turn: a session with no checkpoint yet gets one of its folder as it is
   * now, marked with that message, so its first turn can be undone too (and its diff is that turn's work, not
   * what was uncommitted before the session). Queued as the message is committed, before the agent has the
   * text. Not for terminals: their lines are recorded once the shell has taken them.
   */
  turnStarting(row: SessionRow, entry: Pick<Entry, 'seq'>): void {
    if (this.stopped || row.kind === 'terminal' || !this.ours(row) || this.based.has(row.id)) return;
    this.based.add(row.id);
    this.enqueue(row.id, async () => {
      if ((await listCheckpoints(row.folder, row.id, { ...this.git, limit: 1 })).length > 0) return;
      const result = await recordCheckpoint(row.folder, row.id, String(entry.seq), { ...this.git, now: new Date(this.deps.now()) });
      if (result.recorded) this.recorded += 1;
    });
  }

  /**
   * A top-level session whose folder exists (a subagent works in its parent's). A remote host's session is
   * never seen here: that machine's core checkpoints it with its git.
   */
  private ours(row: SessionRow): boolean {
    return !row.parentId && existsSync(row.folder);
  }

  private enqueue(sessionId: string, job: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.stopped) return;
      try {
        await job();
      } catch (err) {
        log.warn('checkpoint failed', { sessionId, err });
      }
    });
  }

  /** A session's turn ended: its folder's checkpoint is queued (nothing for a subagent or a missing folder). */
  turnEnded(row: SessionRow): void {
    if (this.stopped || this.waiting.has(row.id) || !this.ours(row)) return;
    this.waiting.add(row.id);
    this.enqueue(row.id, async () => {
      this.waiting.delete(row.id);
      const result = await this.record(row);
      if (result.recorded) this.recorded += 1;
      else if (result.reason === 'too-many-untracked' && !this.toldTooMany.has(row.id)) {
        this.toldTooMany.add(row.id);
        log.info('no checkpoints: too many untracked files', { sessionId: row.id, untracked: result.untracked });
      }
    });
  }

  private record(row: SessionRow): Promise<RecordResult> {
    const newest = this.deps.sessions.newestEntries(row.id, 1)[0];
    const turn = newest ? String(newest.seq) : '0';
    return recordCheckpoint(row.folder, row.id, turn, { ...this.git, now: new Date(this.deps.now()) });
  }

  list(row: Pick<SessionRow, 'id' | 'folder'>): Promise<Checkpoint[]> {
    return listCheckpoints(row.folder, row.id, this.git);
  }

  diff(row: Pick<SessionRow, 'id' | 'folder'>, commit: string): Promise<TurnDiff> {
    return checkpointDiff(row.folder, row.id, commit, this.git);
  }

  /**
   * Runs `step` in the checkpoint queue, so no checkpoint or restore runs beside it (pruning). A step
   * should be short and bounded: the checkpoints asked for meanwhile wait behind it.
   */
  exclusive<T>(step: () => Promise<T>): Promise<T> {
    const run = this.queue.then(step);
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /**
   * Puts the session's folder back to checkpoint `commit` (the present recorded first, so one more
   * restore undoes it). Refused while the agent works: its next write would land on the restored files.
   * Runs in the checkpoint queue, so no background checkpoint reads the tree halfway through. A remote
   * host's session is restored by that machine's core (the federation routes `checkpoints:*` by session).
   */
  restore(row: Pick<SessionRow, 'id' | 'folder' | 'status'>, commit: string): Promise<RestoreResult> {
    if (row.status === 'working') {
      throw new AppError('CONFLICT', 'Not restored: the agent is working. Stop it or wait for its turn to end, then restore.');
    }
    return this.exclusive(() => {
      const newest = this.deps.sessions.newestEntries(row.id, 1)[0];
      return restoreCheckpoint(row.folder, row.id, commit, newest ? String(newest.seq) : '0', this.git);
    });
  }
}
