import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

/**
 * A session with a worktree first has its agent stopped (nothing writes there any
 * more), then its files kept as a checkpoint and the folder removed; a worktree the
 * user made outside Swarmdesk (adopted) is left exactly as it is.
 */
export const sessionsDelete: Handler<'sessions:delete', SessionsContext> = async (input, s) => {
  s.sessions.get(input.id);
  const record = s.worktrees.record(input.id);
  if (record && !record.gone) {
    await s.sessions.stop(input.id);
    await s.worktrees.keepWorkAndRemove(input.id);
  }
  return s.sessions.delete(input.id);
};
