import type { Handler } from '../../router/router';
import type { GitContext } from '../context';

export const gitMergeCheck: Handler<'git:mergeCheck', GitContext> = (input, s) => s.merges.check(input.id);
