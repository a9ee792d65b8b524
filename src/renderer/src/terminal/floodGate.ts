/** The clock a flood gate runs on (tests pass their own). */
export interface GateClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface FloodGateOptions {
  /** While output floods in, it is handed on at most this often (ms). */
  readonly periodMs: number;
  /** More characters than this within one period is a flood. */
  readonly floodChars: number;
}

/**
 * xterm redraws its screen after each write, on the next frame: a terminal printing a few hundred
 * lines a second redraws every frame, though nobody reads at that speed (bench/busy-terminal.bench.ts:
 * 200 lines a second took 52-58% of the page's main thread; held to ~10 writes a second, 19-29%). While
 * more than `floodChars` arrive within `periodMs`, the gate holds the output and hands it on at
 * most once a period, in order, so the screen is redrawn ~10 times a second; a keystroke's echo and
 * other light output go through at once. Nothing is lost: `flush()` hands on what is held (before the
 * screen is searched or resized); only `drop()`, for a screen going away, forgets it.
 */
export class FloodGate {
  private windowStart = Number.NEGATIVE_INFINITY;
  private windowChars = 0;
  private held = '';
  private timer: unknown = null;

  constructor(
    private readonly write: (data: string) => void,
    private readonly options: FloodGateOptions = { periodMs: 100, floodChars: 1_024 },
    private readonly clock: GateClock = {
      now: () => performance.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  ) {}

  push(data: string): void {
    if (data.length === 0) return;
    if (this.timer !== null) {
      this.held += data;
      return;
    }
    const now = this.clock.now();
    if (now - this.windowStart >= this.options.periodMs) {
      this.windowStart = now;
      this.windowChars = 0;
    }
    this.windowChars += data.length;
    // The first write of a period always goes at once (a screen's snapshot, an echo).
    if (this.windowChars === data.length || this.windowChars <= this.options.floodChars) {
      this.write(data);
      return;
    }
    this.held = data;
    this.timer = this.clock.setTimeout(() => this.release(), this.windowStart + this.options.periodMs - now);
  }

  /** Hands on what is held now (before the screen is read, shown or resized). */
  flush(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    const held = this.held;
    this.held = '';
    if (held) this.write(held);
  }

  /** Drops what is held (the screen it was for is going away, or another took its place). */
  drop(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.held = '';
  }

  private release(): void {
    this.timer = null;
    const held = this.held;
    this.held = '';
    // A new period starts with this write: if output keeps flooding in, the next is held again.
    this.windowStart = this.clock.now();
    this.windowChars = held.length;
    if (held) this.write(held);
  }
}
