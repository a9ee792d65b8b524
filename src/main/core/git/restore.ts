import { randomBytes } from 'node:crypto';
import { rm, rmdir, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { AppError } from '../../../shared/result';
import { checkpointRef, parseCheckpointMessage, recordCheckpoint, type Checkpoint } from './checkpoint';
import { GitError, runGit, type GitRunOptions } from './run';

/*
 * Restoring a session's checkpoint (issue 36): the FILES of the working tree go back to the checkpoint's
 * tree, nothing else. The present is recorded as a checkpoint first, so a restore is undone by restoring
 * that one. Plumbing only, against a temporary index (GIT_INDEX_FILE): `read-tree` of the checkpoint,
 * then `checkout-index -f` of the paths that differ from the present; paths the present has and the
 * checkpoint lacks are unlinked one by one. The user's index, HEAD, branch, stash and ignored files are
 * never touched: a path is only ever deleted when the present checkpoint holds it, and that checkpoint
 * never holds an ignored file (nor an untracked one skipped for its size).
 */

const QUERY_MS = 20_000;
const WRITE_MS = 5 * 60_000;
/** Paths per `checkout-index` call (the argument list stays well under the system's limit). */
const PATHS_PER_CALL = 400;
const GITLINK = '160000';

export interface RestoreResult {
  /** The checkpoint whose files were put back. */
  readonly restored: Checkpoint;
  /** The present as it was before the restore (restore it to undo). */
  readonly before: Checkpoint;
  /** Paths written from the checkpoint and paths deleted because the checkpoint lacks them. */
  readonly written: number;
  readonly deleted: number;
}

const git = (dir: string, args: readonly string[], options: GitRunOptions, timeoutMs = QUERY_MS): Promise<string> =>
  runGit(dir, args, { ...options, timeoutMs });

const short = (commit: string): string => commit.slice(0, 12);

function prunedError(commit: string): AppError {
  return new AppError(
    'NOT_FOUND',
    `The checkpoint ${short(commit)} was pruned: its files are no longer kept in the repository, so it cannot be restored.`,
  );
}

async function exists(top: string, object: string, options: GitRunOptions): Promise<boolean> {
  try {
    await git(top, ['cat-file', '-e', object], options);
    return true;
  } catch (err) {
    if (err instanceof GitError && err.reason === 'exit') return false;
    throw err;
  }
}

/** `commit` as a checkpoint of `sessionId` on its ref's chain; a clear error when it is not, or was pruned. */
async function checkpointOnChain(top: string, sessionId: string, commit: string, options: GitRunOptions): Promise<Checkpoint> {
  if (!/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(commit)) throw new AppError('BAD_INPUT', `"${commit}" is not a checkpoint's commit id.`);
  if (!(await exists(top, `${commit}^{commit}`, options))) throw prunedError(commit);
  const ref = checkpointRef(sessionId);
  try {
    await git(top, ['merge-base', '--is-ancestor', commit, ref], options);
  } catch (err) {
    if (err instanceof GitError && err.reason === 'exit') throw prunedError(commit); // cut off the chain by pruning (or never on it)
    throw err;
  }
  const out = await git(top, ['show', '-s', '--format=%H%x00%P%x00%T%x00%B', commit], options);
  const [hash = '', parents = '', tree = '', body = ''] = out.split('\0');
  const parsed = parseCheckpointMessage(body, sessionId);
  if (!parsed) throw new AppError('NOT_FOUND', `${short(commit)} is not a checkpoint of this session.`);
  return { commit: hash, parent: parents.split(' ')[0] || null, tree, ...parsed };
}

/** The paths where trees `from` and `to` differ: those `to` lacks (not submodules) and those it adds or changes. */
async function treeChanges(top: string, from: string, to: string, options: GitRunOptions): Promise<{ gone: string[]; changed: string[] }> {
  const out = await git(top, ['diff-tree', '-r', '-z', '--no-renames', '--raw', from, to], options, WRITE_MS);
  const fields = out.split('\0');
  const gone: string[] = [];
  const changed: string[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const meta = fields[i] ?? '';
    const path = fields[i + 1] ?? '';
    const m = /^:(\d{6}) (\d{6}) \S+ \S+ ([A-Z])/.exec(meta);
    if (!m || !path) continue;
    const [, oldMode, newMode, status] = m;
    if (status === 'D') {
      if (oldMode !== GITLINK) gone.push(path);
    } else if (newMode !== GITLINK) {
      changed.push(path);
    }
  }
  return { gone, changed };
}

/** Removes `path` (a file or link, never a folder) and then its parent folders that became empty, up to `top`. */
async function removeFile(top: string, path: string): Promise<boolean> {
  const full = join(top, path);
  try {
    await unlink(full);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EPERM' || code === 'ENOTDIR') return false;
    throw err;
  }
  for (let dir = dirname(full); dir.startsWith(top + '/') && dir !== top; dir = dirname(dir)) {
    try {
      await rmdir(dir); // only an empty folder
    } catch {
      break;
    }
  }
  return true;
}

/**
 * Puts the files of `sessionId`'s checkpoint `commit` back in the working tree holding `folder`, after
 * recording the present as the session's newest checkpoint (marker `turn`). Refused (CONFLICT) when the
 * present cannot be recorded, since the restore could then not be undone.
 */
export async function restoreCheckpoint(folder: string, sessionId: string, commit: string, turn: string, options: GitRunOptions = {}): Promise<RestoreResult> {
  let top: string;
  try {
    top = (await git(folder, ['rev-parse', '--show-toplevel'], options)).trim();
  } catch (err) {
    if (err instanceof GitError && err.reason === 'exit') throw new AppError('NOT_FOUND', 'This session’s folder is no longer in a git repository.');
    throw err;
  }
  const target = await checkpointOnChain(top, sessionId, commit, options);
  if (!(await exists(top, `${target.tree}^{tree}`, options))) throw prunedError(commit);

  const present = await recordCheckpoint(top, sessionId, turn, options);
  if (!present.recorded && present.reason !== 'unchanged') {
    throw new AppError(
      'CONFLICT',
      present.reason === 'too-many-untracked'
        ? `Not restored: the folder holds ${present.untracked} untracked files, too many to record the present first, so the restore could not be undone.`
        : 'Not restored: the present could not be recorded first.',
    );
  }
  const before = present.checkpoint;
  const { gone, changed } = await treeChanges(top, before.tree, target.tree, options);

  const realIndex = resolve(top, (await git(top, ['rev-parse', '--git-path', 'index'], options)).trim());
  const tempIndex = join(dirname(realIndex), `swarmdesk-restore-${process.pid}-${randomBytes(6).toString('hex')}.index`);
  const env: GitRunOptions = { ...options, env: { ...(options.env ?? process.env), GIT_INDEX_FILE: tempIndex } };
  try {
    await git(top, ['read-tree', target.tree], env, WRITE_MS);
    // Deletions first: a file the checkpoint has as a folder (a/ where a is now a file) must go before it is written.
    let deleted = 0;
    for (const path of gone) if (await removeFile(top, path)) deleted += 1;
    for (let i = 0; i < changed.length; i += PATHS_PER_CALL) {
      await git(top, ['checkout-index', '--force', '--', ...changed.slice(i, i + PATHS_PER_CALL)], env, WRITE_MS);
    }
    return { restored: target, before, written: changed.length, deleted };
  } catch (err) {
    if (err instanceof GitError && /missing|corrupt|unable to read|bad object|invalid object/i.test(err.stderr)) throw prunedError(commit);
    throw err;
  } finally {
    await rm(tempIndex, { force: true });
  }
}
