import type { Entry, EntryKind, SessionStatus } from '../../../shared/domain/session';
import { AppError } from '../../../shared/result';
import { createLogger } from '../logger';
import { describeStorageFault, SessionGoneError, storageFault, type StorageFault } from '../store';
import type { Clock } from './clock';

const log = createLogger('pending-entries');

/** An entry the swarm produced that the database could not take yet. `at` is when it was produced. */
export interface PendingEntry {
  readonly sessionId: string;
  readonly kind: EntryKind;
  readonly text: string;
  readonly meta: Entry['meta'];
  readonly at: number;
}

export interface PendingEntriesDeps {
  readonly clock: Clock;
  /** Commits one entry and tells everyone (the service's one commit path); throws when it cannot. */
  readonly commit: (entry: PendingEntry) => void;
  /** Saves a session's kept status (after its entries); throws when it cannot. */
  readonly commitStatus: (sessionId: string, status: SessionStatus) => void;
  /** A session's count of kept entries changed: its row must be pushed again. */
  readonly countChanged: (sessionId: string) => void;
  /** Tells the user (an `app:notice`). */
  readonly notice: (message: string) => void;
}

/** How often the retry timer looks whether a retry is due (cheap: a comparison). */
const RETRY_TICK_MS = 250;
/** The first retry comes this soon; each failed retry doubles the wait up to RETRY_MAX_MS. */
const RETRY_BASE_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * Write-behind for entries that must never be dropped (agent output, terminal
 * lines) while the database is locked by another program or the disk is full
 * (SPEC §12). Kept in memory, per session in order, retried off the request
 * path on the injected clock with a bounded backoff. A session with kept
 * entries takes new ones behind them, so its order is the order they happened.
 * The user hears of it once per episode (start and end), and each waiting
 * session's row carries the count.
 */
export class PendingEntries {
  private readonly bySession = new Map<string, PendingEntry[]>();
  /** The latest status a session was given that the database refused (the dot must not stay on "working"). */
  private readonly statuses = new Map<string, SessionStatus>();
  private total = 0;
  /** Kept since the episode began (for the closing notice). */
  private keptInEpisode = 0;
  private lastFault: StorageFault = 'busy';
  private failedRetries = 0;
  private nextRetryAt = 0;
  private stopTimer: (() => void) | null = null;

  constructor(private readonly deps: PendingEntriesDeps) {}

  count(sessionId: string): number {
    return this.bySession.get(sessionId)?.length ?? 0;
  }

  /** Kept entries and statuses, all sessions. */
  get size(): number {
    return this.total + this.statuses.size;
  }

  /** The status a session shows until the database takes it, or undefined. */
  status(sessionId: string): SessionStatus | undefined {
    return this.statuses.get(sessionId);
  }

  /** Keeps the status the database refused; a later one replaces it. */
  keepStatus(sessionId: string, status: SessionStatus, fault: StorageFault): void {
    this.lastFault = fault;
    if (this.size === 0) this.beginEpisode();
    this.statuses.set(sessionId, status);
    this.deps.countChanged(sessionId);
  }

  /** A status was saved directly: an older kept one must not overwrite it later. */
  forgetStatus(sessionId: string): void {
    this.statuses.delete(sessionId);
  }

  /** Why the last write failed (for a typed error while entries wait). */
  get fault(): StorageFault {
    return this.lastFault;
  }

  /** Keeps `entry` behind the session's others; `fault` is why it could not be written now (null: it queued behind). */
  keep(entry: PendingEntry, fault: StorageFault | null): void {
    if (fault) this.lastFault = fault;
    if (this.size === 0) this.beginEpisode();
    const queue = this.bySession.get(entry.sessionId);
    if (queue) queue.push(entry);
    else this.bySession.set(entry.sessionId, [entry]);
    this.total += 1;
    this.keptInEpisode += 1;
    // One warning per episode (a chatty agent under a long lock would flood the log); the rest at debug.
    const fields = { session: entry.sessionId, kind: entry.kind, fault: this.lastFault, kept: this.total };
    if (this.total === 1) log.warn('the database refuses writes: entries are kept for later', fields);
    else log.debug('an entry is kept for later', fields);
    this.deps.countChanged(entry.sessionId);
  }

