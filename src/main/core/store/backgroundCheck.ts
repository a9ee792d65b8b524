import type { Worker } from 'node:worker_threads';
import { startWorker } from '../workerEntry';
import type { CheckWorkerInput, FromCheckWorker, ToCheckWorker } from './checkProtocol';

/**
 * The second tier of the start-up check (SPEC §6). A start whose file is
 * exactly as our last clean close left it skips the full `quick_check` (it
 * reads the whole file: ~19 s at a million entries on a loaded machine);
 * this runs the same check afterwards in a worker thread, with its own
 * read-only connection, bounded in time.
 *
 * A worker inside SQLite cannot be interrupted: `terminate` takes effect only
 * when the statement returns, and if that statement then fails, better-sqlite3
 * aborts the whole process (measured with Node 20 and better-sqlite3 12.6).
 * Nor can it be terminated while it loads better-sqlite3: a terminate that
 * lands while the addon registers aborts the whole process ("FATAL ERROR:
 * Error::New napi_get_last_error_info", seen once in the unit tests under load).
 * So `stop` and the time limit terminate the worker only in the one safe
 * place: once it says `ready` (the addon loaded, the file open, waiting in
 * JavaScript for `go`). Before that they stop waiting (`stop` within its bound)
 * and its `ready` ends it; once the check runs they stop waiting at once and
 * leave the (unref'd) thread to end by itself when the statement returns, its
 * verdict ignored.
 */

export type BackgroundCheckOutcome =
  | { readonly state: 'ok'; readonly ms: number }
  | { readonly state: 'damaged'; readonly reason: string; readonly ms: number }
  /** Not checked: stopped, timed out, the file could not be read, or no worker could start. */
  | { readonly state: 'unfinished'; readonly reason: string };

export interface BackgroundCheck {
  /** Settles exactly once, with the verdict or why there is none. */
  readonly done: Promise<BackgroundCheckOutcome>;
  /** Stops waiting for the check and ends the worker (see above); resolves within `STOP_BOUND_MS`. */
  stop(): Promise<void>;
}

export interface BackgroundCheckOptions extends CheckWorkerInput {
  /** Give up after this long (default 10 minutes). */
  readonly timeoutMs?: number;
  /** Called when the worker has the file open and is told to run the check. */
  readonly onStarted?: () => void;
}

export const CHECK_TIMEOUT_MS = 10 * 60 * 1000;
/** The outcome's reason when this build has no check worker to start. */
export const NO_CHECK_WORKER = 'no check worker in this build';
/** How long `stop` waits for the worker to exit before returning anyway. */
export const STOP_BOUND_MS = 250;

/**
 * Starts the check worker wherever the core runs, as the import worker does:
 * from TypeScript sources (tests, tsx, web mode) with tsx's loader registered
 * first; from a build, the `store-check-worker.js` entry next to the main bundle.
 */
export function startCheckWorker(input: CheckWorkerInput): Worker | null {
  const here = import.meta.url;
  const workerData: CheckWorkerInput = { file: input.file, nativeBinding: input.nativeBinding, holdAfterGo: input.holdAfterGo };
  return startWorker({ here, source: './checkWorker.ts', built: 'store-check-worker.js' }, { workerData });
}

export function runBackgroundCheck(options: BackgroundCheckOptions): BackgroundCheck {
  const startedAt = performance.now();
  let settle!: (outcome: BackgroundCheckOutcome) => void;
  const done = new Promise<BackgroundCheckOutcome>((resolve) => (settle = resolve));
  let worker: Worker | null = null;
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  /** From our `go` to the worker's verdict: inside the native quick_check. */
  let inSqlite = false;
  /** The worker said `ready`: past loading the addon, safe to terminate until `go`. */
  let ready = false;
  let exited!: Promise<void>;

  const finish = (outcome: BackgroundCheckOutcome): void => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    settle(outcome);
  };
  const ms = (): number => Math.round(performance.now() - startedAt);

  try {
    worker = startCheckWorker(options);
  } catch (err) {
    finish({ state: 'unfinished', reason: `the check worker did not start: ${err instanceof Error ? err.message : String(err)}` });
  }
  if (!worker) {
    finish({ state: 'unfinished', reason: NO_CHECK_WORKER });
  } else {
    // Never keeps the process alive on its own.
    worker.unref();
    const started = worker;
    exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
    worker.on('message', (message: FromCheckWorker) => {
      if (message.type === 'ready') {
        ready = true;
        // The worker waits in JavaScript for this; from here on it is inside SQLite. Stopped or
        // timed out meanwhile: this is where it can be ended safely.
        if (settled) return void worker?.terminate();
        inSqlite = true;
        worker?.postMessage({ type: 'go' } satisfies ToCheckWorker);
        options.onStarted?.();
        return;
      }
      inSqlite = false;
      if (message.type === 'ok') finish({ state: 'ok', ms: ms() });
      else if (message.type === 'damaged') finish({ state: 'damaged', reason: message.reason, ms: ms() });
      else if (message.type === 'failed') finish({ state: 'unfinished', reason: message.reason });
    });
    worker.on('error', (err) => finish({ state: 'unfinished', reason: `the check worker failed: ${err.message}` }));
    worker.on('exit', (code) => finish({ state: 'unfinished', reason: `the check worker exited (${code}) without a verdict` }));
    timer = setTimeout(() => {
      finish({ state: 'unfinished', reason: `gave up after ${options.timeoutMs ?? CHECK_TIMEOUT_MS} ms` });
      if (ready && !inSqlite) void worker?.terminate();
    }, options.timeoutMs ?? CHECK_TIMEOUT_MS);
    timer.unref();
  }

  return {
    done,
    async stop(): Promise<void> {
      finish({ state: 'unfinished', reason: 'stopped' });
      if (!worker || inSqlite) return;
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([
        // Still loading: its `ready` ends it (above); meanwhile wait for its exit, within the bound.
        ready ? worker.terminate().catch(() => 0) : exited,
        new Promise<void>((resolve) => {
          bound = setTimeout(resolve, STOP_BOUND_MS);
        }),
      ]);
      clearTimeout(bound);
    },
  };
}
