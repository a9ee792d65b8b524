import { AppError } from '../../../../shared/result';
import type { Handler } from '../../router/router';
import type { Services } from '../../services';

/** After a merge: the worktree folder removed, and with `deleteBranch` its (fully merged) branch. */
export const gitRemoveWorktree: Handler<'git:removeWorktree', Services> = (input, s) => {
  if (!s.worktrees) throw new AppError('UNAVAILABLE', 'Worktrees are not available here.');
  return s.worktrees.remove(input.id, input.deleteBranch);
};
