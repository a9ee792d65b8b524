import { runBackgroundCheck, type BackgroundCheck, type BackgroundCheckOutcome } from './backgroundCheck';
import type { Store } from './store';
import { createLogger } from '../logger';

const log = createLogger('store:check');

/** What the user is told when the background check finds damage (SPEC §6: nothing silently dropped). */
export const BACKGROUND_DAMAGE_NOTICE =
  'Swarmdesk found damage in its database while checking it in the background. Your sessions are still open; ' +
  'restart Swarmdesk and it will keep the damaged file aside and restore the latest backup.';

/** After start-up's first paint: the check reads the whole file and should not compete with it. */
export const BACKGROUND_CHECK_DELAY_MS = 20_000;

export interface ScheduledCheckOptions {
  readonly store: Store;
  readonly nativeBinding?: string | undefined;
  /** Wait this long before starting (default `BACKGROUND_CHECK_DELAY_MS`; tests pass 0). */
  readonly delayMs?: number;
  readonly timeoutMs?: number;
  /** Told the plain-language notice when damage is found. */
  readonly onDamage: (notice: string) => void;
}

export interface ScheduledCheck {
  /** The outcome, or null when stopped before it started (or acting on it failed: logged). */
  readonly done: Promise<BackgroundCheckOutcome | null>;
  /** Cancels a pending start or stops a running check (bounded: see `runBackgroundCheck`). */
  stop(): Promise<void>;
}

/**
 * Runs the background `quick_check` a little after start-up. Damage is
 * logged, marked on the store (so its close leaves no clean-close marker and
 * the next start runs the full check and the recovery), and reported through
 * `onDamage`. The check itself changes nothing.
 */
export function scheduleBackgroundCheck(options: ScheduledCheckOptions): ScheduledCheck {
  let running: BackgroundCheck | null = null;
  let stopped = false;
  let settle!: (outcome: BackgroundCheckOutcome | null) => void;
  const done = new Promise<BackgroundCheckOutcome | null>((resolve) => (settle = resolve));

  const start = (): void => {
    if (stopped) return;
    running = runBackgroundCheck({ file: options.store.file, nativeBinding: options.nativeBinding, timeoutMs: options.timeoutMs });
    void running.done.then((outcome) => {
      if (outcome.state === 'damaged') {
        log.error('background quick_check found damage', { reason: outcome.reason, ms: outcome.ms });
        options.store.noteDamage(outcome.reason);
        try {
          options.onDamage(BACKGROUND_DAMAGE_NOTICE);
        } catch (err) {
          log.error('could not report the damage', { err });
        }
      } else if (outcome.state === 'ok') {
        log.info('background quick_check ok', { ms: outcome.ms });
      } else {
        log.warn('background quick_check did not finish', { reason: outcome.reason });
      }
      settle(outcome);
    }).catch((err: unknown) => {
      // Marking the damage failed (the store closed meanwhile?): say so, and still settle `done`.
      log.error('could not act on the background check', { err });
      settle(null);
    });
  };
  const timer = setTimeout(start, options.delayMs ?? BACKGROUND_CHECK_DELAY_MS);
  timer.unref();

  return {
    done,
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      if (running) await running.stop();
      else settle(null);
    },
  };
}
