import { statSync } from 'node:fs';
import { importFile, type FileCursor, type ImportBatch, DEFAULT_FILE_IMPORT_OPTIONS, type FileImportOptions } from '../../../src/main/core/agents/import/fileImporter';
import { emptyCounts, type ImportCounts, type ImportSource } from '../../../src/main/core/agents/import/types';

export interface RunResult {
  batches: ImportBatch[];
  cursor: FileCursor | undefined;
  counts: ImportCounts;
}

/** Import one file from a previous cursor, collecting every batch. */
export async function runImport(path: string, source: ImportSource, prev?: FileCursor, options: Partial<FileImportOptions> = {}): Promise<RunResult> {
  const counts = emptyCounts();
  const batches: ImportBatch[] = [];
  await importFile(path, source, statSync(path), prev, { ...DEFAULT_FILE_IMPORT_OPTIONS, ...options }, counts, async (b) => {
    batches.push(b);
  });
  return { batches, cursor: batches.at(-1)?.cursor, counts };
}

export function allEntries(r: RunResult) {
  return r.batches.flatMap((b) => b.entries);
}
