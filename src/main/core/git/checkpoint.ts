import { lstatSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppError } from '../../../shared/result';
import { addTrackedIgnored, dropStaleUntracked, keepIndex, markKeptIndexInUse, openKeptIndex, withKeptIndexLock, type KeptIndex } from './checkpointIndex';
import { GitError, runGit, type GitRunOptions } from './run';

/*
 * A checkpoint of a session's working tree (issue 36): tracked and untracked files, `.gitignore`
 * honoured, recorded with plumbing only. `git add -A` runs against the session's own index beside the
 * user's (seeded from it, then kept between checkpoints: `checkpointIndex.ts`, so files whose stat is
 * unchanged, tracked or untracked, are not hashed again) through GIT_INDEX_FILE, then `write-tree` and
 * `commit-tree`. The user's index, HEAD, branches and stash are
 * never touched. Each session has one private ref, `refs/swarmdesk/checkpoints/<session>`, moved by a
 * compare-and-swap `update-ref`; its commits chain by first parent (the first one's parent is the HEAD
 * of the time, so its diff is what the turn changed since the last commit).
 */

export const CHECKPOINT_REF_PREFIX = 'refs/swarmdesk/checkpoints/';
/** Untracked files larger than this are left out of a checkpoint, and the checkpoint says so. */
export const MAX_UNTRACKED_BYTES = 10 * 1024 * 1024;
/**
 * More untracked (not ignored) files than this and no checkpoint is taken: a session in a folder such as a
 * home directory under git would hash all of them at every turn.
 */
export const MAX_UNTRACKED_FILES = 20_000;
/** Adding a big tree's files can take a while; a query is quicker. */
const ADD_MS = 5 * 60_000;
const QUERY_MS = 20_000;
/** A turn's diff beyond this is cut (at a line) and marked truncated. */
const MAX_DIFF_CHARS = 1024 * 1024;

/** The checkpoint commits' identity: never the user's, so nothing depends on their git config. */
const CHECKPOINT_IDENTITY = { name: 'Swarmdesk', email: 'checkpoints@swarmdesk.invalid' };
const SUBJECT = 'Swarmdesk checkpoint';
const TRAILER = { session: 'Swarmdesk-Session', turn: 'Swarmdesk-Turn', time: 'Swarmdesk-Time', skipped: 'Swarmdesk-Skipped' } as const;

export interface SkippedFile {
  readonly path: string;
  readonly bytes: number;
}

export interface Checkpoint {
  readonly commit: string;
  /** The previous checkpoint, or the HEAD the first one was taken on (null in a repository without commits). */
  readonly parent: string | null;
  readonly tree: string;
  /** The turn marker the caller gave (a turn's entry id or number). */
  readonly turn: string;
  readonly at: string;
  readonly skipped: readonly SkippedFile[];
}

export type RecordResult =
  | { readonly recorded: true; readonly checkpoint: Checkpoint }
  /** The working tree is the same as the last checkpoint's: nothing new was written. */
  | { readonly recorded: false; readonly reason: 'unchanged'; readonly checkpoint: Checkpoint }
  | { readonly recorded: false; readonly reason: 'not-a-repository' }
  /** More untracked files than `MAX_UNTRACKED_FILES` (`untracked` says how many): nothing was written. */
  | { readonly recorded: false; readonly reason: 'too-many-untracked'; readonly untracked: number };

export interface TurnDiff {
  readonly checkpoint: Checkpoint;
  /** The unified diff of this checkpoint against its parent (renames found, no external diff tools). */
  readonly patch: string;
  readonly truncated: boolean;
}

/** A session id as a ref component: letters, digits, `-`, `_`, `.` (never `..` or a leading dot). */
export function checkpointRef(sessionId: string): string {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/.test(sessionId) || sessionId.includes('..') || sessionId.endsWith('.lock')) {
    throw new AppError('BAD_INPUT', `"${sessionId}" cannot name a checkpoint ref.`);
  }
  return CHECKPOINT_REF_PREFIX + sessionId;
}

