import { describe, expect, it } from 'vitest';
import { diffLayout, LONG_LINES, lineStats, NARROW_PANE, SIDE_MIN_CHARS } from '../../src/renderer/src/features/changes/fit';

// How a diff is laid out in its width (issue 28): split only where a side holds a line (its longest, or 40
// characters of a longer one, wrapped at spaces) and its longest word, else unified, wrapped at spaces where the
// longest word fits and not wrapped (scrolled sideways) where it does not.
const CH = 7.2;

const diffOf = (lines: string[], at = 1): string =>
  ['diff --git a/f.ts b/f.ts', '--- a/f.ts', '+++ b/f.ts', `@@ -${at},${lines.length} +${at},${lines.length} @@`, ...lines.map((l) => ` ${l}`), ''].join('\n');

describe('lineStats', () => {
  it('measures the code lines only (not the headers), tabs expanded, and the last line number', () => {
    const stats = lineStats(
      ['diff --git a/src/a-very-long-path/that/is/not/code.ts b/src/a-very-long-path/that/is/not/code.ts', '--- a/x', '+++ b/x', '@@ -98,3 +98,4 @@ function x() {', ' short', '-\tif (ready) return;', '+\tif (socket.readyState === WebSocket.OPEN) return;', '+done', ''].join('\n'),
    );
    expect(stats.longestLine).toBe('        if (socket.readyState === WebSocket.OPEN) return;'.length);
    expect(stats.longestWord).toBe('(socket.readyState'.length);
    expect(stats.lastLine).toBe(102);
  });
});

describe('diffLayout', () => {
  const line = 'export async function reconnect(socket: WebSocket, attempts: number, backoff = defaultBackoff): Promise<void> {';
  const stats = lineStats(diffOf([line, '  return;']));
  // Each side: half the width, less a 40 px number column and 34 px around the code.
  const sideFor = (chars: number): number => 2 * (chars * CH + 40 + 34);

  it('split where each side holds SIDE_MIN_CHARS of a long line (wrapped at its spaces), or a short line whole', () => {
    expect(SIDE_MIN_CHARS).toBe(40);
    expect(diffLayout(stats, sideFor(40) + 1, CH, 'split', false)).toEqual({ mode: 'split', wrap: true, splitOff: null });
    expect(diffLayout(stats, sideFor(40) + 1, CH, 'unified', false)).toEqual({ mode: 'unified', wrap: true, splitOff: null });
    const short = lineStats(diffOf(['const a = 1;']));
    expect(diffLayout(short, sideFor(12) + 1, CH, 'split', false).mode).toBe('split');
  });

  it('unified where a side would read a word a line (at 900 px it broke "ad / d"), Split off saying why; the choice is kept', () => {
    expect(diffLayout(stats, sideFor(40) - 1, CH, 'split', false)).toEqual({ mode: 'unified', wrap: true, splitOff: LONG_LINES });
    expect(diffLayout(stats, 430, CH, 'split', false)).toEqual({ mode: 'unified', wrap: true, splitOff: LONG_LINES });
  });

  it('a side that would cut its longest word is unified too, however long the lines', () => {
    const word = lineStats(diffOf([`return ${'x'.repeat(60)};`]));
    expect(diffLayout(word, sideFor(50), CH, 'split', false).mode).toBe('unified');
    expect(diffLayout(word, sideFor(61), CH, 'split', false).mode).toBe('split');
  });

  it('a word longer than the unified code width: not wrapped at all (scrolled sideways), never cut inside', () => {
    const long = lineStats(diffOf([`const key = '${'A1b2'.repeat(20)}';`]));
    expect(diffLayout(long, 430, CH, 'unified', false)).toEqual({ mode: 'unified', wrap: false, splitOff: LONG_LINES });
    expect(diffLayout(long, 2000, CH, 'unified', false).wrap).toBe(true);
  });

  it('a narrow region is unified whatever fits, saying so; before anything is measured, the choice as it is', () => {
    expect(diffLayout(lineStats(diffOf(['a'])), 500, CH, 'split', true)).toMatchObject({ mode: 'unified', splitOff: NARROW_PANE });
    expect(diffLayout(null, 0, CH, 'split', false)).toEqual({ mode: 'split', wrap: true, splitOff: null });
  });

  it('the number column grows with the line numbers', () => {
    const short = lineStats(diffOf(['x'.repeat(40)]));
    const deep = lineStats(diffOf(['x'.repeat(40)], 123_456));
    const width = 2 * (40 * CH + 40 + 34) + 2;
    expect(diffLayout(short, width, CH, 'split', false).mode).toBe('split');
    expect(diffLayout(deep, width, CH, 'split', false).mode).toBe('unified');
  });
});
