import type { Handler } from '../../router/router';
import type { GitContext } from '../context';

export const gitCommit: Handler<'git:commit', GitContext> = (input, s) => s.merges.commit(input.id, input.message);
