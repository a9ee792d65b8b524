import { closeSync, existsSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { PRIVATE_FILE_MODE } from './privateFiles';

/*
 * A full `quick_check` reads the whole file: seconds for a database with a
 * million entries. After our own clean close we leave a marker with the
 * file's size and mtime and digests of its first and last pages; if the next
 * start finds the file exactly as we left it (and no WAL content), and its
 * header still describes a whole SQLite file of that size, the full check is
 * skipped at start and runs in the background instead. Any crash, any change
 * made by something else, or a header that disagrees with the file means no
 * skip: the full check runs before the store opens.
 */

const suffix = '.clean';
const MAGIC = 'SQLite format 3\u0000';

interface Marker {
  size: number;
  mtimeMs: number;
  firstPage: string;
  lastPage: string;
}

function readAt(fd: number, length: number, position: number): Buffer {
  const buf = Buffer.alloc(length);
  const n = readSync(fd, buf, 0, length, position);
  return buf.subarray(0, n);
}

/** SQLite's page size from the header (1 means 65536), or null when the header is not SQLite's. */
function pageSizeOf(header: Buffer): number | null {
  if (header.length < 100 || header.toString('latin1', 0, 16) !== MAGIC) return null;
  const raw = header.readUInt16BE(16);
  const size = raw === 1 ? 65536 : raw;
  return size >= 512 && (size & (size - 1)) === 0 ? size : null;
}

/**
 * Size, mtime and page digests, or null when the header does not describe a
 * whole file: no SQLite magic, a bad page size, or (when the header's page
 * count is valid) a page count that disagrees with the file's length.
 */
function fingerprint(file: string): Marker | null {
  const st = statSync(file);
  const fd = openSync(file, 'r');
  try {
    const header = readAt(fd, 100, 0);
    const pageSize = pageSizeOf(header);
    if (pageSize === null || st.size % pageSize !== 0 || st.size === 0) return null;
    // Bytes 28..31 hold the page count, valid when the change counter (24) equals "version valid for" (92).
    if (header.readUInt32BE(24) === header.readUInt32BE(92) && header.readUInt32BE(28) * pageSize !== st.size) return null;
    const digest = (position: number): string => createHash('sha256').update(readAt(fd, pageSize, position)).digest('hex');
    return { size: st.size, mtimeMs: st.mtimeMs, firstPage: digest(0), lastPage: digest(st.size - pageSize) };
  } finally {
    closeSync(fd);
  }
}

/** Called after the database is closed cleanly. */
export function markCleanShutdown(file: string): void {
  if (!existsSync(file)) return;
  const marker = fingerprint(file);
  if (marker) writeFileSync(file + suffix, JSON.stringify(marker), { mode: PRIVATE_FILE_MODE });
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
    return (
      now !== null &&
      saved.size === now.size &&
      saved.mtimeMs === now.mtimeMs &&
      saved.firstPage === now.firstPage &&
      saved.lastPage === now.lastPage
    );
  } catch {
    return false;
  } finally {
    rmSync(marker, { force: true });
  }
}
