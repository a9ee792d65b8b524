import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportSource } from './types';

/** A folder the importer reads, and which tool wrote it. */
export interface ImportRoot {
  readonly path: string;
  readonly source: ImportSource;
}

const MAX_DEPTH = 8;

/**
 * Every `*.jsonl` under a root, depth-bounded, not following symlinks.
 * Claude Code's `subagents/` folders hold sidechain-only transcripts (a
 * subagent's own traffic), which are not sessions of their own here.
 * A missing or unreadable folder yields nothing.
 */
export function* transcriptFiles(root: ImportRoot): Generator<string> {
  const stack: Array<{ dir: string; depth: number }> = [{ dir: root.path, depth: 0 }];
  while (stack.length > 0) {
    const { dir, depth } = stack.pop() as { dir: string; depth: number };
    let names;
    try {
      names = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const d of names) {
      if (d.isDirectory()) {
        if (depth + 1 > MAX_DEPTH) continue;
        if (root.source === 'claude-code' && d.name === 'subagents') continue;
        stack.push({ dir: join(dir, d.name), depth: depth + 1 });
      } else if (d.isFile() && d.name.endsWith('.jsonl')) {
        yield join(dir, d.name);
      }
    }
  }
}

/** The same walk without blocking the thread it runs on (main's quick look for changes). */
export async function* transcriptFilesAsync(root: ImportRoot): AsyncGenerator<string> {
  const { readdir } = await import('node:fs/promises');
  const stack: Array<{ dir: string; depth: number }> = [{ dir: root.path, depth: 0 }];
  while (stack.length > 0) {
    const { dir, depth } = stack.pop() as { dir: string; depth: number };
    let names;
    try {
      names = await readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const d of names) {
      if (d.isDirectory()) {
        if (depth + 1 > MAX_DEPTH) continue;
        if (root.source === 'claude-code' && d.name === 'subagents') continue;
        stack.push({ dir: join(dir, d.name), depth: depth + 1 });
      } else if (d.isFile() && d.name.endsWith('.jsonl')) {
        yield join(dir, d.name);
      }
    }
  }
}
