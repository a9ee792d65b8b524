import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

/** A new worktree's setup command runs first: the agent gets the text once it has finished. */
export const sessionsSend: Handler<'sessions:send', SessionsContext> = async (input, s) => {
  await s.worktrees.ready(input.id);
  return s.sessions.send(input.id, input.text);
};
