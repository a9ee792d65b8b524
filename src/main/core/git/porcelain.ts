/* Parsers for git's machine-readable outputs (pure; tested on their own). */

export interface WorktreeListItem {
  readonly path: string;
  readonly head: string | null;
  /** Short branch name (`refs/heads/` removed), or null when detached. */
  readonly branch: string | null;
  readonly bare: boolean;
  readonly detached: boolean;
  /** The worktree's folder is gone (git says `prunable`). */
  readonly prunable: boolean;
}

/** `git worktree list --porcelain -z`: records separated by an empty field. */
export function parseWorktreeList(out: string): WorktreeListItem[] {
  const items: WorktreeListItem[] = [];
  let cur: { path: string; head: string | null; branch: string | null; bare: boolean; detached: boolean; prunable: boolean } | null = null;
  for (const field of out.split('\0')) {
    if (field === '') {
      if (cur) items.push(cur);
      cur = null;
      continue;
    }
    const space = field.indexOf(' ');
    const key = space < 0 ? field : field.slice(0, space);
    const value = space < 0 ? '' : field.slice(space + 1);
    if (key === 'worktree') {
      if (cur) items.push(cur);
      cur = { path: value, head: null, branch: null, bare: false, detached: false, prunable: false };
    } else if (cur) {
      if (key === 'HEAD') cur.head = value;
      else if (key === 'branch') cur.branch = value.replace(/^refs\/heads\//, '');
      else if (key === 'bare') cur.bare = true;
      else if (key === 'detached') cur.detached = true;
      else if (key === 'prunable') cur.prunable = true;
    }
  }
  if (cur) items.push(cur);
  return items;
}

export interface StatusSummary {
  /** Tracked files with staged or unstaged changes (renames count once). */
  readonly changed: number;
  readonly untracked: number;
  readonly conflicted: number;
  /** Every path mentioned, in git's order. */
  readonly paths: readonly string[];
}

/** `git status --porcelain=v2 -z` (no branch headers). */
export function parseStatusV2(out: string): StatusSummary {
  const fields = out.split('\0');
  let changed = 0;
  let untracked = 0;
  let conflicted = 0;
  const paths: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i] ?? '';
    if (f === '' || f.startsWith('#')) continue;
    const kind = f[0];
    if (kind === '1') {
      changed++;
      paths.push(f.split(' ').slice(8).join(' '));
    } else if (kind === '2') {
      changed++;
      paths.push(f.split(' ').slice(9).join(' '));
      i++; // the original path follows as its own field
    } else if (kind === 'u') {
      conflicted++;
      paths.push(f.split(' ').slice(10).join(' '));
    } else if (kind === '?') {
      untracked++;
      paths.push(f.slice(2));
    }
  }
  return { changed, untracked, conflicted, paths };
}

export interface NumstatItem {
  readonly path: string;
  /** null for a binary file. */
  readonly added: number | null;
  readonly removed: number | null;
}

/** `git diff --numstat -z`: `added\tremoved\tpath\0`, or for a rename `added\tremoved\t\0old\0new\0`. */
export function parseNumstat(out: string): NumstatItem[] {
  const fields = out.split('\0');
  const items: NumstatItem[] = [];
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i] ?? '';
    if (f === '') continue;
    const [a, r, ...rest] = f.split('\t');
    let path = rest.join('\t');
    if (path === '') {
      // rename: the next two fields are the old and new paths
      path = fields[i + 2] ?? '';
      i += 2;
    }
    const num = (s: string | undefined): number | null => (s === undefined || s === '-' ? null : Number(s));
    items.push({ path, added: num(a), removed: num(r) });
  }
  return items;
}

/** One path of `git status --porcelain=v2 -z`, with what happened to it (the Commit dialog's list). */
export interface StatusFile {
  readonly path: string;
  readonly how: 'modified' | 'new' | 'deleted' | 'renamed' | 'conflicted';
}

/** The same output as `parseStatusV2`, file by file. */
export function parseStatusFiles(out: string): StatusFile[] {
  const fields = out.split('\0');
  const files: StatusFile[] = [];
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i] ?? '';
    const xy = f.slice(2, 4);
    if (f.startsWith('1 ')) {
      const how = xy.includes('D') ? 'deleted' : xy.includes('A') ? 'new' : 'modified';
      files.push({ path: f.split(' ').slice(8).join(' '), how });
    } else if (f.startsWith('2 ')) {
      files.push({ path: f.split(' ').slice(9).join(' '), how: 'renamed' });
      i++; // the original path follows as its own field
    } else if (f.startsWith('u ')) {
      files.push({ path: f.split(' ').slice(10).join(' '), how: 'conflicted' });
    } else if (f.startsWith('? ')) {
      files.push({ path: f.slice(2), how: 'new' });
    }
  }
  return files;
}
