import type { FileCursor, FileImportOptions, ImportBatch } from './fileImporter';
import type { ImportCounts } from './types';
import type { ImportRoot } from './walk';

/** Main → import worker. */
export type ToWorker =
  | { readonly type: 'scan'; readonly scanId: number; readonly roots: ImportRoot[]; readonly cursors: FileCursor[]; readonly options: FileImportOptions }
  /** Main committed batch `id`: the worker may read on. */
  | { readonly type: 'ack'; readonly id: number }
  | { readonly type: 'cancel'; readonly scanId: number };

export interface FileError {
  readonly path: string;
  readonly message: string;
}

/** Import worker → main. */
export type FromWorker =
  | { readonly type: 'batch'; readonly scanId: number; readonly id: number; readonly batch: ImportBatch }
  | {
      readonly type: 'done';
      readonly scanId: number;
      readonly counts: ImportCounts;
      /** Files main knew that are gone (their sessions stay). */
      readonly missing: string[];
      readonly errors: FileError[];
      readonly cancelled: boolean;
    };