function git(dir: string, args: readonly string[], options: GitRunOptions, timeoutMs = QUERY_MS): Promise<string> {
  return runGit(dir, args, { ...options, timeoutMs });
}

async function commitOf(dir: string, rev: string, options: GitRunOptions): Promise<string | null> {
  try {
    return (await git(dir, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], options)).trim() || null;
  } catch (err) {
    if (err instanceof GitError && err.exitCode === 1) return null;
    throw err;
  }
}

async function toplevel(dir: string, options: GitRunOptions): Promise<string | null> {
  try {
    return (await git(dir, ['rev-parse', '--show-toplevel'], options)).trim() || null;
  } catch (err) {
    if (err instanceof GitError && err.reason === 'exit') return null;
    throw err;
  }
}

function message(sessionId: string, turn: string, at: string, skipped: readonly SkippedFile[]): string {
  const lines = [`${TRAILER.session}: ${sessionId}`, `${TRAILER.turn}: ${JSON.stringify(turn)}`, `${TRAILER.time}: ${at}`];
  for (const s of skipped) lines.push(`${TRAILER.skipped}: ${s.bytes} ${JSON.stringify(s.path)}`);
  return `${SUBJECT}: turn ${turn.replace(/\s+/g, ' ').slice(0, 80)}\n\n${lines.join('\n')}\n`;
}

/** Reads back a checkpoint commit's message; null when the commit is no checkpoint of `sessionId`. */
export function parseCheckpointMessage(body: string, sessionId: string): { turn: string; at: string; skipped: SkippedFile[] } | null {
  const values = (key: string): string[] =>
    body
      .split('\n')
      .filter((l) => l.startsWith(`${key}: `))
      .map((l) => l.slice(key.length + 2));
  if (!body.startsWith(SUBJECT) || values(TRAILER.session)[0] !== sessionId) return null;
  const turnRaw = values(TRAILER.turn)[0];
  const skipped: SkippedFile[] = [];
  for (const v of values(TRAILER.skipped)) {
    const m = /^(\d+) (".*")$/.exec(v);
    if (m) skipped.push({ bytes: Number(m[1]), path: JSON.parse(m[2] ?? '""') as string });
  }
  return { turn: turnRaw ? (JSON.parse(turnRaw) as string) : '', at: values(TRAILER.time)[0] ?? '', skipped };
}

/** The top level of the working tree holding `folder` and its real index, or null outside git. */
async function whereIs(folder: string, options: GitRunOptions): Promise<{ top: string; realIndex: string } | null> {
  let out: string;
  try {
    out = await git(folder, ['rev-parse', '--show-toplevel', '--git-path', 'index'], options);
  } catch (err) {
    if (err instanceof GitError && err.reason === 'exit') return null;
    throw err;
  }
  const [top = '', index = ''] = out.split('\n');
  // --git-path answers relative to the folder asked in (or absolute).
  return top && index ? { top, realIndex: resolve(folder, index) } : null;
}

type Settled<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };
const settle = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
function valueOf<T>(s: Settled<T>): T {
  if (!s.ok) throw s.error;
  return s.value;
}

/** The session's last checkpoint (its ref's commit and what it says), in one call. */
async function lastCheckpoint(top: string, ref: string, sessionId: string, options: GitRunOptions): Promise<{ commit: string | null; checkpoint: Checkpoint | null }> {
  const out = await git(top, ['for-each-ref', '--format=%(objectname)%00%(objecttype)%00%(parent)%00%(tree)%00%(contents)', ref], options);
  if (!out) return { commit: null, checkpoint: null };
  const [commit = '', type = '', parents = '', tree = '', body = ''] = out.split('\0');
  if (type !== 'commit') return { commit: null, checkpoint: null };
  const parsed = parseCheckpointMessage(body, sessionId);
  return { commit, checkpoint: parsed ? { commit, parent: parents.split(' ')[0] || null, tree, ...parsed } : null };
}

