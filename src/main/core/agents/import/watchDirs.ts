import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportRoot } from './walk';

/** At most this many folders are watched (inotify watches are a per-user budget). */
export const MAX_WATCHED_DIRS = 1_000;

function subdirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

/**
 * The folders worth a (non-recursive) watch: where new lines land. Claude
 * Code writes `projects/<folder>/<session>.jsonl`: the root (new projects)
 * and each project folder. Codex writes `sessions/YYYY/MM/DD/`: the root and
 * the newest folder at each level (today's). Anything missed is caught by the
 * periodic rescan.
 */
export function foldersToWatch(root: ImportRoot): string[] {
  const out = [root.path];
  if (root.source === 'claude-code') {
    for (const name of subdirs(root.path)) {
      if (out.length >= MAX_WATCHED_DIRS) break;
      out.push(join(root.path, name));
    }
    return out;
  }
  let dir = root.path;
  for (let depth = 0; depth < 3; depth += 1) {
    const newest = subdirs(dir).at(-1);
    if (!newest) break;
    dir = join(dir, newest);
    out.push(dir);
  }
  return out;
}
