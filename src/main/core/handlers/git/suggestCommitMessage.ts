import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { merges } from './merges';

/** The Commit dialog's prefill: a judged subject from the transcript and the changed paths, or why there is none. */
export const gitSuggestCommitMessage: Handler<'git:suggestCommitMessage', Services> = async (input, s) => {
  const paths = await merges(s).changedPaths(input.id);
  return s.ambient.commits.suggest(input.id, paths);
};
