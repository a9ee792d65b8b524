/**
 * The fixed prefix that marks a compaction summary (SPEC §8): a long history is replaced by
 * a summary entry that starts with this text. A summary has no other marker once it is read
 * back as plain text, so this prefix is the discriminator: the label rule, the titler's
 * excerpt and importers all skip an entry that starts with it. Never change it: summaries
 * already stored carry it.
 */
export const COMPACTION_SUMMARY_PREFIX = '[Swarmdesk summary of earlier conversation]';

/**
 * The openings other agent tools give their own compaction text, which imported histories
 * carry as a plain user message: Claude Code's continuation ("This session is being continued
 * from a previous conversation that ran out of context. …") and Codex's summary hand-over
 * ("Another language model started to solve this problem and produced a summary…"). Matched
 * on the opening words, case and spacing ignored, so the tools' small rewordings still match.
 */
const FOREIGN_OPENINGS: readonly RegExp[] = [
  /^this\s+session\s+is\s+being\s+continued\s+from\s+a\s+previous\s+conversation\b/iu,
  /^another\s+language\s+model\s+started\s+to\s+solve\s+this\s+problem\b/iu,
];

/** Whether `text` is a compaction summary, ours or another tool's (leading whitespace ignored). */
export function isCompactionSummary(text: string): boolean {
  const t = text.trimStart();
  return t.startsWith(COMPACTION_SUMMARY_PREFIX) || FOREIGN_OPENINGS.some((re) => re.test(t));
}
