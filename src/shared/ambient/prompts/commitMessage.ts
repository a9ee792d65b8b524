/**
 * The commit message prompt ("Commit" in a worktree session, issue 10 part 3): one subject
 * line in the imperative, from the session's title, its recent activity and the changed
 * paths. Pure, like the other builders; no prompt at all when there is nothing to read.
 */
import { isUsableTitle } from '../../judge/judge';
import { hasContent, materialBlock, type ClipBudget } from './material';
import { PLAIN_TEXT, REPLY_FORMAT, assemble, type AmbientPrompt } from './shared';

const ACTIVITY: ClipBudget = { head: 900, tail: 1500 };
const LINE: ClipBudget = { head: 200, tail: 100 };
const PATHS: ClipBudget = { head: 1200, tail: 300 };

/** A subject longer than this is clipped at a word (git's conventional width). */
export const COMMIT_SUBJECT_MAX = 72;
/** The word target the judge's title limits use for a subject. */
export const COMMIT_SUBJECT_WORDS = 10;
/** Changed paths listed in the prompt. */
export const COMMIT_MAX_PATHS = 60;

export interface CommitMessageInput {
  readonly title?: string | null;
  readonly activity?: string | null;
  readonly paths: readonly string[];
}

export function buildCommitMessagePrompt(input: CommitMessageInput): AmbientPrompt | null {
  const paths = input.paths.filter((p) => p.trim() !== '');
  if (paths.length === 0) return null; // nothing to commit: no call
  const blocks: string[] = [];
  if (input.title && isUsableTitle(input.title)) blocks.push(materialBlock('session_title', input.title, LINE));
  if (hasContent(input.activity)) blocks.push(materialBlock('recent_activity', input.activity, ACTIVITY));
  const listed = paths.slice(0, COMMIT_MAX_PATHS).join('\n') + (paths.length > COMMIT_MAX_PATHS ? `\n… and ${paths.length - COMMIT_MAX_PATHS} more` : '');
  blocks.push(materialBlock('changed_files', listed, PATHS));
  return assemble(
    'commit-message',
    [
      'Write the subject line of a git commit for the changes in the changed_files block, made in the coding session the other blocks describe.',
      `Use the imperative mood ("Fix reconnect after sleep", not "Fixed" or "This commit fixes"), ${COMMIT_SUBJECT_WORDS} words or fewer, under ${COMMIT_SUBJECT_MAX} characters.`,
      'Name what the change does for the code, concretely; prefer names from the material: files, components, errors.',
      'Reply SKIP when the material does not show what the change is.',
      PLAIN_TEXT,
      'No trailing period.',
      REPLY_FORMAT,
    ],
    blocks,
    60,
    COMMIT_SUBJECT_WORDS,
  );
}

/** A judged subject clipped to COMMIT_SUBJECT_MAX characters at a word boundary. */
export function clipSubject(text: string): string {
  if (text.length <= COMMIT_SUBJECT_MAX) return text;
  const cut = text.slice(0, COMMIT_SUBJECT_MAX + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 20 ? cut.slice(0, space) : text.slice(0, COMMIT_SUBJECT_MAX)).replace(/[\s,;:–—-]+$/u, '');
}
