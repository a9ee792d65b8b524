/**
 * The most characters handed to xterm in one write. xterm parses a write whole before it checks the
 * time and yields to the page, so a restored screen and scrollback (up to 10,000 lines, over a
 * megabyte) would be one task of seconds on a loaded machine; in slices it yields every ~12 ms
 * between them. Its parser keeps an escape sequence or a surrogate pair cut between two writes.
 */
export const WRITE_SLICE_CHARS = 8_192;

/** `data` in pieces of at most `size` characters, in order. */
export function writeSlices(data: string, size: number = WRITE_SLICE_CHARS): string[] {
  if (data.length <= size) return [data];
  const slices: string[] = [];
  for (let at = 0; at < data.length; at += size) slices.push(data.slice(at, at + size));
  return slices;
}
