import type { Handler } from '../../router/router';
import type { GitContext } from '../context';

/** Settings → General → "Recently removed". */
export const gitRemovedWorktrees: Handler<'git:removedWorktrees', GitContext> = async (_input, s) => {
  const items = await s.worktrees.listRemoved();
  return { items: items.map(({ id, sessionId, repoRoot, path, branch, how, removedAt }) => ({ id, sessionId, repoRoot, path, branch, how, removedAt })) };
};

/** "Restore": the worktree back with its files. */
export const gitRestoreRemovedWorktree: Handler<'git:restoreRemovedWorktree', GitContext> = (input, s) => {
  return s.worktrees.restoreRemoved(input.removed);
};

/** "Open existing worktree" in New session: what can be adopted. */
export const gitOutsideWorktrees: Handler<'git:outsideWorktrees', GitContext> = async (input, s) => {
  return { items: await s.worktrees.outsideWorktrees(input.folder) };
};
