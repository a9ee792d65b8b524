/**
 * One call's time bounds as an AbortSignal: a total deadline, a connect deadline until the
 * first sign of life, and an idle deadline re-armed by every piece of a stream. The reason
 * the signal fired is kept, so a timeout is reported as a timeout and not as "aborted".
 */
import type { CallBounds } from './types';

export type DeadlineReason = 'connect' | 'idle' | 'total' | 'caller';

export class Deadline {
  private readonly controller = new AbortController();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  reason: DeadlineReason | null = null;
  private readonly onCallerAbort = (): void => this.fire('caller');

  constructor(
    private readonly bounds: CallBounds,
    private readonly caller?: AbortSignal,
  ) {
    this.timers.add(setTimeout(() => this.fire('total'), bounds.totalMs));
    this.connectTimer = setTimeout(() => this.fire('connect'), bounds.connectMs);
    this.timers.add(this.connectTimer);
    if (caller?.aborted) this.fire('caller');
    caller?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The response started: the connect bound is met, the idle bound starts. */
  started(): void {
    if (this.connectTimer) {
      clearTimeout(this.connectTimer);
      this.timers.delete(this.connectTimer);
      this.connectTimer = null;
    }
    this.alive();
  }

  /** A piece arrived: re-arm the idle bound. */
  alive(): void {
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.timers.delete(this.idleTimer);
    }
    this.idleTimer = setTimeout(() => this.fire('idle'), this.bounds.idleMs);
    this.timers.add(this.idleTimer);
  }

  private fire(reason: DeadlineReason): void {
    if (this.reason !== null) return;
    this.reason = reason;
    this.controller.abort(new Error(`ambient call ${reason === 'caller' ? 'cancelled' : `timed out (${reason})`}`));
  }

  dispose(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}

/**
 * `work`, or a rejection as soon as `signal` aborts: an SDK sleeping out a long retry-after
 * does not watch the signal, and the call must end at its bound regardless.
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
