import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportSource } from './types';

/** A folder the importer reads, and which tool wrote it. */
export interface ImportRoot {
  readonly path: string;
  readonly source: ImportSource;
}

const MAX_DEPTH = 8;

interface Folder {
  readonly dir: string;
  readonly depth: number;
}

type Entry = { readonly name: string; isDirectory(): boolean; isFile(): boolean };

/** One folder entry, for both walks: a sub-folder to visit later, a transcript to yield, or nothing. */
function* visit(root: ImportRoot, at: Folder, d: Entry, stack: Folder[]): Generator<string> {
  if (d.isDirectory()) {
    if (at.depth + 1 > MAX_DEPTH) return;
    if (root.source === 'claude-code' && d.name === 'subagents') return;
    stack.push({ dir: join(at.dir, d.name), depth: at.depth + 1 });
  } else if (d.isFile() && d.name.endsWith('.jsonl')) {
    yield join(at.dir, d.name);
  }
}

/**
 * Every `*.jsonl` under a root, depth-bounded, not following symlinks.
 * Claude Code's `subagents/` folders hold sidechain-only transcripts (a
 * subagent's own traffic), which are not sessions of their own here.
 * A missing or unreadable folder yields nothing.
 */
export function* transcriptFiles(root: ImportRoot): Generator<string> {
  const stack: Folder[] = [{ dir: root.path, depth: 0 }];
  while (stack.length > 0) {
    const { dir, depth } = stack.pop() as Folder;
    let names;
    try {
      names = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const d of names) yield* visit(root, { dir, depth }, d, stack);
  }
}

/** The same walk without blocking the thread it runs on (main's quick look for changes). */
export async function* transcriptFilesAsync(root: ImportRoot): AsyncGenerator<string> {
  const { readdir } = await import('node:fs/promises');
  const stack: Folder[] = [{ dir: root.path, depth: 0 }];
  while (stack.length > 0) {
    const { dir, depth } = stack.pop() as Folder;
    let names;
    try {
      names = await readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const d of names) yield* visit(root, { dir, depth }, d, stack);
  }
}
