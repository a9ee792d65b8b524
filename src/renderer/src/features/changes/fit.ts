/**
 * How a diff is laid out in the width it has (issue 28): split only where each side holds a line (the diff's
 * longest, or SIDE_MIN_CHARS where its lines are longer, wrapped at spaces) and its longest word; otherwise
 * unified, wrapped only at spaces (never inside a word) where the longest word fits, and else not wrapped at
 * all (the diff scrolls sideways). Pure: the widths are measured by ChangesRegion.
 */

/** The diff library's code font (its views set it inline) at the size DiffViewer asks for. */
export const DIFF_FONT_PX = 12;
const DIFF_FONT = `${DIFF_FONT_PX}px Menlo, Consolas, monospace`;
/** A monospace glyph is about 0.6em wide; used where nothing can be measured (no layout, as under jsdom). */
const FALLBACK_CH = DIFF_FONT_PX * 0.6;
/** The width a tab takes (the browser's tab-size, which the library leaves as is). */
const TAB = 8;
/**
 * The library's columns around the code, as drawn (measured in Chromium): a line-number cell is at least 40 px
 * (10 px padding each side), a code cell has 10 px padding on its right and its text 2em on its left (24 px).
 */
const NUMBER_MIN = 40;
const NUMBER_PADDING = 20;
const CODE_PADDING = 34;
/** The fewest characters a split side shows a line in: narrower, two sides read a word a line (at 900 px). */
export const SIDE_MIN_CHARS = 40;

export interface LineStats {
  /** The longest line's length in characters (tabs expanded), either side of the diff. */
  readonly longestLine: number;
  /** The longest run of characters without a space: what a line can only be cut inside. */
  readonly longestWord: number;
  /** The highest line number shown (the number column's width follows its digits). */
  readonly lastLine: number;
}

const expanded = (text: string): string => text.replace(/\t/g, ' '.repeat(TAB));

/** What matters for the layout in git's unified diff of one file: its lines' lengths and its line numbers. */
export function lineStats(diff: string): LineStats {
  let longestLine = 0;
  let longestWord = 0;
  let lastLine = 0;
  let inHunk = false;
  for (const line of diff.split('\n')) {
    const hunk = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (hunk) {
      inHunk = true;
      lastLine = Math.max(lastLine, Number(hunk[1]) + Number(hunk[2] ?? 1), Number(hunk[3]) + Number(hunk[4] ?? 1));
      continue;
    }
    if (!inHunk || !/^[ +-]/.test(line)) continue;
    const code = expanded(line.slice(1));
    longestLine = Math.max(longestLine, code.length);
    for (const word of code.split(/\s+/)) longestWord = Math.max(longestWord, word.length);
  }
  return { longestLine, longestWord, lastLine };
}

export interface DiffLayout {
  readonly mode: 'split' | 'unified';
  /** Wrapped at spaces; false: each line on one line, the diff scrolled sideways. */
  readonly wrap: boolean;
  /** Why split is not offered now, for its button's tooltip; null when it is. */
  readonly splitOff: string | null;
}

export const NARROW_PANE = 'The pane is too narrow for two sides: widen it to see them side by side.';
export const LONG_LINES = 'Half the width is too narrow for this diff’s lines: widen the pane to see the two sides.';

/**
 * The layout of a diff with `stats` in `width` px (the diff's own box), `ch` px a character; `chosen` is the
 * user's choice, `narrow` the region being under SPLIT_MIN_WIDTH (the file list then above the diff).
 */
export function diffLayout(stats: LineStats | null, width: number, ch: number, chosen: 'split' | 'unified', narrow: boolean): DiffLayout {
  if (narrow) return { mode: 'unified', ...unifiedWrap(stats, width, ch), splitOff: NARROW_PANE };
  // Not measured yet (the first frame, or no layout at all): the choice as it is.
  if (!stats || width <= 0) return { mode: chosen, wrap: true, splitOff: null };
  const side = width / 2 - numberColumn(stats, ch) - CODE_PADDING;
  const splitFits = Math.max(Math.min(stats.longestLine, SIDE_MIN_CHARS), stats.longestWord) * ch <= side;
  if (chosen === 'split' && splitFits) return { mode: 'split', wrap: true, splitOff: null };
  return { mode: 'unified', ...unifiedWrap(stats, width, ch), splitOff: splitFits ? null : LONG_LINES };
}

function unifiedWrap(stats: LineStats | null, width: number, ch: number): { wrap: boolean } {
  if (!stats || width <= 0) return { wrap: true };
  // Both numbers share one cell (two columns of them and 10 px between).
  const code = width - 2 * numberColumn(stats, ch) - 10 - CODE_PADDING;
  return { wrap: stats.longestWord * ch <= code };
}

function numberColumn(stats: LineStats, ch: number): number {
  return Math.max(NUMBER_MIN, NUMBER_PADDING + String(stats.lastLine).length * ch);
}

let measured: number | null = null;

/** One character's width in the diff's font, measured once (FALLBACK_CH where the page has no layout). */
export function diffCharWidth(): number {
  if (measured !== null) return measured;
  if (typeof document === 'undefined') return FALLBACK_CH;
  const probe = document.createElement('span');
  probe.textContent = '0'.repeat(100);
  probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${DIFF_FONT}`;
  document.body.appendChild(probe);
  const width = probe.getBoundingClientRect().width / 100;
  probe.remove();
  // Kept only when real: under jsdom every box is 0 wide.
  if (width > 0) measured = width;
  return width > 0 ? width : FALLBACK_CH;
}