  /** Tries to write one session's kept entries now, in order; true when none is left. */
  flushSession(sessionId: string): boolean {
    this.writeSession(sessionId);
    this.afterAttempt();
    return this.count(sessionId) === 0;
  }

  /** Tries to write everything kept now; returns how many entries are still kept. */
  flush(): number {
    for (const sessionId of new Set([...this.bySession.keys(), ...this.statuses.keys()])) {
      if (!this.writeSession(sessionId)) break; // the database refused: the other sessions would fare no better
    }
    this.afterAttempt();
    return this.size;
  }

  /** Stops the retry timer; what is still kept is logged loudly (the app is closing without it). */
  close(): void {
    this.stopTimer?.();
    this.stopTimer = null;
    for (const [sessionId, status] of this.statuses) log.warn('closing with a status the database never took', { session: sessionId, status });
    if (this.total === 0) return;
    for (const [sessionId, queue] of this.bySession) {
      log.error('closing with entries the database never took: they are lost', {
        session: sessionId,
        count: queue.length,
        fault: this.lastFault,
        kinds: queue.map((e) => e.kind),
      });
    }
  }

  /** Writes a session's queue from its head; false when the database refused (a storage fault or a bug). */
  private writeSession(sessionId: string): boolean {
    if (!this.writeEntries(sessionId)) return false;
    const status = this.statuses.get(sessionId);
    if (status === undefined) return true;
    try {
      this.deps.commitStatus(sessionId, status);
    } catch (err) {
      const fault = storageFault(err);
      if (!fault) log.error('saving a kept status failed; it stays kept', { session: sessionId, err });
      else this.lastFault = fault;
      return false;
    }
    this.statuses.delete(sessionId);
    this.deps.countChanged(sessionId);
    return true;
  }

  private writeEntries(sessionId: string): boolean {
    const queue = this.bySession.get(sessionId);
    if (!queue) return true;
    for (let head = queue.shift(); head; head = queue.shift()) {
      // Off the queue while it commits, so the row pushed with it counts what still waits.
      this.total -= 1;
      try {
        this.deps.commit(head);
      } catch (err) {
        if (err instanceof SessionGoneError || (err instanceof AppError && err.code === 'NOT_FOUND')) {
          // The user deleted the session meanwhile: it takes no entries any more.
          log.warn('a session with kept entries was deleted; its kept entries go with it', { session: sessionId, count: queue.length + 1 });
          this.total -= queue.length;
          queue.length = 0;
          break;
        }
        queue.unshift(head);
        this.total += 1;
        const fault = storageFault(err);
        if (fault) this.lastFault = fault;
        else log.error('writing a kept entry failed; it stays kept', { session: sessionId, err });
        return false;
      }
    }
    this.bySession.delete(sessionId);
    this.deps.countChanged(sessionId);
    return true;
  }

  private beginEpisode(): void {
    this.keptInEpisode = 0;
    this.failedRetries = 0;
    this.nextRetryAt = this.deps.clock.now() + RETRY_BASE_MS;
    this.stopTimer ??= this.deps.clock.every(RETRY_TICK_MS, () => this.tick());
    this.deps.notice(
      `Swarmdesk cannot write to its database (${describeStorageFault(this.lastFault)}). ` +
        'New entries are kept and will be saved as soon as it can; sessions that wait say "Not saved yet".',
    );
  }

  private afterAttempt(): void {
    if (this.size > 0 || !this.stopTimer) return;
    this.stopTimer();
    this.stopTimer = null;
    log.info('every kept entry is saved', { count: this.keptInEpisode });
    this.deps.notice(`Swarmdesk can write to its database again: all ${this.keptInEpisode} kept entries are saved.`);
  }

  private tick(): void {
    const now = this.deps.clock.now();
    if (now < this.nextRetryAt) return;
    if (this.flush() === 0) return;
    this.failedRetries += 1;
    this.nextRetryAt = now + Math.min(RETRY_BASE_MS * 2 ** this.failedRetries, RETRY_MAX_MS);
  }
}
