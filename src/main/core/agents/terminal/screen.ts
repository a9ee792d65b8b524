/**
 * Pure helpers that turn a PTY's raw output into text an ambient call can read
 * (SPEC §8 terminal: "the ANSI-stripped tail of the screen"). No terminal
 * emulation: enough to drop escape sequences, honour carriage returns and
 * backspaces, and keep the last few lines.
 */
// Matching control characters is the point of this file.
/* eslint-disable no-control-regex */

// CSI: ESC [ params intermediates final; also the 8-bit CSI (0x9b).
const CSI = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]/g;
// OSC: ESC ] ... terminated by BEL or ST (ESC \); unterminated runs to the end.
const OSC = /\x1b\][\s\S]*?(?:\x07|\x1b\\|$)/g;
// DCS, SOS, PM, APC strings: ESC P / X / ^ / _ ... ST.
const STRING_SEQ = /\x1b[PX^_][\s\S]*?(?:\x1b\\|$)/g;
// Any other escape: ESC plus optional intermediates plus one final byte (charset selection, keypad modes, ...).
const OTHER_ESC = /\x1b[ -/]*[0-~]?/g;

/** Remove ANSI/VT escape sequences, keeping text and the controls \n \r \b \t. */
export function stripAnsi(input: string): string {
  return input
    .replace(OSC, '')
    .replace(STRING_SEQ, '')
    .replace(CSI, '')
    .replace(OTHER_ESC, '')
    .replace(/[\x00-\x07\x0b\x0c\x0e-\x1f\x7f]/g, '');
}

/** Apply carriage returns and backspaces within one line the way a terminal would show it. */
function renderLine(raw: string): string {
  let cells: string[] = [];
  let col = 0;
  for (const ch of raw) {
    if (ch === '\r') {
      col = 0;
    } else if (ch === '\b') {
      col = Math.max(0, col - 1);
    } else if (ch === '\t') {
      const next = (Math.floor(col / 8) + 1) * 8;
      for (; col < next; col += 1) cells[col] ??= ' ';
    } else {
      cells[col++] = ch;
    }
  }
  cells = Array.from(cells, (c) => c ?? ' ');
  return cells.join('').replace(/\s+$/, '');
}

export interface ScreenTailOptions {
  /** Most lines to keep (from the end). */
  readonly maxLines?: number;
  /** Most characters to keep (from the end, after lines). */
  readonly maxChars?: number;
}

/**
 * The last lines of what the terminal showed, as plain text: escapes removed,
 * \r and \b applied, trailing blank lines dropped, runs of blank lines folded.
 */
export function screenTail(raw: string, options: ScreenTailOptions = {}): string {
  const maxLines = options.maxLines ?? 40;
  const maxChars = options.maxChars ?? 4_000;
  // Only the end matters; bound the work on a large scrollback.
  const window = raw.length > maxChars * 8 ? raw.slice(raw.length - maxChars * 8) : raw;
  const lines = stripAnsi(window).replace(/\r\n/g, '\n').split('\n').map(renderLine);
  const kept: string[] = [];
  for (let i = lines.length - 1; i >= 0 && kept.length < maxLines; i -= 1) {
    const line = lines[i] ?? '';
    if (line === '' && (kept.length === 0 || kept[kept.length - 1] === '')) continue;
    kept.push(line);
  }
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
  const text = kept.reverse().join('\n');
  return text.length > maxChars ? text.slice(text.length - maxChars) : text;
}

/**
 * Tracks what the user types into a PTY and yields each submitted line (on
 * Enter). Editing keys are honoured (Backspace, Ctrl-U, Ctrl-C), cursor and
 * function keys are ignored, bracketed-paste markers are dropped. History
 * recall (arrow up) is invisible here: a known limit of watching keystrokes.
 */
export class InputLineTracker {
  private buffer = '';

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
