import { AppError } from '../../../../shared/result';
import type { Handler } from '../../router/router';
import type { GitContext } from '../context';
import { checkFolder } from '../../usecases/newSession';

export const gitRepoInfo: Handler<'git:repoInfo', GitContext> = async (input, s) => {
  let folder: string | null;
  try {
    folder = checkFolder(input.folder);
  } catch (err) {
    if (err instanceof AppError) return { repo: null, reason: err.message };
    throw err;
  }
  return s.worktrees.repoInfo(folder ?? s.sessions.defaultFolder);
};