/**
 * Of `paths` (relative to `top`), the files over the size limit. Synchronous `lstat`s, 2,000 between yields to
 * the event loop: thousands of promised ones through libuv's thread pool took 4 to 20 times as long.
 */
async function oversizedOf(top: string, paths: readonly string[]): Promise<SkippedFile[]> {
  const skipped: SkippedFile[] = [];
  for (let i = 0; i < paths.length; i += 2_000) {
    if (i > 0) await new Promise((r) => setImmediate(r));
    for (const path of paths.slice(i, i + 2_000)) {
      const s = lstatSync(join(top, path), { throwIfNoEntry: false });
      if (s?.isFile() && s.size > MAX_UNTRACKED_BYTES) skipped.push({ path, bytes: s.size });
    }
  }
  return skipped;
}

/**
 * Records the working tree holding `folder` as the next checkpoint of `sessionId`. Not a repository:
 * `not-a-repository`; the same tree as the last checkpoint: `unchanged` (nothing written).
 *
 * The tree is read through the session's kept index (`checkpointIndex.ts`): seeded from the real index, then
 * kept between checkpoints, so files whose stat is unchanged (tracked or untracked) are not hashed again.
 */
export async function recordCheckpoint(
  folder: string,
  sessionId: string,
  turn: string,
  options: GitRunOptions & { readonly now?: Date; readonly maxUntrackedFiles?: number } = {},
): Promise<RecordResult> {
  const ref = checkpointRef(sessionId);
  // The three questions asked at once (each git call is a process: their start-up is much of a checkpoint's cost).
  const [where, listed, lastSeen] = await Promise.all([
    whereIs(folder, options),
    settle(git(folder, ['ls-files', '-z', '--others', '--exclude-standard', '--full-name', '--', ':/'], options, ADD_MS)),
    settle(lastCheckpoint(folder, ref, sessionId, options)),
  ]);
  if (!where) return { recorded: false, reason: 'not-a-repository' };
  const { top, realIndex } = where;
  const untracked = valueOf(listed).split('\0').filter(Boolean);
  return withKeptIndexLock(realIndex, sessionId, async (waited) => {
    // Another checkpoint of this session ran meanwhile: its ref has moved.
    const [last, opened] = await Promise.all([waited ? lastCheckpoint(top, ref, sessionId, options) : valueOf(lastSeen), openKeptIndex(top, realIndex, sessionId, options)]);
    if (untracked.length > (options.maxUntrackedFiles ?? MAX_UNTRACKED_FILES)) return { recorded: false, reason: 'too-many-untracked', untracked: untracked.length };
    const skipped = await oversizedOf(top, untracked);
    const skippedPaths = new Set(skipped.map((s) => s.path));
    const toRecord = untracked.filter((p) => !skippedPaths.has(p));
    const excludes = skipped.map((s) => `:(top,exclude,literal)${s.path}`);

    /** The tree of the working tree, read into `kept`. */
    const treeInto = async (kept: KeptIndex): Promise<string> => {
      const env: GitRunOptions = { ...options, env: { ...(options.env ?? process.env), GIT_INDEX_FILE: kept.path } };
      await markKeptIndexInUse(realIndex, sessionId);
      await dropStaleUntracked(top, kept, new Set(toRecord), env);
      await git(top, ['add', '--all', '--ignore-errors', '--', ':/', ...excludes], env, ADD_MS);
      await addTrackedIgnored(top, kept, env, ADD_MS);
      return (await git(top, ['write-tree'], env)).trim();
    };
    let kept = opened;
    let tree: string;
    try {
      tree = await treeInto(kept);
    } catch (err) {
      // A kept index git cannot use (its objects pruned, say): once more from the real index.
      if (kept.seeded || !(err instanceof GitError && err.reason === 'exit')) throw err;
      kept = await openKeptIndex(top, realIndex, sessionId, options, true);
      tree = await treeInto(kept);
    }
    const previous = last.checkpoint;
    if (previous && previous.tree === tree) {
      await keepIndex(realIndex, sessionId, kept, toRecord);
      return { recorded: false, reason: 'unchanged', checkpoint: previous };
    }
    const parent = last.commit ?? (await commitOf(top, 'HEAD', options));
    const at = (options.now ?? new Date()).toISOString();
    const who = {
      GIT_AUTHOR_NAME: CHECKPOINT_IDENTITY.name,
      GIT_AUTHOR_EMAIL: CHECKPOINT_IDENTITY.email,
      GIT_COMMITTER_NAME: CHECKPOINT_IDENTITY.name,
      GIT_COMMITTER_EMAIL: CHECKPOINT_IDENTITY.email,
      GIT_AUTHOR_DATE: at,
      GIT_COMMITTER_DATE: at,
    };
    const commitEnv: GitRunOptions = { ...options, env: { ...(options.env ?? process.env), ...who } };
    const args = ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', message(sessionId, turn, at, skipped)];
    const commit = (await git(top, args, commitEnv)).trim();
    // Compare-and-swap: '' as the old value means the ref must not exist yet.
    await git(top, ['update-ref', '-m', `swarmdesk: checkpoint turn ${turn}`, ref, commit, last.commit ?? ''], options);
    await keepIndex(realIndex, sessionId, kept, toRecord);
    return { recorded: true, checkpoint: { commit, parent, tree, turn, at, skipped } };
  });
}

