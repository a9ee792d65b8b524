import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { terminalsOf } from './service';

/** A new worktree's setup command runs first: the PTY starts once it has finished. */
export const terminalOpen: Handler<'terminal:open', Services> = async (input, s) => {
  await s.worktrees?.ready(input.id);
  return terminalsOf(s).open(input.id, input.cols, input.rows, input.restart);
};
