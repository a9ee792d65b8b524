// Matching control characters is the point of this file.
/* eslint-disable no-control-regex */

// CSI: ESC [ params intermediates final; also the 8-bit CSI (0x9b).
const CSI = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]/g;

/**
 * Tracks what the user types into a PTY and yields each submitted line (on
 * Enter). Editing keys are honoured (Backspace, Ctrl-U, Ctrl-C), cursor and
 * function keys are ignored, bracketed-paste markers are dropped. History
 * recall (arrow up) is invisible here: a known limit of watching keystrokes.
 */
export class InputLineTracker {
  private buffer = '';

  /** Whether a line is being typed (something since the last Enter, Ctrl-C or Ctrl-U). */
  get pending(): boolean {
    return this.buffer !== '';
  }

  /** Feed raw input; returns the lines it completed (trimmed, non-empty). */
  push(data: string): string[] {
    const done: string[] = [];
    const cleaned = data.replace(/\x1b\[20[01]~/g, '').replace(CSI, '').replace(/\x1bO./g, '').replace(/\x1b./g, '');
    for (const ch of cleaned) {
      if (ch === '\r' || ch === '\n') {
        const line = this.buffer.trim();
        if (line !== '') done.push(line);
        this.buffer = '';
      } else if (ch === '\x7f' || ch === '\b') {
        this.buffer = Array.from(this.buffer).slice(0, -1).join('');
      } else if (ch === '\x15' || ch === '\x03') {
        this.buffer = '';
      } else if (ch === '\t' || ch >= ' ') {
        if (this.buffer.length < 10_000) this.buffer += ch;
      }
    }
    return done;
  }
}
