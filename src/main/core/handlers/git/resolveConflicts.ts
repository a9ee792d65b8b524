import type { Handler } from '../../router/router';
import type { GitContext } from '../context';

export const gitResolveConflicts: Handler<'git:resolveConflicts', GitContext> = (input, s) => s.merges.resolveConflicts(input.id, input.how);
