import type { Handler } from '../../router/router';
import type { TerminalContext } from '../context';

/** A new worktree's setup command runs first: the PTY starts once it has finished. */
export const terminalOpen: Handler<'terminal:open', TerminalContext> = async (input, s) => {
  await s.worktrees.ready(input.id);
  return s.terminals.open(input.id, input.cols, input.rows, input.restart, input.screenOnly);
};
