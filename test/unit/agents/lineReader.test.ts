import { describe, expect, it } from 'vitest';
import { BoundedLineReader } from '../../../src/main/core/agents/lineReader';

function collect(max: number) {
  const lines: string[] = [];
  const oversize: number[] = [];
  const reader = new BoundedLineReader({ maxLineBytes: max, onLine: (l) => lines.push(l), onOversize: (n) => oversize.push(n) });
  return { reader, lines, oversize };
}

describe('BoundedLineReader', () => {
  it('splits lines across chunk borders, drops blank lines and a trailing CR', () => {
    const { reader, lines } = collect(100);
    reader.push(Buffer.from('{"a":1}\n{"b"'));
    reader.push(Buffer.from(':2}\r\n\n  \n{"c":3}'));
    reader.end();
    expect(lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it('keeps multi-byte characters split between chunks intact', () => {
    const { reader, lines } = collect(100);
    const bytes = Buffer.from('héllo ✓\n');
    reader.push(bytes.subarray(0, 2));
    reader.push(bytes.subarray(2, 8));
    reader.push(bytes.subarray(8));
    expect(lines).toEqual(['héllo ✓']);
  });

  it('reports a 50 MB line once as oversize, holds at most the bound, and reads on after it', () => {
    const { reader, lines, oversize } = collect(1024 * 1024);
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const before = process.memoryUsage().arrayBuffers;
    reader.push(Buffer.from('{"first":true}\n'));
    for (let i = 0; i < 50; i += 1) reader.push(chunk);
    const during = process.memoryUsage().arrayBuffers;
    reader.push(Buffer.from('\n{"after":true}\n'));
    expect(lines).toEqual(['{"first":true}', '{"after":true}']);
    expect(oversize).toHaveLength(1);
    expect(oversize[0]).toBe(50 * 1024 * 1024);
    // The reader kept nothing of the long line beyond its bound (50 MB would show here).
    expect(during - before).toBeLessThan(20 * 1024 * 1024);
  });

  it('a line exactly at the bound is kept; one byte more is not', () => {
    const { reader, lines, oversize } = collect(8);
    reader.push(Buffer.from('12345678\n123456789\nok\n'));
    expect(lines).toEqual(['12345678', 'ok']);
    expect(oversize).toEqual([9]);
  });
});
