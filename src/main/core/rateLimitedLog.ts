import type { LogFields, Logger } from './logger';

/**
 * Lines a client can provoke at will (refused frames, unknown channels, a
 * failure it can repeat): at most `limit` lines per `windowMs`; the rest are
 * counted and reported in one "N more like this" line when the next window
 * opens or on `flush` (a socket's close). No timer: the clock is read only
 * when a line comes in. `level` is the level of every line, the summary's too.
 */
export class RateLimitedWarnings {
  private windowStart = Number.NEGATIVE_INFINITY;
  private logged = 0;
  private suppressed = 0;
  private lastSuppressed = '';

  constructor(
    private readonly log: Logger,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly level: 'warn' | 'error' = 'warn',
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
      this.log[this.level](msg, fields);
    } else {
      this.suppressed += 1;
      this.lastSuppressed = msg;
    }
  }

  /** Logs how many lines were left out since the last summary, if any. */
  flush(): void {
    if (this.suppressed === 0) return;
    this.log[this.level](`${this.suppressed} more like this were left out`, { count: this.suppressed, windowMs: this.windowMs, last: this.lastSuppressed });
    this.suppressed = 0;
  }
}
