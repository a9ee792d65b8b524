/**
 * Splits a byte stream into lines with a hard bound on how much one line may hold.
 * A child process can print anything: a line past `maxLineBytes` is reported once as
 * oversize and its bytes are dropped until the next newline, so memory stays bounded
 * whatever the child prints (a 50 MB line costs at most `maxLineBytes`).
 */
export interface LineReaderOptions {
  readonly maxLineBytes: number;
  readonly onLine: (line: string) => void;
  /** Called once per oversize line, with how many bytes it had when cut (at least `maxLineBytes + 1`). */
  readonly onOversize: (bytesSeen: number) => void;
}

export class BoundedLineReader {
  private parts: Buffer[] = [];
  private size = 0;
  /** Inside an oversize line: drop bytes until the next newline. */
  private skipping = false;
  private skipped = 0;

  constructor(private readonly opts: LineReaderOptions) {}

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(0x0a, start);
      const end = nl === -1 ? chunk.length : nl;
      this.take(chunk.subarray(start, end));
      if (nl === -1) return;
      this.finishLine();
      start = nl + 1;
    }
  }

  /** The stream ended: a last line without a newline still counts. */
  end(): void {
    if (this.size > 0 || this.skipping) this.finishLine();
  }

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.skipping) {
      this.skipped += piece.length;
      return;
    }
    if (this.size + piece.length > this.opts.maxLineBytes) {
      this.skipping = true;
      this.skipped = this.size + piece.length;
      this.parts = [];
      this.size = 0;
      return;
    }
    // Copy: the caller's chunk buffer may be reused.
    this.parts.push(Buffer.from(piece));
    this.size += piece.length;
  }

  private finishLine(): void {
    if (this.skipping) {
      const seen = this.skipped;
      this.skipping = false;
      this.skipped = 0;
      this.opts.onOversize(seen);
      return;
    }
    const line = Buffer.concat(this.parts, this.size).toString('utf8');
    this.parts = [];
    this.size = 0;
    const trimmed = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (trimmed.trim() !== '') this.opts.onLine(trimmed);
  }
}
