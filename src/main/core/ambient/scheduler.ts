/**
 * Runs ambient jobs so that a slow model never blocks anything (SPEC §9.4): at most
 * `concurrency` at once, one in flight per key (session + kind; a newer job for a busy key
 * waits and replaces any older waiting one), user-facing work before the background sweep,
 * nothing while paused (replay, import), and an hourly budget of model calls.
 */
import { createLogger } from '../logger';

const log = createLogger('ambient:scheduler');

export const PRIORITY = { user: 0, background: 1 } as const;

export interface AmbientJob {
  /** `${sessionId}:${kind}`: one in flight per key. */
  readonly key: string;
  readonly priority: number;
  /** Whether the job may call a model (and so needs budget). Offline-only jobs do not. */
  readonly needsBudget: boolean;
  run(signal: AbortSignal): Promise<void>;
}

export type SubmitResult = 'queued' | 'replaced' | 'over-budget' | 'closed';

export interface SchedulerOptions {
  readonly concurrency: number;
  /** Model calls allowed in any sliding hour. */
  readonly budgetPerHour: () => number;
  readonly now: () => number;
}

const HOUR_MS = 3_600_000;

export class AmbientScheduler {
  private readonly queue: AmbientJob[] = [];
  private readonly running = new Map<string, AbortController>();
  private readonly calls: number[] = [];
  private readonly pauses = new Set<string>();
  private readonly idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(private readonly opts: SchedulerOptions) {}

  /** Seeds the budget window with calls made before a restart. */
  seedCalls(times: readonly number[]): void {
    this.calls.push(...times);
    this.calls.sort((a, b) => a - b);
  }

  /** A model attempt is about to be made: it counts against the budget. */
  noteModelCall(): void {
    this.calls.push(this.opts.now());
  }

  callsLastHour(): number {
    const since = this.opts.now() - HOUR_MS;
    while (this.calls.length > 0 && (this.calls[0] ?? 0) < since) this.calls.shift();
    return this.calls.length;
  }

  hasBudget(): boolean {
    return this.callsLastHour() < this.opts.budgetPerHour();
  }

  submit(job: AmbientJob): SubmitResult {
    if (this.closed) return 'closed';
    if (job.needsBudget && !this.hasBudget()) {
      log.info('over the hourly budget; job dropped', { key: job.key });
      return 'over-budget';
    }
    const waiting = this.queue.findIndex((j) => j.key === job.key);
    if (waiting >= 0) {
      this.queue.splice(waiting, 1, job);
      return 'replaced';
    }
    this.queue.push(job);
    this.queue.sort((a, b) => a.priority - b.priority); // stable: FIFO within a priority
    this.pump();
    return 'queued';
  }

  pause(reason: string): void {
    this.pauses.add(reason);
  }

  resume(reason: string): void {
    this.pauses.delete(reason);
    this.pump();
  }

  get paused(): boolean {
    return this.pauses.size > 0;
  }

  isBusy(key: string): boolean {
    return this.running.has(key) || this.queue.some((j) => j.key === key);
  }

  /** Resolves when nothing runs and nothing can start (tests, shutdown). */
  idle(): Promise<void> {
    if (this.running.size === 0 && (this.queue.length === 0 || this.paused)) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  get stats(): { running: number; queued: number } {
    return { running: this.running.size, queued: this.queue.length };
  }

  /** Aborts what runs, drops what waits. */
  close(): void {
    this.closed = true;
    this.queue.length = 0;
    for (const c of this.running.values()) c.abort();
    this.notifyIdle();
  }

  private pump(): void {
    while (!this.closed && !this.paused && this.running.size < this.opts.concurrency) {
      const index = this.queue.findIndex((j) => !this.running.has(j.key));
      if (index < 0) break;
      const [job] = this.queue.splice(index, 1);
      if (!job) break;
      if (job.needsBudget && !this.hasBudget()) {
        log.info('over the hourly budget; queued job dropped', { key: job.key });
        continue;
      }
      this.start(job);
    }
    this.notifyIdle();
  }

  private start(job: AmbientJob): void {
    const controller = new AbortController();
    this.running.set(job.key, controller);
    void (async () => {
      try {
        await job.run(controller.signal);
      } catch (err) {
        log.error('ambient job failed', { key: job.key, err });
      } finally {
        this.running.delete(job.key);
        this.pump();
      }
    })();
  }

  private notifyIdle(): void {
    if (this.running.size === 0 && (this.queue.length === 0 || this.paused || this.closed)) {
      for (const w of this.idleWaiters.splice(0)) w();
    }
  }
}
