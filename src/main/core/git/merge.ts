import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { MergeStrategy } from '../../../shared/ipc/gitMerge';
import { AppError } from '../../../shared/result';
import type { GitRepo } from './repo';
import { GitError } from './run';

/*
 * The git side of "Commit" and "Merge into <base>" (issue 10 part 3). The base checkout is
 * never left mid-merge: conflicts are found with `git merge-tree` (object store only), the
 * result commit is built with `commit-tree`, and the base branch moves only by a fast-forward
 * (`merge --ff-only` in the checkout that has it, which refuses rather than overwrite
 * local changes) or a compare-and-swap `update-ref` when no checkout has it. A rebase
 * runs in the session's own worktree and is aborted on conflicts unless asked to stay.
 */

/** Long steps (a rebase of many commits, a checkout of a big tree). */
const LONG_MS = 5 * 60_000;
export const FALLBACK_IDENTITY = { name: 'Swarmdesk', email: 'swarmdesk@localhost' };

/** The identity to commit under when git cannot tell who commits (no user configured anywhere), else null. */
export async function fallbackIdentity(repo: GitRepo): Promise<typeof FALLBACK_IDENTITY | null> {
  try {
    await repo.run(['var', 'GIT_COMMITTER_IDENT']);
    await repo.run(['var', 'GIT_AUTHOR_IDENT']);
    return null;
  } catch (err) {
    if (!(err instanceof GitError) || err.reason !== 'exit') throw err;
    return FALLBACK_IDENTITY;
  }
}

/** `-c user.name=… -c user.email=…` when git cannot tell who commits, else nothing. */
export async function identityArgs(repo: GitRepo): Promise<string[]> {
  const who = await fallbackIdentity(repo);
  return who ? ['-c', `user.name=${who.name}`, '-c', `user.email=${who.email}`] : [];
}

/** What `git merge-tree` says about merging `theirs` into `ours`: the result tree, or the conflicted files. */
export type TrialMerge = { readonly clean: true; readonly tree: string } | { readonly clean: false; readonly files: string[] };

/** A merge computed in the object store alone (git ≥ 2.38): no index, no working tree, no ref touched. */
export async function trialMerge(repo: GitRepo, ours: string, theirs: string): Promise<TrialMerge> {
  let out: string;
  let clean = true;
  try {
    out = await repo.run(['merge-tree', '--write-tree', '--name-only', '--no-messages', '-z', ours, theirs], LONG_MS);
  } catch (err) {
    // Exit 1 is "conflicts", with the same output on stdout; anything else is a real failure.
    if (!(err instanceof GitError) || err.exitCode !== 1) throw err;
    out = err.stdout;
    clean = false;
  }
  const [tree = '', ...rest] = out.split('\0');
  if (clean) return { clean: true, tree };
  return { clean: false, files: [...new Set(rest.filter(Boolean))] };
}

const IN_PROGRESS: ReadonlyArray<readonly [string, string]> = [
  ['rebase-merge', 'a rebase'],
  ['rebase-apply', 'a rebase'],
  ['MERGE_HEAD', 'a merge'],
  ['CHERRY_PICK_HEAD', 'a cherry-pick'],
  ['REVERT_HEAD', 'a revert'],
];

/** Whether the worktree is in the middle of a rebase, merge, cherry-pick or revert (and which). */
export async function operationInProgress(repo: GitRepo): Promise<string | null> {
  const paths = (await repo.run(['rev-parse', ...IN_PROGRESS.flatMap(([name]) => ['--git-path', name])])).split('\n');
  for (const [i, [, what]] of IN_PROGRESS.entries()) {
    const rel = paths[i]?.trim();
    if (rel && existsSync(isAbsolute(rel) ? rel : join(repo.dir, rel))) return what;
  }
  return null;
}

/** Files the base checkout has changed (tracked or untracked) that the merge would also change (`range`: `a b` or `a...b`). */
export async function overlappingDirt(checkout: GitRepo, range: readonly string[]): Promise<string[]> {
  const dirty = new Set((await checkout.status('all')).paths);
  if (dirty.size === 0) return [];
  const changed = (await checkout.run(['diff', '--name-only', '--no-renames', '-z', ...range])).split('\0').filter(Boolean);
  return changed.filter((p) => dirty.has(p));
}

/** Where `branch` is checked out (a worktree's folder), or null when nowhere. */
export async function checkoutOf(repo: GitRepo, branch: string): Promise<string | null> {
  const item = (await repo.listWorktrees()).find((w) => w.branch === branch && !w.bare && !w.prunable);
  return item?.path ?? null;
}

