/** What the store check worker is given (as `workerData`). */
export interface CheckWorkerInput {
  readonly file: string;
  readonly nativeBinding?: string | undefined;
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
