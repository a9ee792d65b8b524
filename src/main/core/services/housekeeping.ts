import { performance } from 'node:perf_hooks';
import { createLogger } from '../logger';
import { storageFault, type Store } from '../store';
import type { Clock } from './clock';
import type { SessionTrash } from './trash';
import { PURGE_INTERVAL_MS } from './trash';

const log = createLogger('housekeeping');

/** How often the routine backup checks whether a day has passed. */
export const BACKUP_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** How often queued entries are indexed for search. */
export const INDEX_INTERVAL_MS = 250;
/** Main-thread time one indexing tick may take before it yields. */
const INDEX_TICK_BUDGET_MS = 40;
const INDEX_TICK_BATCH = 500;
/**
 * The stemmed search index's background fill (migration 014): it starts this long after
 * start-up (the first screen is served first), then takes a slice of the main thread every
 * STEM_FILL_INTERVAL_MS until done, a batch of rows at a time.
 */
export const STEM_FILL_DELAY_MS = 2_000;
export const STEM_FILL_INTERVAL_MS = 50;
const STEM_FILL_SLICE_MS = 20;
const STEM_FILL_BATCH = 400;

/**
 * Background work on the injected clock: index committed entries for search
 * in small slices (so a big import never blocks the event loop for long), fill
 * the stemmed search index in the background after start (STEM_FILL_DELAY_MS),
 * purge sessions deleted longer ago than the restore window, and take the
 * daily backup (copied in the background). All run once now. Returns the
 * function that stops them.
 */
export function startHousekeeping(store: Store, trash: SessionTrash, clock: Clock): () => void {
  const indexSlice = (): void => {
    try {
      const start = performance.now();
      while (performance.now() - start < INDEX_TICK_BUDGET_MS) {
        if (store.entries.flushIndex(INDEX_TICK_BATCH) < INDEX_TICK_BATCH) break;
      }
    } catch (err) {
      // A lock held by another program or a full disk passes: the next tick tries again (no error every 250 ms).
      if (storageFault(err)) log.debug('indexing waits for the database', { fault: storageFault(err) });
      else log.error('indexing entries for search failed; will retry', { err });
    }
  };
  let stopFill: (() => void) | null = null;
  const fillSlice = (): void => {
    try {
      const start = performance.now();
      while (performance.now() - start < STEM_FILL_SLICE_MS) {
        if (!store.stemFill.step(STEM_FILL_BATCH).done) continue;
        stopFill?.();
        stopFill = null;
        log.info('stemmed search index filled');
        return;
      }
    } catch (err) {
      if (storageFault(err)) log.debug('filling the stemmed index waits for the database', { fault: storageFault(err) });
      else log.error('filling the stemmed search index failed; will retry', { err });
    }
  };
  // Never at once: start-up does not wait for the fill.
  const stopDelay = clock.every(STEM_FILL_DELAY_MS, () => {
    stopDelay();
    if (!store.stemFill.done()) stopFill = clock.every(STEM_FILL_INTERVAL_MS, fillSlice);
  });
  const purge = (): void => {
    try {
      trash.purgeExpired();
    } catch (err) {
      log.error('purge failed; will retry', { err });
    }
  };
  const backup = (): void => {
    store.routineBackupIfDue(clock.now()).then(
      (file) => file && log.info('routine backup taken', { path: file.path }),
      (err: unknown) => log.warn('routine backup failed; will retry', { err }),
    );
  };
  purge();
  indexSlice();
  backup();
  const stops = [
    clock.every(PURGE_INTERVAL_MS, purge),
    clock.every(INDEX_INTERVAL_MS, indexSlice),
    clock.every(BACKUP_CHECK_INTERVAL_MS, backup),
  ];
  return () => {
    stops.forEach((stop) => stop());
    stopDelay();
    stopFill?.();
  };
}
