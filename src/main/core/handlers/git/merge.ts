import type { Handler } from '../../router/router';
import type { GitContext } from '../context';

export const gitMerge: Handler<'git:merge', GitContext> = (input, s) => s.merges.merge(input.id, input.strategy, input.message);
