import { statSync, type Stats } from 'node:fs';
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

/** A file to read in this scan: new, grown or replaced since its cursor. */
interface Changed {
  readonly path: string;
  readonly source: ImportRoot['source'];
  readonly stat: Stats;
  readonly prev: FileCursor | undefined;
}

/**
 * Newest first (issue 9: the sessions a user worked on last appear and are
 * searchable first while the rest streams in); ties by path, so the order is
 * deterministic.
 */
export function importOrder(a: Pick<Changed, 'path' | 'stat'>, b: Pick<Changed, 'path' | 'stat'>): number {
  return b.stat.mtimeMs - a.stat.mtimeMs || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

/**
 * One pass over the roots: unchanged files (same size, mtime, inode) are only
 * stat'ed; changed ones are imported from their cursor, newest first (the walk
 * and its stats come first: a few hundred bytes a file, so a history of
 * thousands is a small list). A file that fails (unreadable, vanished
 * mid-read) is reported and the scan goes on.
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
  const fail = (path: string, err: unknown): void => {
    counts.filesFailed += 1;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push({ path, message: err instanceof Error ? err.message : String(err) });
  };
  const changed: Changed[] = [];
  for (const root of roots) {
    for (const path of transcriptFiles(root)) {
      if (cancelled()) return { counts, missing: [], errors, cancelled: true };
      if (seen.has(path)) continue;
      seen.add(path);
      counts.files += 1;
      try {
        const stat = statSync(path);
        const prev = known.get(path);
        if (isUnchanged(prev, stat)) counts.filesUnchanged += 1;
        else changed.push({ path, source: root.source, stat, prev });
      } catch (err) {
        fail(path, err);
      }
    }
  }
  changed.sort(importOrder);
  for (const file of changed) {
    if (cancelled()) return { counts, missing: [], errors, cancelled: true };
    try {
      await importFile(file.path, file.source, file.stat, file.prev, options, counts, emit);
    } catch (err) {
      fail(file.path, err);
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
  // Stats go out STAT_WAVE at a time (a later start looks at thousands of files within its second).
  let wave: FileCursor[] = [];
  const changedIn = async (batch: readonly FileCursor[]): Promise<boolean> => {
    const verdicts = await Promise.all(
      batch.map((prev) => statAsync(prev.path).then((st) => !isUnchanged(prev, st), () => true)),
    );
    return verdicts.includes(true);
  };
  for (const root of roots) {
    for await (const path of transcriptFilesAsync(root)) {
      const prev = known.get(path);
      if (!prev) return true;
      wave.push(prev);
      if (wave.length >= STAT_WAVE) {
        if (await changedIn(wave)) return true;
        wave = [];
      }
    }
  }
  return wave.length > 0 && (await changedIn(wave));
}

const STAT_WAVE = 64;
