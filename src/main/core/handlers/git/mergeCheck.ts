import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { merges } from './merges';

export const gitMergeCheck: Handler<'git:mergeCheck', Services> = (input, s) => merges(s).check(input.id);
