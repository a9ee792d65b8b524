import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { PRIVATE_FILE_MODE } from './privateFiles';

/*
 * A full `quick_check` reads the whole file: seconds for a database with a
 * million entries. After our own clean close we leave a marker with the
 * file's size and mtime; if the next start finds the file exactly as we left
 * it (and no WAL content), that check is skipped. Any crash, or any change
 * made by something else, means no marker or a mismatch, and the full check.
 */

const suffix = '.clean';

interface Marker {
  size: number;
  mtimeMs: number;
}

function fingerprint(file: string): Marker {
  const st = statSync(file);
  return { size: st.size, mtimeMs: st.mtimeMs };
}

/** Called after the database is closed cleanly. */
export function markCleanShutdown(file: string): void {
  if (!existsSync(file)) return;
  writeFileSync(file + suffix, JSON.stringify(fingerprint(file)), { mode: PRIVATE_FILE_MODE });
}

/** Removes the marker (damage was found while open): the next start must run the full check. */
export function discardCleanShutdown(file: string): void {
  rmSync(file + suffix, { force: true });
}

/** Whether the file is exactly as our last clean close left it. Removes the marker either way. */
export function consumeCleanShutdown(file: string): boolean {
  const marker = file + suffix;
  if (!existsSync(marker)) return false;
  try {
    const saved = JSON.parse(readFileSync(marker, 'utf8')) as Partial<Marker>;
    const wal = file + '-wal';
    if (existsSync(wal) && statSync(wal).size > 0) return false;
    if (!existsSync(file)) return false;
    const now = fingerprint(file);
    return saved.size === now.size && saved.mtimeMs === now.mtimeMs;
  } catch {
    return false;
  } finally {
    rmSync(marker, { force: true });
  }
}
