import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { merges } from './merges';

export const gitUncommittedFiles: Handler<'git:uncommittedFiles', Services> = (input, s) => merges(s).uncommittedFiles(input.id);
