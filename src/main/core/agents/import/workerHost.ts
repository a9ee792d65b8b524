import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../workerEntry';

/**
 * The worker's heap is capped so the importer's memory stays bounded (SPEC §13:
 * a 1 GB import under 300 MB): lines are at most 8 MB, batches 500 k characters, so
 * 64 MB leaves room for the largest line parsed while a batch is held.
 */
const LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

/** The import worker (see `startWorker`); null when this build has none (the caller then scans in-process). */
export function startImportWorker(): Worker | null {
  return startWorker({ here: import.meta.url, source: './worker.ts', built: 'import-worker.js' }, { resourceLimits: LIMITS });
}
