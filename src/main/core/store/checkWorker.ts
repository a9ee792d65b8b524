import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { quickCheck } from './connection';
import { isDamageError } from './inspect';
import type { CheckWorkerInput, FromCheckWorker, ToCheckWorker } from './checkProtocol';

/**
 * The background integrity check's worker: `PRAGMA quick_check` on its own
 * read-only connection (WAL lets it read beside the writer), so the main loop
 * never waits on a read of the whole file. It only reads; it never moves,
 * deletes or rewrites anything.
 */
const port = parentPort;
if (!port) throw new Error('the store check worker must run in a worker thread');
const input = workerData as CheckWorkerInput;

function post(message: FromCheckWorker): void {
  port?.postMessage(message);
}

function verdictOf(err: unknown): FromCheckWorker {
  const reason = err instanceof Error ? err.message : String(err);
  return isDamageError(err) ? { type: 'damaged', reason } : { type: 'failed', reason };
}

let db: Database.Database | undefined;
try {
  // No busy wait: a locked file is "could not check", and a worker parked in a
  // native wait cannot be stopped cleanly (see backgroundCheck.ts).
  db = new Database(input.file, {
    readonly: true,
    fileMustExist: true,
    timeout: 0,
    ...(input.nativeBinding ? { nativeBinding: input.nativeBinding } : {}),
  });
} catch (err) {
  post(verdictOf(err));
}
if (db) {
  const open = db;
  port.once('message', (message: ToCheckWorker) => {
    if (message.type !== 'go') return;
    try {
      if (input.holdAfterGo) Atomics.wait(new Int32Array(input.holdAfterGo), 0, 0);
      const problem = quickCheck(open);
      post(problem ? { type: 'damaged', reason: problem } : { type: 'ok' });
    } catch (err) {
      post(verdictOf(err));
    } finally {
      open.close();
      port.close();
    }
  });
  post({ type: 'ready' });
}
