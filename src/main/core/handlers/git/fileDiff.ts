import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { changesOf } from './service';

export const gitFileDiff: Handler<'git:fileDiff', Services> = async (input, s) => {
  s.sessions.get(input.id);
  return changesOf(s).diff(input.id, input.path);
};
