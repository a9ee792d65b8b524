import { statSync } from 'node:fs';
import { stat as statAsync } from 'node:fs/promises';
import { importFile, isUnchanged, type FileCursor, type FileImportOptions, type ImportBatch } from './fileImporter';
import type { FileError } from './protocol';
import { emptyCounts, type ImportCounts } from './types';
import { transcriptFiles, transcriptFilesAsync, type ImportRoot } from './walk';

export interface ScanResult {
  readonly counts: ImportCounts;
  readonly missing: string[];
  readonly errors: FileError[];
  readonly cancelled: boolean;
}

const MAX_REPORTED_ERRORS = 50;

/**
 * One pass over the roots: unchanged files (same size, mtime, inode) are only
 * stat'ed; changed ones are imported from their cursor. A file that fails
 * (unreadable, vanished mid-read) is reported and the scan goes on.
 * Runs in the import worker; also callable directly (tests, benchmarks).
 */
export async function scanRoots(
  roots: readonly ImportRoot[],
  cursors: readonly FileCursor[],
  options: FileImportOptions,
  emit: (batch: ImportBatch) => Promise<void>,
  cancelled: () => boolean = () => false,
): Promise<ScanResult> {
  const known = new Map(cursors.map((c) => [c.path, c]));
  const seen = new Set<string>();
  const counts = emptyCounts();
  const errors: FileError[] = [];
  for (const root of roots) {
    for (const path of transcriptFiles(root)) {
      if (cancelled()) return { counts, missing: [], errors, cancelled: true };
      if (seen.has(path)) continue;
      seen.add(path);
      counts.files += 1;
      try {
        const stat = statSync(path);
        const prev = known.get(path);
        if (isUnchanged(prev, stat)) {
          counts.filesUnchanged += 1;
          continue;
        }
        await importFile(path, root.source, stat, prev, options, counts, emit);
      } catch (err) {
        counts.filesFailed += 1;
        if (errors.length < MAX_REPORTED_ERRORS) errors.push({ path, message: err instanceof Error ? err.message : String(err) });
      }
    }
  }
  const missing = cursors.filter((c) => !seen.has(c.path)).map((c) => c.path);
  return { counts, missing, errors, cancelled: false };
}

/**
 * Whether a file under the roots is new or differs from its cursor (grown,
 * replaced), looked at without blocking: when none does, a scan needs no
 * worker at all. A vanished file needs nothing (its session stays).
 */
export async function anyChange(roots: readonly ImportRoot[], cursors: readonly FileCursor[]): Promise<boolean> {
  const known = new Map(cursors.map((c) => [c.path, c]));
  for (const root of roots) {
    for await (const path of transcriptFilesAsync(root)) {
      const prev = known.get(path);
      if (!prev) return true;
      try {
        if (!isUnchanged(prev, await statAsync(path))) return true;
      } catch {
        return true;
      }
    }
  }
  return false;
}
