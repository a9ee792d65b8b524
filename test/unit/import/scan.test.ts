// scan.ts: the order files are imported in, and the quick look for changes at a later start.
import { appendFileSync, mkdirSync, mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILE_IMPORT_OPTIONS, type FileCursor, type ImportBatch } from '../../../src/main/core/agents/import/fileImporter';
import { anyChange, scanRoots } from '../../../src/main/core/agents/import/scan';
import { emptyFacts } from '../../../src/main/core/agents/import/types';
import type { ImportRoot } from '../../../src/main/core/agents/import/walk';

const user = (text: string) => JSON.stringify({ type: 'user', sessionId: 's', cwd: '/w', timestamp: '2026-11-01T10:00:00Z', message: { role: 'user', content: text } }) + '\n';

/** `n` transcripts over a few folders; file i is i hours older than file 0, whatever its name. */
function history(n: number): { root: ImportRoot; files: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'sd-scan-'));
  const files: string[] = [];
  for (let i = 0; i < n; i++) {
    const folder = join(dir, `-home-dev-p${(i * 7) % 5}`);
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `${String((i * 37) % 101).padStart(3, '0')}-${i}.jsonl`);
    writeFileSync(file, user(`hello ${i}`));
    const at = Date.UTC(2026, 10, 30) / 1000 - i * 3_600;
    utimesSync(file, at, at);
    files.push(file);
  }
  return { root: { path: dir, source: 'claude-code' }, files };
}

const cursorOf = (path: string): FileCursor => {
  const st = statSync(path);
  return { path, source: 'claude-code', size: st.size, mtimeMs: st.mtimeMs, ino: st.ino, offset: st.size, facts: emptyFacts() };
};

describe('scan', () => {
  it('imports the changed files newest first, whatever their folders and names', async () => {
    const h = history(12);
    const seen: string[] = [];
    const result = await scanRoots([h.root], [cursorOf(h.files[3]!)], DEFAULT_FILE_IMPORT_OPTIONS, async (b: ImportBatch) => {
      if (b.last) seen.push(b.cursor.path);
    });
    expect(result.counts.files).toBe(12);
    expect(result.counts.filesUnchanged).toBe(1);
    expect(seen).toEqual(h.files.filter((_, i) => i !== 3));
  });

  it('a later start sees no change in a large unchanged history, and sees a grown, a new or a vanished-then-new file', async () => {
    const h = history(150); // more than one wave of stats
    const cursors = h.files.map(cursorOf);
    expect(await anyChange([h.root], cursors)).toBe(false);
    // One file grows, whichever wave of stats it falls in.
    appendFileSync(h.files[149]!, user('more'));
    expect(await anyChange([h.root], cursors)).toBe(true);
    // A file nobody knew.
    const fresh = history(1);
    expect(await anyChange([h.root, fresh.root], h.files.map(cursorOf))).toBe(true);
  });
});
