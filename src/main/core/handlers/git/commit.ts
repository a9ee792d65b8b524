import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { merges } from './merges';

export const gitCommit: Handler<'git:commit', Services> = (input, s) => merges(s).commit(input.id, input.message);