/** A session's checkpoints, newest first (at most `limit`). */
export async function listCheckpoints(folder: string, sessionId: string, options: GitRunOptions & { readonly limit?: number } = {}): Promise<Checkpoint[]> {
  const ref = checkpointRef(sessionId);
  const top = await toplevel(folder, options);
  if (!top || !(await commitOf(top, ref, options))) return [];
  const limit = options.limit ?? 1000;
  // The chain's end is the first commit that is not this session's checkpoint (the HEAD it started on).
  const out = await git(top, ['log', '--first-parent', `--max-count=${limit}`, '-z', '--format=%H%x1f%P%x1f%T%x1f%B', ref, '--'], options);
  const list: Checkpoint[] = [];
  for (const record of out.split('\0').filter(Boolean)) {
    const [commit = '', parents = '', tree = '', body = ''] = record.replace(/^\n/, '').split('\x1f');
    const parsed = parseCheckpointMessage(body, sessionId);
    if (!parsed) break;
    list.push({ commit, parent: parents.split(' ')[0] || null, tree, ...parsed });
  }
  return list;
}

/** What the turn of checkpoint `commit` changed: its diff against its parent. Only a listed checkpoint is read. */
export async function checkpointDiff(folder: string, sessionId: string, commit: string, options: GitRunOptions = {}): Promise<TurnDiff> {
  const checkpoint = (await listCheckpoints(folder, sessionId, options)).find((c) => c.commit === commit);
  if (!checkpoint) throw new AppError('NOT_FOUND', `No checkpoint ${commit.slice(0, 12)} in this session.`);
  const top = (await toplevel(folder, options)) ?? folder;
  const common = ['--no-color', '--no-ext-diff', '--no-textconv', '-M'];
  const patch = checkpoint.parent
    ? await git(top, ['diff', ...common, checkpoint.parent, checkpoint.commit, '--'], options)
    : await git(top, ['show', ...common, '--format=', checkpoint.commit, '--'], options);
  if (patch.length <= MAX_DIFF_CHARS) return { checkpoint, patch, truncated: false };
  const cut = patch.lastIndexOf('\n', MAX_DIFF_CHARS);
  return { checkpoint, patch: patch.slice(0, cut + 1), truncated: true };
}
