import type { Handler } from '../../router/router';
import type { GitContext } from '../context';

export const gitUncommittedFiles: Handler<'git:uncommittedFiles', GitContext> = (input, s) => s.merges.uncommittedFiles(input.id);
