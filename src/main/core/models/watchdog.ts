/**
 * One model call's time bounds, for chat and ambient alike: a total deadline, a connect
 * deadline until the response starts, and an idle deadline re-armed by every piece of a
 * stream. They end the call through an AbortSignal, and the reason is kept, so a bound is
 * reported as a timeout that says which bound, never as "cancelled".
 */
import { ModelError, toModelError } from './errors';
import type { CallBounds } from './types';

export type WatchdogReason = 'connect' | 'idle' | 'total' | 'caller';

export class CallWatchdog {
  private readonly controller = new AbortController();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  reason: WatchdogReason | null = null;
  private readonly onCallerAbort = (): void => this.fire('caller');

  constructor(
    readonly bounds: CallBounds,
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
    if (this.reason !== null) return;
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.timers.delete(this.idleTimer);
    }
    this.idleTimer = setTimeout(() => this.fire('idle'), this.bounds.idleMs);
    this.timers.add(this.idleTimer);
  }

  /** Why the call was ended by a bound, as a sentence for the user; null when it was not. */
  timeoutMessage(): string | null {
    const s = (ms: number): number => Math.round(ms / 1000);
    switch (this.reason) {
      case 'connect':
        return `The model did not start answering within ${s(this.bounds.connectMs)} s; Swarmdesk ended the request.`;
      case 'idle':
        return `The model's stream went silent for ${s(this.bounds.idleMs)} s; Swarmdesk ended the request.`;
      case 'total':
        return `The model took longer than ${s(this.bounds.totalMs)} s to answer; Swarmdesk ended the request.`;
      default:
        return null;
    }
  }

  private fire(reason: WatchdogReason): void {
    if (this.reason !== null) return;
    this.reason = reason;
    this.controller.abort(new Error(`model call ${reason === 'caller' ? 'cancelled' : `timed out (${reason})`}`));
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

/**
 * One call inside its bounds: it ends at the bound even when the SDK does not watch the
 * signal, whatever it throws becomes a ModelError (a bound: `timeout`; the caller: `aborted`),
 * and the timers are cleared.
 */
export async function watchCall<T>(bounds: CallBounds, caller: AbortSignal | undefined, provider: string, work: (w: CallWatchdog) => Promise<T>): Promise<T> {
  const w = new CallWatchdog(bounds, caller);
  try {
    return await raceAbort(work(w), w.signal);
  } catch (err) {
    if (w.reason === 'caller') throw new ModelError('aborted', `${provider}: cancelled`);
    const timeout = w.timeoutMessage();
    if (timeout) throw new ModelError('timeout', timeout);
    throw toModelError(err, provider, false);
  } finally {
    w.dispose();
  }
}
