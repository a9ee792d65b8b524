import type { Handler } from '../../router/router';
import type { GitContext } from '../context';

/** The Commit dialog's prefill: a judged subject from the transcript and the changed paths, or why there is none. */
export const gitSuggestCommitMessage: Handler<'git:suggestCommitMessage', GitContext> = async (input, s) => {
  const paths = await s.merges.changedPaths(input.id);
  return s.ambient.commits.suggest(input.id, paths);
};
