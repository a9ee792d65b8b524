import { parentPort } from 'node:worker_threads';
import type { ImportBatch } from './fileImporter';
import type { FromWorker, ToWorker } from './protocol';
import { scanRoots } from './scan';
import { emptyCounts } from './types';

/**
 * The import worker: walks and reads transcripts off the main thread (SPEC §8:
 * the main loop never stalls on a 1 GB history). At most IN_FLIGHT batches
 * wait for main's ack: main commits those ready while the next are read, and
 * memory stays bounded whatever the size of the history.
 */
const port = parentPort;
if (!port) throw new Error('the import worker must run in a worker thread');

/** Batches read ahead of main's commits: main commits all that are ready in one transaction. */
const IN_FLIGHT = 4;
let unacked = 0;
let blocked: (() => void) | null = null;
let nextBatchId = 1;
let cancelledScan = -1;

function post(message: FromWorker): void {
  port?.postMessage(message);
}

function release(): void {
  if (blocked && (unacked < IN_FLIGHT || cancelledScan >= 0)) {
    const go = blocked;
    blocked = null;
    go();
  }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'ack') {
    unacked = Math.max(0, unacked - 1);
    release();
  } else if (message.type === 'cancel') {
    cancelledScan = message.scanId;
    release();
  } else if (message.type === 'scan') {
    const { scanId } = message;
    cancelledScan = -1;
    unacked = 0;
    const emit = (batch: ImportBatch): Promise<void> =>
      new Promise((resolve) => {
        if (cancelledScan === scanId) return resolve();
        unacked += 1;
        post({ type: 'batch', scanId, id: nextBatchId++, batch });
        if (unacked < IN_FLIGHT) resolve();
        else blocked = resolve;
      });
    scanRoots(message.roots, message.cursors, message.options, emit, () => cancelledScan === scanId).then(
      (result) => post({ type: 'done', scanId, ...result }),
      (err: unknown) =>
        post({
          type: 'done',
          scanId,
          counts: emptyCounts(),
          missing: [],
          errors: [{ path: '', message: err instanceof Error ? err.message : String(err) }],
          cancelled: false,
        }),
    );
  }
});
