import type { LogFields, Logger } from './logger';

/**
 * Warnings a client can provoke at will (refused frames, unknown channels):
 * at most `limit` lines per `windowMs`; the rest are counted and reported in
 * one summary line when the next window opens or on `flush` (a socket's close).
 * No timer: the clock is read only when a warning comes in.
 */
export class RateLimitedWarnings {
  private windowStart = Number.NEGATIVE_INFINITY;
  private logged = 0;
  private suppressed = 0;

  constructor(
    private readonly log: Logger,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  warn(msg: string, fields?: LogFields): void {
    const t = this.now();
    if (t - this.windowStart >= this.windowMs) {
      this.flush();
      this.windowStart = t;
      this.logged = 0;
    }
    if (this.logged < this.limit) {
      this.logged += 1;
      this.log.warn(msg, fields);
    } else {
      this.suppressed += 1;
    }
  }

  /** Logs how many warnings were left out since the last summary, if any. */
  flush(): void {
    if (this.suppressed === 0) return;
    this.log.warn('more of the same warnings were left out', { count: this.suppressed, windowMs: this.windowMs });
    this.suppressed = 0;
  }
}
