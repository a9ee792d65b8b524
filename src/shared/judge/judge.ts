/**
 * The ambient judge (SPEC §9.1, contract): whether one line of text may be used as a
 * title, name, preview, narration, pick-up note or next-prompt suggestion. Pure; main and
 * the renderer run the same code against the same corpus (corpus.json).
 */
import { isAbsenceNote } from './absence';
import { isDefaultName, isGenericName } from './default-name';
import {
  type AmbientKind,
  DEFAULT_TITLE_WORD_TARGET,
  type Limits,
  NEXT_PROMPT_LIMITS,
  STORED_TITLE_LIMITS,
  limitsFor,
} from './limits';
import { isFormatLeftover, isModelTalk } from './model-talk';
import { isQuestion, isRisky } from './next-prompt';
import { type Judged, type JudgedAs, type RejectReason, rejectMessage, rejected } from './reasons';
import { parseReply, sanitizeAnswer } from './reply';
import { charCount, hasControlCharacter, hasLetter, hasLineBreak, stripInvisible, withoutControlCharacters, wordCount } from './text';
import { isErrorText, isToolMarkup } from './tool-text';

/**
 * Who wrote a line decides one rule: a model's text (and a stored title nobody typed) is
 * refused when it is made of generic words only ("Agent 2"); a person's only when it is a
 * default name ("New chat 3"), since people name panes "Worker 2" on purpose. Everything
 * else (markup, error texts, absence notes, text that reads as a model's refusal) is refused
 * whoever wrote it: the screen never shows one.
 */
export type Author = 'model' | 'person';

/**
 * Whether `text` is usable as one line of `kind` within `limits`. The checks, in order:
 * trimmed and non-empty; one line; within the character and word limits; has a letter (so
 * "...", "—" and emoji-only replies go); not a leftover of a reply format or markup, nor a
 * tool's markup or meta line; not an error text; not about the absence of a value (for a
 * model: not generic words only); not the model talking to the reader; not a default name.
 * The text handed back is only trimmed: phrases are matched on a normalised copy.
 */
export function acceptLine(text: string, limits: Limits, kind: AmbientKind = 'title', author: Author = 'model'): Judged {
  const line = text.trim();
  if (line === '') return rejected('empty', kind);
  if (hasLineBreak(line)) return rejected('multiline', kind);
  // Typed and generated text has them removed before it is judged (`withoutControlCharacters`); a stored one that holds any is not shown.
  if (hasControlCharacter(line)) return rejected('control', kind);
  if (charCount(line) > limits.maxChars) return rejected('too-long', kind, limits);
  if (wordCount(line) > limits.maxWords) return rejected('too-many-words', kind, limits);
  if (!hasLetter(line)) return rejected('no-letter', kind);
  if (isFormatLeftover(line) || isToolMarkup(line)) return rejected('format', kind);
  if (isErrorText(line)) return rejected('error-text', kind);
  if (isAbsenceNote(line)) return rejected('absence', kind);
  if (author === 'model' && isGenericName(line)) return rejected('absence', kind);
  if (isModelTalk(line, kind)) return rejected('refusal', kind);
  if (isDefaultName(line)) return rejected('default-name', kind);
  return { ok: true, text: line };
}

/** `acceptLine` with the next-prompt limits, then: not a question, nothing risky. */
export function acceptNextPrompt(text: string): Judged {
  const judged = acceptLine(text, NEXT_PROMPT_LIMITS, 'nextPrompt');
  if (!judged.ok) return judged;
  // A question is the model asking, not the user telling.
  if (isQuestion(judged.text)) return rejected('question', 'nextPrompt');
  if (isRisky(judged.text)) return rejected('risky', 'nextPrompt');
  return judged;
}

export type Verdict =
  | { verdict: 'use'; text: string }
  | { verdict: 'skip' }
  | { verdict: 'reject'; reason: RejectReason; message: string };

export interface JudgeOptions {
  /** The word count the title prompt asked for; sets the title limits. */
  wordTarget?: number;
  /** What the text is, as its rejections name it, when it is judged by `kind`'s rules (a commit subject by a title's). */
  as?: JudgedAs;
}

const NOT_THE_REPLY_FORMAT = 'The reply was not “ANSWER: …” or “SKIP”.';

/**
 * The whole judgement of a raw model reply for `kind`: the reply format, then the answer
 * sanitised, then `acceptLine` with the kind's limits (and the next-prompt rules).
 */
