import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const gitWorktreeState: Handler<'git:worktreeState', Services> = async (input, s) => {
  s.sessions.get(input.id);
  return s.worktrees ? s.worktrees.state(input.id) : { worktree: null };
};
