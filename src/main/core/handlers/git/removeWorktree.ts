import type { Handler } from '../../router/router';
import type { GitContext } from '../context';

/** After a merge: the worktree folder removed, and with `deleteBranch` its (fully merged) branch. */
export const gitRemoveWorktree: Handler<'git:removeWorktree', GitContext> = (input, s) => {
  return s.worktrees.remove(input.id, input.deleteBranch);
};
