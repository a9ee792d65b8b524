/**
 * The fixed prefix that marks a compaction summary (SPEC §8): a long history is replaced by
 * a summary entry that starts with this text. A summary has no other marker once it is read
 * back as plain text, so this prefix is the discriminator: the label rule, the titler's
 * excerpt and importers all skip an entry that starts with it. Never change it: summaries
 * already stored carry it.
 */
export const COMPACTION_SUMMARY_PREFIX = '[Swarmdesk summary of earlier conversation]';

/** Whether `text` is a compaction summary (leading whitespace ignored). */
export function isCompactionSummary(text: string): boolean {
  return text.trimStart().startsWith(COMPACTION_SUMMARY_PREFIX);
}