export class BaseCheckoutDirtyError extends AppError {
  constructor(
    readonly baseBranch: string,
    readonly files: readonly string[],
  ) {
    super('CONFLICT', `${baseBranch} is checked out with uncommitted changes to ${listFiles(files)}, which the merge would overwrite. Commit or stash them there first; nothing was changed.`);
  }
}

export function listFiles(files: readonly string[], max = 5): string {
  const shown = files.slice(0, max).join(', ');
  return files.length > max ? `${shown} and ${files.length - max} more` : shown;
}

/**
 * Moves `baseBranch` from `oldCommit` to `newCommit` (a descendant). Checked out somewhere: a
 * fast-forward there, which keeps unrelated local changes and refuses to overwrite any.
 * Checked out nowhere: a compare-and-swap of the ref. Either way, a base that moved since
 * `oldCommit` was read is refused, not overwritten.
 */
export async function advanceBase(repo: GitRepo, openRepo: (dir: string) => GitRepo, baseBranch: string, oldCommit: string, newCommit: string, reason: string): Promise<void> {
  const where = await checkoutOf(repo, baseBranch);
  if (where === null) {
    try {
      await repo.run(['update-ref', '-m', reason, `refs/heads/${baseBranch}`, newCommit, oldCommit]);
    } catch (err) {
      throw new AppError('CONFLICT', `${baseBranch} moved while merging; nothing was changed. Try again. (${(err as Error).message})`);
    }
    return;
  }
  const checkout = openRepo(where);
  const busy = await operationInProgress(checkout);
  if (busy) throw new AppError('CONFLICT', `The checkout of ${baseBranch} at ${where} is in the middle of ${busy}; finish it there first. Nothing was changed.`);
  if ((await checkout.commitOf('HEAD')) !== oldCommit) throw new AppError('CONFLICT', `${baseBranch} moved while merging; nothing was changed. Try again.`);
  const overlap = await overlappingDirt(checkout, [oldCommit, newCommit]);
  if (overlap.length > 0) throw new BaseCheckoutDirtyError(baseBranch, overlap);
  try {
    await checkout.run(['merge', '--ff-only', '--quiet', '--no-stat', newCommit], LONG_MS);
  } catch (err) {
    // git refused (a file the check could not see, an untracked file in the way): it changed nothing.
    const detail = err instanceof GitError ? err.stderr.trim().split('\n').slice(0, 6).join(' ') : (err as Error).message;
    throw new AppError('CONFLICT', `git refused to update the checkout of ${baseBranch} at ${where}: ${detail}`);
  }
}

export interface BuiltCommit {
  readonly commit: string;
}

/** The squash or merge commit for `branch` onto `base`, in the object store only; conflicts instead when there are some. */
export async function buildMergeCommit(
  repo: GitRepo,
  strategy: Exclude<MergeStrategy, 'rebase'>,
  baseCommit: string,
  branchCommit: string,
  message: string,
): Promise<BuiltCommit | { conflicts: string[] }> {
  const trial = await trialMerge(repo, baseCommit, branchCommit);
  if (!trial.clean) return { conflicts: trial.files };
  const parents = strategy === 'squash' ? ['-p', baseCommit] : ['-p', baseCommit, '-p', branchCommit];
  const who = await identityArgs(repo);
  const commit = (await repo.run([...who, 'commit-tree', trial.tree, ...parents, '-m', message])).trim();
  return { commit };
}

/** Rebases the worktree's branch onto `onto`. On conflicts: aborted (nothing changed) unless `stay`, and the files listed. */
export async function rebaseWorktree(worktree: GitRepo, onto: string, stay: boolean): Promise<{ clean: true } | { clean: false; files: string[] }> {
  const who = await identityArgs(worktree);
  try {
    await worktree.run([...who, '-c', 'core.editor=true', '-c', 'rebase.autoStash=false', 'rebase', '--quiet', onto], LONG_MS);
    return { clean: true };
  } catch (err) {
    if (!(err instanceof GitError) || err.reason !== 'exit' || (await operationInProgress(worktree)) !== 'a rebase') throw err;
    const files = (await worktree.run(['diff', '--name-only', '--diff-filter=U', '-z'])).split('\0').filter(Boolean);
    if (!stay) await worktree.run(['rebase', '--abort'], LONG_MS);
    return { clean: false, files: [...new Set(files)] };
  }
}
