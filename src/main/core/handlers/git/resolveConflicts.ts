import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { merges } from './merges';

export const gitResolveConflicts: Handler<'git:resolveConflicts', Services> = (input, s) => merges(s).resolveConflicts(input.id, input.how);
