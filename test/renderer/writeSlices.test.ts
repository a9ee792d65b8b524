import { describe, expect, it } from 'vitest';
import { WRITE_SLICE_CHARS, writeSlices } from '../../src/renderer/src/terminal/writeSlices';

describe('a terminal write in slices (terminal/writeSlices)', () => {
  it('hands a small write over whole, and a large one in order in pieces of at most the slice', () => {
    expect(writeSlices('hello')).toEqual(['hello']);
    expect(writeSlices('')).toEqual(['']);
    const restored = Array.from({ length: 3_000 }, (_, i) => `\x1b[32mline ${i}\x1b[0m\r\n`).join('');
    const slices = writeSlices(restored);
    expect(slices.length).toBe(Math.ceil(restored.length / WRITE_SLICE_CHARS));
    expect(slices.every((s) => s.length <= WRITE_SLICE_CHARS)).toBe(true);
    expect(slices.join('')).toBe(restored);
    expect(writeSlices('abcdefg', 3)).toEqual(['abc', 'def', 'g']);
  });
});
