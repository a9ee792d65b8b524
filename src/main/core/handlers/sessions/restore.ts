import { createLogger } from '../../logger';
import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

const log = createLogger('sessions:restore');

/** The row comes back, and its worktree on its kept branch. */
export const sessionsRestore: Handler<'sessions:restore', SessionsContext> = async (input, s) => {
  const row = s.sessions.restore(input.id);
  try {
    await s.worktrees.restore(input.id);
  } catch (err) {
    log.warn('worktree not restored', { session: input.id, err });
    s.sessions.appendEntry(input.id, 'note', `The worktree could not be made again: ${(err as Error).message}`);
  }
  return row;
};
