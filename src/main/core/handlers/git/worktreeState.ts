import type { Handler } from '../../router/router';
import type { GitContext } from '../context';

export const gitWorktreeState: Handler<'git:worktreeState', GitContext> = async (input, s) => {
  s.sessions.get(input.id);
  return s.worktrees.state(input.id);
};
