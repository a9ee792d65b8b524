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
