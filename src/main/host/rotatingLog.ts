import { closeSync, fstatSync, openSync, renameSync, writeSync } from 'node:fs';

/** The host's log is kept under this size; the previous part is kept beside it as `.1`. */
export const HOST_LOG_MAX_BYTES = 5 * 1024 * 1024;

/**
 * An append-only log file rotated at a bounded size (one previous part kept).
 * Writes are synchronous: a line is on disk before a crash can lose it.
 */
export class RotatingLog {
  private fd: number;
  private size: number;

  constructor(
    private readonly file: string,
    private readonly maxBytes = HOST_LOG_MAX_BYTES,
  ) {
    this.fd = openSync(file, 'a', 0o600);
    this.size = fstatSync(this.fd).size;
    if (this.size > maxBytes) this.rotate();
  }

  write(line: string): void {
    const bytes = Buffer.from(line.endsWith('\n') ? line : `${line}\n`);
    if (this.size + bytes.length > this.maxBytes) this.rotate();
    try {
      writeSync(this.fd, bytes);
      this.size += bytes.length;
    } catch {
      // A full disk must not take the host down: the line is lost, the agents are not.
    }
  }

  close(): void {
    closeSync(this.fd);
  }

  private rotate(): void {
    try {
      closeSync(this.fd);
      renameSync(this.file, `${this.file}.1`);
    } catch {
      // best effort: keep writing to whatever file we can open
    }
    this.fd = openSync(this.file, 'a', 0o600);
    this.size = fstatSync(this.fd).size;
  }
}
