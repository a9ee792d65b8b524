import { createRequire } from 'node:module';
import type * as HeadlessModule from '@xterm/headless';
import type * as SerializeModule from '@xterm/addon-serialize';
import { ATTENTION_OSC, boundedTitle, isAttention, type TerminalSignal } from './terminalSignals';

// Both packages are CommonJS bundles whose `module` field names a file they do not ship: load them with require.
const requireCjs = createRequire(import.meta.url);
const { Terminal } = requireCjs('@xterm/headless') as typeof HeadlessModule;
const { SerializeAddon } = requireCjs('@xterm/addon-serialize') as typeof SerializeModule;

/** Default bound of the kept scrollback, in lines (as a VS Code terminal keeps). */
export const SCROLLBACK_LINES = 10_000;

/** A view of the terminal at one point of its output stream. */
export interface TerminalSnapshot {
  /** Escape sequences that redraw the screen and its scrollback, colours and modes included. */
  readonly data: string;
  /** How many characters of output the snapshot holds: live output from this offset on follows it. */
  readonly offset: number;
}

/**
 * A session's screen as the PTY drew it, kept in the core the way VS Code's
 * pty host does: a headless xterm fed every chunk the PTY writes, serialized
 * when a pane attaches. Output is counted in characters (`offset`), so a pane
 * joins the live stream exactly where its snapshot ends: no overlap, no gap.
 */
export class TerminalState {
  private readonly term: HeadlessModule.Terminal;
  private readonly serializer: SerializeModule.SerializeAddon;
  private scrollback: number;
  /** Characters written to the emulator so far (parsed or queued). */
  private written = 0;
  /** Characters the emulator has parsed: its state is the stream up to here. */
  private parsed = 0;
  /**
   * Told what the output signals (attention requests, the bell, the window title) as the emulator parses
   * it, so a sequence split across chunks is read whole. Set by the live run; null while none listens.
   */
  onSignal: ((signal: TerminalSignal) => void) | null = null;

  constructor(cols: number, rows: number, scrollback = SCROLLBACK_LINES) {
    this.scrollback = scrollback;
    this.term = new Terminal({ cols, rows, scrollback, allowProposedApi: true });
    this.serializer = new SerializeAddon();
    this.term.loadAddon(this.serializer);
    for (const ident of ATTENTION_OSC) {
      this.term.parser.registerOscHandler(ident, (data) => {
        if (isAttention(ident, data)) this.onSignal?.({ type: 'attention' });
        return false;
      });
    }
    this.term.onBell(() => this.onSignal?.({ type: 'bell' }));
    this.term.onTitleChange((title) => this.onSignal?.({ type: 'title', title: boundedTitle(title) }));
  }

  /** The offset the next chunk of output starts at. */
  get end(): number {
    return this.written;
  }

  /** The program turned bracketed paste on (DECSET 2004), as far as the emulator has parsed its output. */
  get bracketedPaste(): boolean {
    return this.term.modes.bracketedPasteMode;
  }

  get cols(): number {
    return this.term.cols;
  }

  get rows(): number {
    return this.term.rows;
  }

  /** Feed output; returns the offset it starts at. */
  write(data: string): number {
    const start = this.written;
    this.written += data.length;
    const end = this.written;
    this.term.write(data, () => {
      this.parsed = end;
    });
    return start;
  }

  /** Keep this many lines of scrollback from now on (fewer: the oldest are dropped). */
  setScrollback(lines: number): void {
    if (lines === this.scrollback) return;
    this.scrollback = lines;
    this.term.options.scrollback = lines;
  }

  /** The size the screen is kept at. */
  get size(): { cols: number; rows: number } {
    return { cols: this.term.cols, rows: this.term.rows };
  }

  resize(cols: number, rows: number): void {
    if (cols !== this.term.cols || rows !== this.term.rows) this.term.resize(cols, rows);
  }

  /**
   * Screen and scrollback once everything written so far is parsed. The
   * emulator calls each write's callback right after parsing that write and
   * before the next, so serializing inside one gives exactly the stream up to
   * `offset`. `scrollback`: at most this many lines of it (0: the visible screen alone).
   */
  snapshot(scrollback = this.scrollback): Promise<TerminalSnapshot> {
    return new Promise((resolve) => {
      this.term.write('', () => {
        resolve({ data: this.serializer.serialize({ scrollback: Math.min(scrollback, this.scrollback) }), offset: this.parsed });
      });
    });
  }

  /**
   * Plain text of the last `maxLines` non-blank lines (for ambient calls and tests), at most `maxChars`
   * from the end. A line the terminal wrapped is one line here, so a long token printed across the
   * wrap (a key the masker must see whole) stays whole; the cut is made between lines, and where one
   * line alone is too long, after a space, so no piece of a token is left at the cut.
   */
  text(maxLines = 40, maxChars = 4_000): string {
    const buffer = this.term.buffer.active;
    const lines: string[] = [];
    let y = buffer.length - 1;
    while (y >= 0 && lines.length < maxLines) {
      // Rows from the bottom up until the row that starts this logical line (the first one not wrapped).
      let line = buffer.getLine(y)?.translateToString(true) ?? '';
      while (y > 0 && buffer.getLine(y)?.isWrapped) {
        y -= 1;
        line = (buffer.getLine(y)?.translateToString(false) ?? '') + line;
      }
      y -= 1;
      if (line.trim() === '' && (lines.length === 0 || lines[lines.length - 1]?.trim() === '')) continue;
      lines.push(line);
    }
    let text = '';
    for (const line of lines) {
      const next = text === '' ? line : `${line}\n${text}`;
      if (next.length > maxChars) {
        if (text === '') text = afterCut(line.slice(line.length - maxChars));
        break;
      }
      text = next;
    }
    return text.replace(/\s+$/, '');
  }

  dispose(): void {
    this.term.dispose();
  }
}

/** A line's end cut from a longer one: what follows its first space (a token cut in two is left out whole). */
function afterCut(piece: string): string {
  const space = piece.search(/\s/);
  return space === -1 ? '' : piece.slice(space + 1);
}
