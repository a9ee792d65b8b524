import { parentPort } from 'node:worker_threads';
import type { ImportBatch } from './fileImporter';
import type { FromWorker, ToWorker } from './protocol';
import { scanRoots } from './scan';
import { emptyCounts } from './types';

/**
 * The import worker: walks and reads transcripts off the main thread (SPEC §8:
 * the main loop never stalls on a 1 GB history). Each batch waits for main's
 * ack before the next is read, so at most one batch is in flight.
 */
const port = parentPort;
if (!port) throw new Error('the import worker must run in a worker thread');

const waiting = new Map<number, () => void>();
let nextBatchId = 1;
let cancelledScan = -1;

function post(message: FromWorker): void {
  port?.postMessage(message);
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'ack') {
    const resolve = waiting.get(message.id);
    waiting.delete(message.id);
    resolve?.();
  } else if (message.type === 'cancel') {
    cancelledScan = message.scanId;
    for (const resolve of waiting.values()) resolve();
    waiting.clear();
  } else if (message.type === 'scan') {
    const { scanId } = message;
    const emit = (batch: ImportBatch): Promise<void> =>
      new Promise((resolve) => {
        if (cancelledScan === scanId) return resolve();
        const id = nextBatchId++;
        waiting.set(id, resolve);
        post({ type: 'batch', scanId, id, batch });
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
