import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { changesOf } from './service';

export const gitChanges: Handler<'git:changes', Services> = async (input, s) => {
  s.sessions.get(input.id);
  return changesOf(s).changes(input.id);
};
