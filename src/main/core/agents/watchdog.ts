/**
 * An idle watchdog: fires once when `touch()` has not been called for `idleMs`.
 * Plain timers, so tests drive it with fake timers; silence is measured on the
 * monotonic clock (an interval, not a time of day: the injected Clock is for
 * "now"). A fired watchdog stays fired until `arm()` starts it again.
 */
export class IdleWatchdog {
  private timer: NodeJS.Timeout | null = null;
  private lastTouch = 0;
  private fired = false;

  constructor(
    private idleMs: number,
    private readonly onIdle: (silentForMs: number) => void,
  ) {}

  get armed(): boolean {
    return this.timer !== null;
  }

  /** Start (or restart) watching with an optional new limit. */
  arm(idleMs: number = this.idleMs): void {
    this.idleMs = idleMs;
    this.fired = false;
    this.touch();
  }

  /** Activity: the silence count starts again. No effect when not armed and not re-armed. */
  touch(): void {
    if (this.fired) return;
    this.lastTouch = performance.now();
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fire(), this.idleMs);
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private fire(): void {
    this.timer = null;
    this.fired = true;
    this.onIdle(performance.now() - this.lastTouch);
  }
}

/**
 * A deadline: fires once after `ms` unless cancelled. For limits that activity does
 * not extend (a dribbling stream, a process that should exit by now).
 */
export class Deadline {
  private timer: NodeJS.Timeout | null;

  constructor(ms: number, onExpire: () => void) {
    this.timer = setTimeout(() => {
      this.timer = null;
      onExpire();
    }, ms);
  }

  get pending(): boolean {
    return this.timer !== null;
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