export function judgeReply(raw: string, kind: AmbientKind, opts: JudgeOptions = {}): Verdict {
  const as = opts.as ?? kind;
  const parsed = parseReply(raw);
  if (parsed.type === 'skip') return { verdict: 'skip' };
  if (parsed.type === 'invalid') {
    const message = parsed.reason === 'format' ? NOT_THE_REPLY_FORMAT : rejectMessage(parsed.reason, as);
    return { verdict: 'reject', reason: parsed.reason, message };
  }
  const clean = sanitizeAnswer(parsed.text, kind);
  if (!clean.ok) return { verdict: 'reject', reason: clean.reason, message: rejectMessage(clean.reason, as) };
  const limits = limitsFor(kind, opts.wordTarget ?? DEFAULT_TITLE_WORD_TARGET);
  const judged = kind === 'nextPrompt' ? acceptNextPrompt(clean.text) : acceptLine(clean.text, limits, kind);
  // The rules are the kind's; the sentence names what the text is.
  return judged.ok
    ? { verdict: 'use', text: judged.text }
    : { verdict: 'reject', reason: judged.reason, message: rejectMessage(judged.reason, as, limits) };
}

/**
 * Whether a stored value is a usable title: a string the judge accepts under the stored-title
 * limits, judged as a model's text (generic-only names refused). The predicate behind feeding
 * a title back to a model and showing a title nobody typed, so a placeholder from an older
 * build or another tool never reaches the screen. A person's title: `isUsableUserTitle`.
 */
export function isUsableTitle(value: unknown): boolean {
  return memoised(modelTitleMemo, value, 'model');
}

/**
 * Whether a stored value is usable as a title a PERSON gave: the floor every shown title
 * meets (not empty, markup, an error text, an absence note or a default name). The `Title`
 * schema is this predicate; a stored user rename such as "Worker 2" is judged by it on read,
 * so it stays shown.
 */
export function isUsableUserTitle(value: unknown): boolean {
  return memoised(personTitleMemo, value, 'person');
}

/**
 * Whether a stored title was a person's: their rename here ('user'), or their rename in
 * the tool it was imported from (an imported title that arrived pinned: Claude Code's
 * `custom-title`). Everything else is judged as a model's.
 */
export function isPersonTitle(source: string | null, pinned = false): boolean {
  return source === 'user' || (source === 'imported' && pinned);
}

/** A stored title judged for whoever wrote it (`isPersonTitle`). */
export function isUsableTitleFrom(value: unknown, source: string | null, pinned = false): boolean {
  return isPersonTitle(source, pinned) ? isUsableUserTitle(value) : isUsableTitle(value);
}

/**
 * Every stored title is judged on read: in each list reply (10,000 rows), again by the
 * `Title` schema before sending, and again in the renderer before display. The verdict is
 * a pure function of the string, so remembering recent ones turns those repeats from tens
 * of microseconds each into a map lookup.
 */
const USABLE_TITLE_MEMO_MAX = 50_000;
const modelTitleMemo = new Map<string, boolean>();
const personTitleMemo = new Map<string, boolean>();

function memoised(memo: Map<string, boolean>, value: unknown, author: Author): boolean {
  if (typeof value !== 'string') return false;
  const known = memo.get(value);
  if (known !== undefined) return known;
  const usable = acceptLine(value, STORED_TITLE_LIMITS, 'title', author).ok;
  if (memo.size >= USABLE_TITLE_MEMO_MAX) {
    // Forget the oldest answer (Map keeps insertion order): bounded memory, no timers.
    const oldest = memo.keys().next();
    if (!oldest.done) memo.delete(oldest.value);
  }
  memo.set(value, usable);
  return usable;
}

/**
 * A user's rename, judged with the stored-title limits as a person's text: like a model's,
 * except that generic words alone are the person's choice ("Worker 2" is accepted); a
 * default name ("New session - 2026-12-02T09:14:03.512Z") is still refused, saying so. Control characters go (an escape
 * sequence whole: "Fix\u001b[31m flow" is "Fix flow"), invisible characters go and runs of spaces or tabs become one
 * space; a line break is still rejected (a text field cannot hold one, so it only arrives
 * from a script). Quotes and periods are the user's to keep. The message is what the rename
 * field shows.
 */
export function judgeUserTitle(text: string): Judged {
  const spaced = stripInvisible(withoutControlCharacters(text)).replace(/[^\S\r\n\u2028\u2029]+/gu, ' ');
  return acceptLine(spaced, STORED_TITLE_LIMITS, 'title', 'person');
}

/**
 * A title an agent set itself (Swarmdesk's MCP tool, issue 33): a model's text without the
 * reply format, so it is sanitised and judged exactly as a model's title answer (generic
 * words, refusals and placeholders refused). The message is what the tool tells the agent.
 */
export function judgeAgentTitle(text: string, wordTarget: number = DEFAULT_TITLE_WORD_TARGET): Judged {
  const clean = sanitizeAnswer(text, 'title');
  const limits = limitsFor('title', wordTarget);
  if (!clean.ok) return rejected(clean.reason, 'title', limits);
  return acceptLine(clean.text, limits, 'title', 'model');
}
