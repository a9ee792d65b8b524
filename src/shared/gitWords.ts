/**
 * How a commit and a merge are said, in one wording wherever they are said: the toast after the
 * action (renderer) and the note in the session's transcript (main) read alike, so "Committed 3
 * files as baabdfe" never sits beside "Committed baabdfe188", nor "(Squash)" beside "(squashed)".
 */
import type { MergeStrategy } from './ipc/gitMerge';

/** A commit as people read it: git's short form, seven characters. */
export function shortCommit(commit: string): string {
  return commit.slice(0, 7);
}

/** "Committed 3 files as baabdfe" (no full stop: the note goes on with the branch and the subject). */
export function committedText(files: number, commit: string): string {
  return `Committed ${files} file${files === 1 ? '' : 's'} as ${shortCommit(commit)}`;
}

/** How each strategy took the work in, as the words after a merge say it. */
export const MERGED_HOW: Readonly<Record<MergeStrategy, string>> = { squash: 'squashed', merge: 'with a merge commit', rebase: 'after a rebase' };

/** "Merged swarmdesk/x into main (squashed)" (no full stop: the note adds the commit). */
export function mergedText(branch: string, baseBranch: string, strategy: MergeStrategy): string {
  return `Merged ${branch} into ${baseBranch} (${MERGED_HOW[strategy]})`;
}
