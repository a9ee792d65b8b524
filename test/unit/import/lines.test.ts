import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLines, type LineEvent } from '../../../src/main/core/agents/import/lines';

function file(content: string): string {
  const f = join(mkdtempSync(join(tmpdir(), 'sd-lines-')), 'f.jsonl');
  writeFileSync(f, content);
  return f;
}

function collect(path: string, start: number, end: number, chunkBytes: number, maxLineBytes = 1_000) {
  const seen: Array<{ kind: string; text: string; end: number }> = [];
  const r = readLines(path, start, { endOffset: end, chunkBytes, maxLineBytes }, (ev: LineEvent) => {
    // Copy now: a line's bytes are only valid during the call.
    seen.push({ kind: ev.kind, text: ev.kind === 'line' ? ev.bytes.toString() : `${ev.length}`, end: ev.end });
  });
  return { seen, ...r };
}

describe('readLines', () => {
  it('gives the same lines and offsets whatever the chunk size', () => {
    const content = 'alpha\nbe\n\ngamma-delta-epsilon\nz\ntail-without-newline';
    const f = file(content);
    const expected = collect(f, 0, content.length, 1 << 20);
    expect(expected.seen.map((l) => l.text)).toEqual(['alpha', 'be', '', 'gamma-delta-epsilon', 'z']);
    expect(expected.offset).toBe(content.indexOf('tail'));
    for (const chunk of [1, 2, 3, 5, 7, 16]) expect(collect(f, 0, content.length, chunk)).toEqual(expected);
  });

  it('reports a line over the bound by its length and goes on, across chunk edges', () => {
    const content = 'short\n' + 'x'.repeat(50) + '\nafter\n';
    const f = file(content);
    for (const chunk of [4, 9, 64]) {
      const r = collect(f, 0, content.length, chunk, 20);
      expect(r.seen.map((l) => [l.kind, l.text])).toEqual([['line', 'short'], ['oversize', '50'], ['line', 'after']]);
      expect(r.offset).toBe(content.length);
    }
  });

  it('starts at an offset and stops at the end it was given', () => {
    const content = 'one\ntwo\nthree\n';
    const f = file(content);
    expect(collect(f, 4, 8, 3).seen.map((l) => l.text)).toEqual(['two']);
  });
});
