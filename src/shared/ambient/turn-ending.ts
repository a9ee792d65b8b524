/**
 * Whether the assistant's last message plainly waits for the user (SPEC §9.5). Decided in
 * code, before any call: a suggestion in the composer while the agent asks the user
 * something would answer for them. The model's SKIP stays as a fallback for a wait this
 * cannot see ("Tell me which one and I'll start.").
 */

/** Code blocks are not the assistant talking to the user. */
const FENCED = /```[\s\S]*?(?:```|$)/g;

/** The last paragraph with words in it. */
export function lastParagraph(text: string): string {
  const paragraphs = text
    .replace(FENCED, '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => /\p{L}/u.test(p));
  return paragraphs[paragraphs.length - 1] ?? '';
}

/** A question mark ending a sentence (not `?` inside a URL or `a?.b`). */
const QUESTION = /\?(?=\s|$|["')\]*_`])/u;

/** Phrases that hand the turn to the user without a question mark. */
const HANDOVER =
  /\b(let me know|tell me (?:which|what|how|whether|if)|which (?:one|option) (?:do|would) you|your call|waiting for (?:you|your)|please (?:confirm|choose|decide|pick|review and confirm))\b/iu;

export function isWaitingForUser(lastAssistantText: string | null | undefined): boolean {
  if (!lastAssistantText) return false;
  const last = lastParagraph(lastAssistantText);
  if (last === '') return false;
  return QUESTION.test(last) || HANDOVER.test(last);
}
