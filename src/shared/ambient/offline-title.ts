/**
 * The offline titler (SPEC §9.3): a deterministic, extractive title from the user's first
 * message, with no model. Titles work with zero set-up, and every title it returns is one
 * the judge accepts (it is checked against the judge before it is returned), so the
 * fallback can never be the thing that puts a placeholder on screen.
 */
import { isCompactionSummary } from '../compaction';
import { isToolMeta } from '../judge/tool-text';
import { judgeReply } from '../judge/judge';
import { DEFAULT_TITLE_WORD_TARGET } from '../judge/limits';
import { stripInvisibleForPrompt } from './prompts/material';
import { looksLikeCommand } from '../terminalCommand';
import { REVIEW_MESSAGE_PREFIX } from '../domain/review';

/** Openers that say nothing about the work; taken off the front, repeatedly. */
const LEADING_FILLER = new RegExp(
  '^(?:' +
    [
      '(?:hi|hello|hey) (?:there|claude|team|folks|all)', 'hi', 'hello', 'hey', 'yo', 'howdy', 'hiya', 'good (?:morning|afternoon|evening)', 'greetings',
      'ok(?:ay)?', 'alright', 'so', 'well', 'right', 'now', 'also', 'and', 'then', 'next',
      'please', 'pls', 'plz', 'kindly',
      '(?:can|could|would|will) (?:you|u)(?: please)?', 'would you mind',
      "i(?:'d| would) like (?:you )?to", 'i (?:want|need) (?:you )?to', "i'm trying to", 'i am trying to',
      "i(?:'d| would) love (?:you )?to", 'help me(?: to)?', 'can we', 'could we', "let's", 'lets',
      'let us', 'we (?:need|have|want) to', 'we should', 'you (?:need|have|should) to', 'go ahead and',
      'try to', 'quickly', 'just', 'maybe', 'time to', 'i think we should', 'first(?: of all)?',
    ].join('|') +
    ')(?:[,!.:;-]*\\s+|[,!.:;-]*$)',
  'iu',
);

const TRAILING_FILLER = /(?:[\s,]+(?:please|pls|plz|thanks|thank you|thx|for me|if you can|if possible|asap|now))+[\s.!?]*$/iu;

/** Words a title should not end on: it would read as cut off. */
const DANGLING = new Set([
  'a', 'an', 'the', 'and', 'or', 'but', 'to', 'of', 'for', 'with', 'in', 'on', 'at', 'by', 'from',
  'into', 'that', 'this', 'so', 'as', 'is', 'are', 'be', 'my', 'our', 'your', 'its', 'it', 'we', 'i',
]);

/** Whole messages that do not say what the work is (SPEC §9.2's SKIP cases). */
const NUDGE =
  /^(?:continue|go on|go ahead|keep going|carry on|resume|proceed|next|more|again|retry|yes|yeah|yep|no|nope|ok|okay|thanks|thank you|thx|done|hello|hi|hey|test|testing|ping|status|what's up|whats up|sup|help|\?+)$/iu;

/** Sentences of the message with letters in them, in order, code and markup left out. */
function sentences(text: string): string[] {
  const withoutCode = text
    .replace(/```[\s\S]*?(?:```|$)/g, ' ')
    .replace(/<\/?[a-z][\w-]*(?:\s[^<>]*)?>/giu, ' ')
    .replace(/https?:\/\/\S+/giu, ' ');
  const out: string[] = [];
  for (const rawLine of withoutCode.split('\n')) {
    const lineText = rawLine.replace(/^\s*(?:>+|#{1,6}|[-*+•]|\d{1,3}[.)])\s*/u, '').trim();
    // Sentences end at . ! ? ; followed by a space (not "v1.2" or "a.ts").
    for (const s of lineText.split(/(?<=[.!?;])\s+/u)) if (/\p{L}/u.test(s)) out.push(s);
  }
  return out;
}

function stripFillers(text: string): string {
  let current = text.trim();
  for (let i = 0; i < 12; i += 1) {
    const next = current.replace(LEADING_FILLER, '').trim();
    if (next === current) break;
    current = next;
  }
  return current.replace(TRAILING_FILLER, '').trim();
}

function tidyWord(word: string): string {
  // Markdown emphasis and quotes around a word go; inner apostrophes and paths stay.
  return word.replace(/^[*_"'`“”‘’([{]+/u, '').replace(/[*_"'`“”‘’)\]},;:]+$/u, '');
}

/**
 * A title from the user's first message, or null when the message does not say what the
 * work is (a greeting, "continue", code only) or nothing the judge accepts comes out.
 */
export function offlineTitle(firstUserMessage: string | null | undefined, wordTarget = DEFAULT_TITLE_WORD_TARGET): string | null {
  if (!firstUserMessage || isCompactionSummary(firstUserMessage) || isToolMeta(firstUserMessage)) return null;
  const visible = reviewRequests(stripInvisibleForPrompt(firstUserMessage));
  if (NUDGE.test(visible.trim().replace(/[.!]+$/u, ''))) return null;
  const target = Math.max(2, Math.min(12, Math.round(wordTarget)));
  // The first sentence that says something once greetings and asks are off ("Hi! Can you…").
  for (const sentence of sentences(visible).slice(0, 6)) {
    const title = titleFrom(stripFillers(sentence), target, looksLikeCommand(sentence));
    if (title !== null) return title;
  }
  return null;
}

/**
 * A review sent to the agent (its header, then each comment's place, quoted code and words) says what the
 * work is only in the comments' words: titled from its header, a session read "Review of your changes 4
 * comments on the diff". Anything else is returned as it is.
 */
function reviewRequests(text: string): string {
  if (!text.startsWith(REVIEW_MESSAGE_PREFIX)) return text;
  const bodies = text
    .replace(/(`{3,})[^\n]*\n[\s\S]*?\n\1(?=\n|$)/gu, '')
    .split(/\n{2,}/u)
    .slice(1)
    .map((part) => part.replace(/^\d{1,4}\. [^\n]*\n?/u, '').trim())
    .filter((body) => body !== '');
  return bodies.join('\n');
}

/**
 * A sentence (or clause) this many words over the target is kept whole: cut there, a title reads as
 * broken off ("The retry loop in the uploader never" of "…never stops; cap it").
 */
const CLAUSE_SLACK = 2;

function titleFrom(core: string, target: number, command: boolean): string | null {
  if (NUDGE.test(core.replace(/[.!?]+$/u, ''))) return null;
  const words = core
    .split(/\s+/u)
    .map(tidyWord)
    .filter((w) => w !== '' && /[\p{L}\p{N}]/u.test(w));
  let kept = words.length <= target + CLAUSE_SLACK ? words : words.slice(0, target);
  while (kept.length > 1 && DANGLING.has((kept[kept.length - 1] ?? '').toLowerCase())) kept = kept.slice(0, -1);
  const lettered = kept.filter((w) => /\p{L}{2,}/u.test(w));
  if (lettered.length < 2) return null;
  let title = kept.join(' ').replace(/[.!?,;:]+$/u, '');
  // A command keeps its case: `ls -la` is never "Ls -la" (issue 32).
  if (!command) title = title.charAt(0).toLocaleUpperCase() + title.slice(1);
  // The same judge every model reply passes: if it would not accept this, neither do we.
  const verdict = judgeReply(`ANSWER: ${title}`, 'title', { wordTarget: target });
  return verdict.verdict === 'use' ? verdict.text : null;
}
