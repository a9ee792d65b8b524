import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readWorktreeRecord } from '../../src/main/core/git/record';
import type { Harness } from '../unit/core/harness';

/** "Work in a new git worktree" on, no files copied, no setup command. */
export const WORKTREE_ON = { enabled: true, copyPatterns: [], setupCommand: '' };

/** A new session of `kind` in its own worktree of `repo`, through `sessions:create`: its id, folder and branch. */
export async function worktreeSession(h: Harness, repo: string, kind: 'terminal' | 'chat' = 'terminal'): Promise<{ id: string; path: string; branch: string }> {
  const row = await h.ok('sessions:create', { kind, folder: repo, worktree: WORKTREE_ON });
  const record = readWorktreeRecord(h.core.services.store, row.id);
  if (!record) throw new Error('no worktree');
  return { id: row.id, path: record.path, branch: record.branch };
}

/** Writes `text` to `rel` under `dir`, making its folders. */
export function writeIn(dir: string, rel: string, text: string): void {
  mkdirSync(join(dir, rel, '..'), { recursive: true });
  writeFileSync(join(dir, rel), text);
}
