import type { Handler } from '../../router/router';
import type { GitContext } from '../context';

export const gitChanges: Handler<'git:changes', GitContext> = async (input, s) => {
  s.sessions.get(input.id);
  return s.changes.changes(input.id);
};
