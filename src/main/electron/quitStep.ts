import type { App } from 'electron';

/** The part of `app` the quit step uses (a fake in unit tests). */
export type QuitApp = Pick<App, 'on' | 'quit'>;

export interface QuitStepOptions {
  /** The leaving work (tell the host, maybe stop agents); null when there is nothing to leave. */
  readonly step: () => (() => Promise<void>) | null;
  /** The most the front waits for it before quitting anyway. */
  readonly limitMs: number;
  readonly log: { warn(msg: string, fields?: Record<string, unknown>): void; error(msg: string, fields?: Record<string, unknown>): void };
}

/** About 3 s: long enough for a live host to answer, short enough that a stuck one never keeps the app (and its single-instance lock). */
export const QUIT_STEP_LIMIT_MS = 3_000;

/**
 * On `will-quit`, hold the quit once to run the leaving step, then quit for
 * real when it ends, fails, or runs past `limitMs`, whichever comes first
 * (a host that never answers held the front open, lock and all, for minutes).
 */
export function installQuitStep(app: QuitApp, opts: QuitStepOptions): void {
  let state: 'here' | 'leaving' | 'left' = 'here';
  app.on('will-quit', (event) => {
    if (state === 'left') return;
    if (state === 'leaving') {
      event.preventDefault(); // a second quit while the step runs: its end quits, once
      return;
    }
    const step = opts.step();
    if (step === null) return;
    event.preventDefault();
    state = 'leaving';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        opts.log.warn('the session host did not answer in time; quitting anyway', { limitMs: opts.limitMs });
        resolve();
      }, opts.limitMs);
    });
    const work = (async () => step())().catch((err: unknown) => opts.log.error('leaving the session host failed', { err }));
    void Promise.race([work, limit]).finally(() => {
      clearTimeout(timer);
      state = 'left';
      app.quit();
    });
  });
}
