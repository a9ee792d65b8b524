import type { SessionRow } from '../../../shared/domain/session';
import { createLogger } from '../logger';
import type { CoreHooks } from '../services/hooks';
import type { Store } from '../store';
import type { ReviewService } from './reviewService';

const log = createLogger('git:review');

/** Files read per session at one turn end (each is one diff); the rest are read at the next turn end or list. */
export const OUTDATED_FILES_PER_TURN = 50;

export interface ReviewOutdatedDeps {
  readonly hooks: Pick<CoreHooks, 'on'>;
  readonly store: Pick<Store, 'reviewComments'>;
  readonly reviews: Pick<ReviewService, 'checkOutdated'>;
}

/**
 * Sent review comments checked at each finished turn (issue 35): an agent's `turnCompleted` and a
 * terminal's `terminalTurnEnded` queue the session's check in the background (the turn is never
 * waited on); the comments whose lines the turn changed or removed are stored as outdated and pushed
 * (`review:changed`, by the service). One check runs at a time across sessions; a session with one
 * already waiting gets no second (the waiting one reads the newer files). A session with no sent
 * comment costs one query.
 */
export class ReviewOutdatedWatcher {
  private readonly waiting = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private readonly unsubscribe: Array<() => void> = [];
  private stopped = false;

  constructor(private readonly deps: ReviewOutdatedDeps) {}

  start(): void {
    const turn = (row: SessionRow): void => this.turnEnded(row);
    this.unsubscribe.push(this.deps.hooks.on('turnCompleted', turn), this.deps.hooks.on('terminalTurnEnded', turn));
  }

  /** Stops listening; resolves once the check under way (if any) is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const off of this.unsubscribe.splice(0)) off();
    await this.settled();
  }

  /** Waits for every check asked for so far (tests, close). */
  async settled(): Promise<void> {
    let seen: Promise<void> | null = null;
    while (seen !== this.queue) {
      seen = this.queue;
      await seen;
    }
  }

  /** A session's turn ended: its sent comments are checked (a remote session's own host checks them there). */
  turnEnded(row: SessionRow): void {
    if (this.stopped || row.host || this.waiting.has(row.id)) return;
    if (!this.deps.store.reviewComments.hasSentOnLines(row.id)) return;
    this.waiting.add(row.id);
    this.queue = this.queue.then(async () => {
      this.waiting.delete(row.id);
      if (this.stopped) return;
      try {
        const outdated = await this.deps.reviews.checkOutdated(row.id, OUTDATED_FILES_PER_TURN);
        if (outdated > 0) log.info('review comments outdated by a turn', { sessionId: row.id, outdated });
      } catch (err) {
        log.warn('checking review comments failed', { sessionId: row.id, err });
      }
    });
  }
}
