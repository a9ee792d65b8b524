import { lstat, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChangedFile, ChangeStatus } from '../../../shared/ipc/git';
import { AppError } from '../../../shared/result';
import type { WorktreeRecord } from './record';
import type { GitRepo } from './repo';
import { GitError } from './run';

/*
 * What a session changed in its worktree (issue 10 §2): every file that differs
 * from the fork point (the merge-base of the base branch and HEAD), committed on
 * the branch or not, staged, unstaged and untracked, with line counts; and one
 * file's diff. All through git (`-z` outputs, so any path works).
 */

/** The list is bounded: a generated tree of 100,000 files does not become 100,000 rows. */
export const MAX_FILES = 3_000;
/** One file's diff shown at most this big (cut at a hunk boundary). */
export const MAX_DIFF_BYTES = 1024 * 1024;
/** Full texts sent along for highlighting only up to this size each. */
export const MAX_CONTENT_BYTES = 256 * 1024;
/** Untracked files are counted by reading them; larger ones are not counted. */
const MAX_COUNT_BYTES = 32 * 1024 * 1024;
/** Queries are bounded tighter than git's default: a row's counts must not wait long. */
const QUERY_MS = 20_000;

export interface ChangeList {
  readonly forkCommit: string;
  readonly files: ChangedFile[];
  readonly truncated: boolean;
}

/** The commit the session's branch left its base: merge-base with the base branch (if it still exists), else the recorded base commit. */
export async function forkPoint(wt: GitRepo, record: Pick<WorktreeRecord, 'baseBranch' | 'baseCommit'>): Promise<string> {
  const base = record.baseBranch && (await wt.commitOf(`refs/heads/${record.baseBranch}`)) ? `refs/heads/${record.baseBranch}` : record.baseCommit;
  try {
    return (await wt.run(['merge-base', base, 'HEAD'], QUERY_MS)).trim() || record.baseCommit;
  } catch (err) {
    // No common ancestor (history rewritten): the recorded base is still the honest starting point.
    if (err instanceof GitError && err.reason === 'exit') return record.baseCommit;
    throw err;
  }
}

interface RawItem {
  status: ChangeStatus;
  path: string;
  oldPath: string | null;
}

const STATUS: Record<string, ChangeStatus> = { A: 'added', M: 'modified', D: 'deleted', R: 'renamed', C: 'added', T: 'typechange', U: 'modified' };

/**
 * `git diff -z --raw --numstat`: raw records (`:modes shas STATUS\0path\0`, two paths for R/C)
 * then numstat records (`added\tremoved\tpath\0`, or `added\tremoved\t\0old\0new\0`).
 */
export function parseRawNumstat(out: string): Array<RawItem & { added: number | null; removed: number | null }> {
  const fields = out.split('\0');
  const raw: RawItem[] = [];
  const counts = new Map<string, { added: number | null; removed: number | null }>();
  const num = (s: string | undefined): number | null => (s === undefined || s === '-' ? null : Number(s));
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i] ?? '';
    if (f === '') continue;
    if (f.startsWith(':')) {
      const letter = (f.split(' ')[4] ?? '').charAt(0);
      if (letter === 'R' || letter === 'C') {
        const oldPath = fields[i + 1] ?? '';
        const path = fields[i + 2] ?? '';
        raw.push({ status: STATUS[letter] ?? 'modified', path, oldPath: letter === 'R' ? oldPath : null });
        i += 2;
      } else {
        raw.push({ status: STATUS[letter] ?? 'modified', path: fields[i + 1] ?? '', oldPath: null });
        i += 1;
      }
      continue;
    }
    const [a, r, ...rest] = f.split('\t');
    let path = rest.join('\t');
    if (path === '') {
      path = fields[i + 2] ?? '';
      i += 2;
    }
    counts.set(path, { added: num(a), removed: num(r) });
  }
  return raw.map((item) => ({ ...item, ...(counts.get(item.path) ?? { added: null, removed: null }) }));
}

/** Lines in a file as git counts them (a last line without a newline counts); binary when a NUL is in its first 8000 bytes. */
export async function countFileLines(abs: string): Promise<{ binary: boolean; lines: number | null }> {
  const st = await lstat(abs);
  if (st.isSymbolicLink()) return { binary: false, lines: 1 };
  if (!st.isFile()) return { binary: true, lines: null };
  if (st.size === 0) return { binary: false, lines: 0 };
  const fh = await open(abs, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    let lines = 0;
    let last = 0x0a;
    let offset = 0;
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, offset);
      if (bytesRead === 0) break;
      if (offset === 0 && buf.subarray(0, Math.min(bytesRead, 8000)).includes(0)) return { binary: true, lines: null };
      for (let i = 0; i < bytesRead; i++) if (buf[i] === 0x0a) lines++;
      last = buf[bytesRead - 1] ?? last;
      offset += bytesRead;
      if (offset >= MAX_COUNT_BYTES) return { binary: false, lines: null };
    }
    return { binary: false, lines: lines + (last === 0x0a ? 0 : 1) };
  } finally {
    await fh.close();
  }
}

