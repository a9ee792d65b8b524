import { closeSync, openSync, readSync } from 'node:fs';

/**
 * Streaming JSONL reading with bounded memory (SPEC §8 import): a file is read
 * in fixed chunks from a byte offset; every whole line is handed over as a
 * Buffer; a line longer than `maxLineBytes` is never held, only its head is
 * kept so its record type can be reported; a last line without its newline
 * (a live session or a crash) is left for the next read.
 */
export interface LineReadOptions {
  readonly maxLineBytes: number;
  readonly chunkBytes?: number;
  /** Stop before this offset (the size seen by stat, so a growing file has a fixed end). */
  readonly endOffset: number;
  /** The file's bytes from `at` on, already read: lines come from them, not from the file. */
  readonly preloaded?: { readonly buf: Buffer; readonly at: number };
}

/** `bytes` may share memory with the reader's chunk: it is valid only until `onLine` returns. */
export type LineEvent =
  | { readonly kind: 'line'; readonly bytes: Buffer; readonly end: number }
  | { readonly kind: 'oversize'; readonly head: Buffer; readonly length: number; readonly end: number };

const NEWLINE = 0x0a;
const HEAD_BYTES = 4_096;

/**
 * Calls `onLine` for each whole line from `start` to `endOffset`; returns the
 * offset just after the last whole line (where the next read begins) and
 * whether `onLine` stopped the read early by returning false.
 */
export function readLines(
  file: string,
  start: number,
  options: LineReadOptions,
  onLine: (ev: LineEvent) => boolean | void,
): { offset: number; stopped: boolean } {
  const chunkBytes = options.chunkBytes ?? 1 << 20;
  const pre = options.preloaded;
  const fd = pre ? -1 : openSync(file, 'r');
  const buffer = pre ? null : Buffer.allocUnsafe(chunkBytes);
  // The next chunk: read into the reused buffer, or a view of the preloaded bytes (no copy).
  const readAt = (want: number, pos: number): Buffer => {
    if (pre) return pre.buf.subarray(pos - pre.at, Math.min(pre.buf.length, pos - pre.at + want));
    const got = readSync(fd, buffer as Buffer, 0, want, pos);
    return (buffer as Buffer).subarray(0, Math.max(0, got));
  };
  try {
    let pos = start;
    let consumed = start;
    // The part of the current line read so far (bounded by maxLineBytes).
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    // When a line has outgrown the bound: its head and running length.
    let oversizeHead: Buffer | null = null;
    let oversizeLength = 0;

    while (pos < options.endOffset) {
      const want = Math.min(chunkBytes, options.endOffset - pos);
      const chunk = readAt(want, pos);
      const got = chunk.length;
      if (got <= 0) break;
      let lineStart = 0;
      while (lineStart < got) {
        const nl = chunk.indexOf(NEWLINE, lineStart);
        const pieceEnd = nl === -1 || nl >= got ? got : nl;
        const piece = chunk.subarray(lineStart, pieceEnd);
        const whole = nl !== -1 && nl < got && pendingBytes === 0 && !oversizeHead;
        if (whole && piece.length <= options.maxLineBytes) {
          // A line inside this chunk is handed over without a copy: valid until onLine returns.
          const end = pos + nl + 1;
          consumed = end;
          if (onLine({ kind: 'line', bytes: piece, end }) === false) return { offset: consumed, stopped: true };
          lineStart = nl + 1;
          continue;
        }
        if (oversizeHead) {
          oversizeLength += piece.length;
        } else if (pendingBytes + piece.length > options.maxLineBytes) {
          const head = Buffer.concat([...pending, piece], pendingBytes + piece.length).subarray(0, HEAD_BYTES);
          oversizeHead = Buffer.from(head);
          oversizeLength = pendingBytes + piece.length;
          pending = [];
          pendingBytes = 0;
        } else if (piece.length > 0) {
          // Copy: the chunk buffer is reused by the next read.
          pending.push(Buffer.from(piece));
          pendingBytes += piece.length;
        }
        if (nl === -1 || nl >= got) break;
        const end = pos + nl + 1;
        let keepGoing: boolean | void;
        if (oversizeHead) {
          keepGoing = onLine({ kind: 'oversize', head: oversizeHead, length: oversizeLength, end });
          oversizeHead = null;
          oversizeLength = 0;
        } else {
          const bytes = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending, pendingBytes);
          pending = [];
          pendingBytes = 0;
          keepGoing = onLine({ kind: 'line', bytes, end });
        }
        consumed = end;
        if (keepGoing === false) return { offset: consumed, stopped: true };
        lineStart = nl + 1;
      }
      pos += got;
    }
    return { offset: consumed, stopped: false };
  } finally {
    if (fd !== -1) closeSync(fd);
  }
}
