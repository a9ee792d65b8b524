/** What the store check worker is given (as `workerData`). */
export interface CheckWorkerInput {
  readonly file: string;
  readonly nativeBinding?: string | undefined;
}

/** What it reports: `started` once the file is open, then exactly one verdict. */
export type FromCheckWorker =
  | { readonly type: 'started' }
  | { readonly type: 'ok' }
  | { readonly type: 'damaged'; readonly reason: string }
  | { readonly type: 'failed'; readonly reason: string };
