import type { Handler } from '../../router/router';
import type { GitContext } from '../context';

export const gitFileDiff: Handler<'git:fileDiff', GitContext> = async (input, s) => {
  s.sessions.get(input.id);
  return s.changes.diff(input.id, input.path);
};