/** Every file changed since `fork` in the worktree: tracked changes (renames found) and untracked files not ignored. */
export async function listChanges(wt: GitRepo, fork: string): Promise<ChangeList> {
  const [diffOut, untrackedOut] = await Promise.all([
    wt.run(['diff', '-z', '--raw', '--numstat', '-M', '--no-ext-diff', '--no-textconv', fork, '--'], QUERY_MS),
    wt.run(['ls-files', '-z', '--others', '--exclude-standard'], QUERY_MS),
  ]);
  const files: ChangedFile[] = parseRawNumstat(diffOut).map((item) => ({
    path: item.path,
    oldPath: item.oldPath,
    status: item.status,
    untracked: false,
    binary: item.added === null && item.removed === null,
    added: item.added,
    removed: item.removed,
  }));
  const seen = new Set(files.map((f) => f.path));
  const untracked = untrackedOut.split('\0').filter((p) => p !== '' && !seen.has(p));
  const room = Math.max(0, MAX_FILES - files.length);
  const counted = untracked.slice(0, room);
  // A few at a time: counting reads the files.
  for (let i = 0; i < counted.length; i += 8) {
    const batch = await Promise.all(
      counted.slice(i, i + 8).map(async (path): Promise<ChangedFile> => {
        const c = await countFileLines(join(wt.dir, path)).catch(() => ({ binary: false, lines: null }));
        return { path, oldPath: null, status: 'added', untracked: true, binary: c.binary, added: c.lines, removed: c.lines === null ? null : 0 };
      }),
    );
    files.push(...batch);
  }
  const truncated = files.length > MAX_FILES || untracked.length > counted.length;
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { forkCommit: fork, files: files.slice(0, MAX_FILES), truncated };
}

export function totals(files: readonly ChangedFile[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const f of files) {
    added += f.added ?? 0;
    removed += f.removed ?? 0;
  }
  return { added, removed };
}

/** A diff cut to `max` bytes at the last hunk (or file) boundary that fits. */
export function boundDiff(diff: string, max = MAX_DIFF_BYTES): { diff: string; truncated: boolean } {
  if (Buffer.byteLength(diff) <= max) return { diff, truncated: false };
  const head = Buffer.from(diff).subarray(0, max).toString('utf8');
  const cut = head.lastIndexOf('\n@@ ');
  return { diff: cut > 0 ? head.slice(0, cut + 1) : '', truncated: true };
}

/**
 * One changed file's diff against the fork point. `path` must be one of the listed files
 * (so nothing outside the worktree, and no option-looking argument, reaches git).
 */
export async function fileDiff(
  wt: GitRepo,
  list: ChangeList,
  path: string,
): Promise<{ file: ChangedFile; diff: string; truncated: boolean; oldContent: string | null; newContent: string | null }> {
  const file = list.files.find((f) => f.path === path);
  if (!file) throw new AppError('NOT_FOUND', `${path} is not one of this session's changed files.`);
  if (file.binary) return { file, diff: '', truncated: false, oldContent: null, newContent: null };
  const common = ['--no-color', '--no-ext-diff', '--no-textconv', '--src-prefix=a/', '--dst-prefix=b/'];
  const out = file.untracked
    ? await wt.run(['diff', '--no-index', ...common, '--', '/dev/null', file.path], QUERY_MS, [1])
    : await wt.run(['diff', '-M', ...common, list.forkCommit, '--', ...(file.oldPath ? [file.oldPath] : []), file.path], QUERY_MS);
  const bounded = boundDiff(out);
  const [oldContent, newContent] = bounded.truncated
    ? [null, null]
    : await Promise.all([oldText(wt, list.forkCommit, file), newText(wt, file)]);
  return { file, diff: bounded.diff, truncated: bounded.truncated, oldContent, newContent };
}

async function oldText(wt: GitRepo, fork: string, file: ChangedFile): Promise<string | null> {
  if (file.status === 'added') return '';
  const spec = `${fork}:${file.oldPath ?? file.path}`;
  try {
    if (Number((await wt.run(['cat-file', '-s', spec], QUERY_MS)).trim()) > MAX_CONTENT_BYTES) return null;
    return await wt.run(['cat-file', 'blob', spec], QUERY_MS);
  } catch (err) {
    if (err instanceof GitError && err.reason === 'exit') return null;
    throw err;
  }
}

async function newText(wt: GitRepo, file: ChangedFile): Promise<string | null> {
  if (file.status === 'deleted') return '';
  const abs = join(wt.dir, file.path);
  try {
    const st = await lstat(abs);
    if (!st.isFile() || st.size > MAX_CONTENT_BYTES) return null;
    return await readFile(abs, 'utf8');
  } catch {
    return null;
  }
}
