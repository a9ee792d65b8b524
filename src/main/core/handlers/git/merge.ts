import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { merges } from './merges';

export const gitMerge: Handler<'git:merge', Services> = (input, s) => merges(s).merge(input.id, input.strategy, input.message);
