import { AppError } from '../../../shared/result';
import type { WorktreeRecord } from './record';
import type { GitRepo } from './repo';
import { GitError } from './run';

/*
 * "Remove worktree" after a merge (issue 14 §3): the folder's files are kept as a checkpoint
 * first (issue 36: listed under "Recently removed"); the branch goes only when asked and only when the base branch has
 * every commit of it (`git branch -d` semantics, checked against the base branch rather
 * than whatever the repository's own checkout has), else nothing is removed.
 */

export interface Removal {
  readonly branch: string;
  readonly branchDeleted: boolean;
  readonly message: string;
}

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * `removeKeeping` records the worktree's files (uncommitted work included) as a checkpoint listed under
 * "Recently removed", then removes the folder (issue 36): nothing uncommitted is refused or lost.
 */
export async function removeWorktreeAfterMerge(record: WorktreeRecord, base: GitRepo, deleteBranch: boolean, removeKeeping: () => Promise<void>): Promise<Removal> {
  // Before anything is removed: may the branch go? (Its commit is pinned so a later commit is not deleted unseen.)
  const tip = deleteBranch ? await base.commitOf(`refs/heads/${record.branch}`) : null;
  if (deleteBranch) await refuseUnmerged(record, base, tip);
  try {
    await removeKeeping();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const why = err instanceof GitError ? err.stderr.trim().split('\n')[0] : (err as Error).message;
    throw new AppError('CONFLICT', `git refused to remove the worktree at ${record.path}: ${why}. Nothing was removed.`);
  }
  if (!deleteBranch || !tip) {
    return { branch: record.branch, branchDeleted: false, message: `Removed the worktree folder ${record.path}; the branch ${record.branch} is kept.` };
  }
  // Compare-and-swap: the branch is deleted only if it still points where it was checked.
  await base.run(['update-ref', '-m', 'swarmdesk: branch merged, worktree removed', '-d', `refs/heads/${record.branch}`, tip]);
  return { branch: record.branch, branchDeleted: true, message: `Removed the worktree folder ${record.path} and the branch ${record.branch} (${record.baseBranch} has all of its commits).` };
}

async function refuseUnmerged(record: WorktreeRecord, base: GitRepo, tip: string | null): Promise<void> {
  if (!tip) throw new AppError('NOT_FOUND', `The branch ${record.branch} no longer exists; remove the worktree and keep the branch instead.`);
  const baseCommit = record.baseBranch ? await base.commitOf(`refs/heads/${record.baseBranch}`) : null;
  if (!record.baseBranch || !baseCommit) {
    throw new AppError('CONFLICT', `There is no base branch to check ${record.branch} against, so it is not deleted (its commits could be lost). Keep the branch.`);
  }
  const unmerged = await base.countAhead(baseCommit, tip);
  if (unmerged > 0) {
    throw new AppError(
      'CONFLICT',
      `The branch ${record.branch} has ${plural(unmerged, 'commit')} that ${record.baseBranch} does not have; deleting it would lose ${unmerged === 1 ? 'it' : 'them'}. Merge first, or keep the branch. Nothing was removed.`,
    );
  }
}
