import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldersToWatch } from '../../../src/main/core/agents/import/watchDirs';

describe('foldersToWatch', () => {
  it('watches the Claude Code root and each project folder', () => {
    const root = mkdtempSync(join(tmpdir(), 'sd-watch-'));
    for (const p of ['-home-b', '-home-a']) mkdirSync(join(root, p));
    expect(foldersToWatch({ path: root, source: 'claude-code' })).toEqual([root, join(root, '-home-a'), join(root, '-home-b')]);
  });
  it("watches Codex's root and the newest date folders (today's)", () => {
    const root = mkdtempSync(join(tmpdir(), 'sd-watch-'));
    for (const d of ['2025/12/01', '2026/01/05', '2026/01/07']) mkdirSync(join(root, d), { recursive: true });
    expect(foldersToWatch({ path: root, source: 'codex' })).toEqual([root, join(root, '2026'), join(root, '2026/01'), join(root, '2026/01/07')]);
  });
  it('is just the root when it does not exist yet', () => {
    expect(foldersToWatch({ path: '/nonexistent/sd', source: 'codex' })).toEqual(['/nonexistent/sd']);
  });
});
