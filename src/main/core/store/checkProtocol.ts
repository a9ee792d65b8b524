/** What the store check worker is given (as `workerData`). */
export interface CheckWorkerInput {
  readonly file: string;
  readonly nativeBinding?: string | undefined;
  /**
   * Tests only: after `go`, the worker blocks (as inside the native check,
   * unreachable for `terminate`) until the first Int32 of this buffer is
   * non-zero and notified, then runs the check. Lets a test hold a check
   * "inside SQLite" for exactly as long as it wants, on any machine.
   */
  readonly holdAfterGo?: SharedArrayBuffer | undefined;
}

/**
 * What it reports: `ready` once the file is open; after main's `go` (so main
 * knows for sure when the worker enters SQLite), exactly one verdict.
 */
export type FromCheckWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'ok' }
  | { readonly type: 'damaged'; readonly reason: string }
  | { readonly type: 'failed'; readonly reason: string };

/** Main's answer to `ready`: run the check now. */
export type ToCheckWorker = { readonly type: 'go' };
