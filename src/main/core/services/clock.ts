/**
 * Time, injected: services ask the clock for "now" and for periodic work, so
 * tests can move time by hand and no timer lives in any state object.
 */
export interface Clock {
  now(): number;
  /** Calls `fn` every `ms` until the returned function is called. */
  every(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  every(ms, fn) {
    const timer = setInterval(fn, ms);
    // Periodic housekeeping must never keep a process (a test, a CLI) alive.
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** A clock for tests: time moves only through `advance`, which runs due periodic work. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(at: number): void;
}

export function createManualClock(start = Date.UTC(2026, 0, 1)): ManualClock {
  let now = start;
  const jobs = new Set<{ ms: number; next: number; fn: () => void }>();
  const runDue = (): void => {
    for (const job of jobs) {
      while (job.next <= now && jobs.has(job)) {
        job.next += job.ms;
        job.fn();
      }
    }
  };
  return {
    now: () => now,
    every(ms, fn) {
      const job = { ms, next: now + ms, fn };
      jobs.add(job);
      return () => {
        jobs.delete(job);
      };
    },
    advance(ms) {
      now += ms;
      runDue();
    },
    set(at) {
      now = at;
      runDue();
    },
  };
}
