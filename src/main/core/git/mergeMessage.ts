/*
 * The messages the Merge dialog starts from (issue 14 §3): made from the branch's own commit
 * messages, so a squash of one commit lands with that commit's message, and several with a
 * subject (the session's title, else the last commit's subject) and the list of what they were.
 * Never a placeholder like "Work from <branch>": the user sees and edits what is written.
 */

/** A commit's message split into its subject and the rest. */
export interface CommitText {
  readonly subject: string;
  readonly message: string;
}

/** `git log --format=%B%x00` output, oldest first when asked with `--reverse`. */
export function parseCommitTexts(out: string): CommitText[] {
  return out
    .split('\0')
    .map((m) => m.replace(/^\n+/, '').trimEnd())
    .filter(Boolean)
    .map((message) => ({ subject: message.split('\n')[0] ?? '', message }));
}

const MAX_LISTED = 50;

function listed(commits: readonly CommitText[]): string {
  const list = commits.slice(0, MAX_LISTED).map((c) => `- ${c.subject}`);
  if (commits.length > MAX_LISTED) list.push(`- … and ${commits.length - MAX_LISTED} more`);
  return list.join('\n');
}

/** Squash and merge-commit messages for `commits` (oldest first) of `branch` going into `baseBranch`; null when there are none. */
export function mergeMessages(branch: string, baseBranch: string, commits: readonly CommitText[], title: string | null): { squash: string; merge: string } | null {
  const last = commits.at(-1);
  if (!last) return null;
  const squash =
    commits.length === 1 ? last.message : `${title ?? last.subject}\n\nSquashed from ${branch} (${commits.length} commits):\n\n${listed(commits)}`;
  const merge = `Merge branch '${branch}' into ${baseBranch}\n\n${title ? `${title}\n\n` : ''}${listed(commits)}`;
  return { squash, merge };
}
