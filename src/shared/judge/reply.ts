/**
 * Reading a raw model reply (SPEC §9.1). The prompts ask for exactly `ANSWER: <text>` or
 * `SKIP`; `parseReply` holds the model to that, and `sanitizeAnswer` takes off the
 * wrappers models put around an otherwise good answer. Judging the text itself is
 * `acceptLine`'s job (judge.ts).
 */
import type { AmbientKind } from './limits';
import type { RejectReason } from './reasons';
import { collapseWhitespace, hasLineBreak, stripInvisible, withoutControlCharacters } from './text';

export type ParsedReply = { type: 'answer'; text: string } | { type: 'skip' } | { type: 'invalid'; reason: RejectReason };

/** `SKIP`, any case, with an optional period: a model that abstains politely still abstains. */
const SKIP = /^skip\.?$/iu;
const ANSWER_KEYWORD = /^answer:/iu;
/** Another ANSWER line later in the reply. */
const SECOND_ANSWER = /[\r\n]\s*answer:/iu;

/**
 * Reads the reply format. Surrounding whitespace and the keyword's case are tolerated, as
 * is a trailing period after SKIP. Anything else is `invalid` with reason `format`: a chatty
 * preamble, JSON, a markdown fence, a thinking block, "SKIP because...". Two ANSWER lines
 * are invalid too: there is no telling which one the model meant.
 */
export function parseReply(raw: string): ParsedReply {
  const text = stripInvisible(raw).trim();
  if (text === '') return { type: 'invalid', reason: 'empty' };
  if (SKIP.test(text)) return { type: 'skip' };
  const keyword = ANSWER_KEYWORD.exec(text);
  if (keyword === null) return { type: 'invalid', reason: 'format' };
  const answer = text.slice(keyword[0].length);
  if (SECOND_ANSWER.test(answer)) return { type: 'invalid', reason: 'format' };
  return { type: 'answer', text: answer.trim() };
}

export type Sanitized = { ok: true; text: string } | { ok: false; reason: 'empty' | 'multiline' };

/** Labels a model puts before the answer, per kind. Only the kind's own labels are taken
 *  off: a title may legitimately begin "Note:", a note may not begin "Title:". */
const LABELS: Readonly<Record<AmbientKind, readonly string[]>> = {
  title: ['title', 'session title', 'chat title', 'conversation title', 'thread title', 'suggested title', 'new title', 'updated title'],
  name: ['name', 'subagent name', 'agent name', 'batch name', 'task name', 'title', 'suggested name'],
  preview: ['preview', 'summary'],
  narration: ['narration'],
  note: ['note', 'pick-up note', 'pickup note'],
  nextPrompt: ['next prompt', 'suggestion', 'suggested prompt', 'prompt', 'next step'],
};

const LABEL_PATTERNS: Readonly<Record<AmbientKind, RegExp>> = Object.fromEntries(
  Object.entries(LABELS).map(([kind, labels]) => {
    const names = labels.map((l) => l.replace(/[-\s]+/g, '[-\\s]*')).join('|');
    // "Title: x", "**Title:** x", "**Title**: x", "title - x" is NOT a label (a dash is prose).
    return [kind, new RegExp(`^(?:\\*\\*|__)?(?:${names})(?:\\*\\*|__)?\\s*[:：]\\s*(?:\\*\\*|__)?\\s*`, 'iu')];
  }),
) as Record<AmbientKind, RegExp>;

/** A markdown heading, bullet or list number in front of a one-line answer. */
const LEADING_MARKER = /^(?:#{1,6}|[-*•‣◦]|\d{1,2}[.)])\s+/u;

/** Symmetric wrappers, longest first. Underscores are left alone: `__init__` is code. */
const SYMMETRIC = ['```', '**', '~~', '`', '"', "'", '*'] as const;
const ASYMMETRIC: readonly (readonly [string, string])[] = [
  ['“', '”'], ['„', '“'], ['‘', '’'], ['«', '»'], ['‹', '›'], ['「', '」'], ['『', '』'],
];

/** Whether `inner` still holds `mark` where it would close the wrapper. An apostrophe inside
 *  a word ("don't") does not close a single-quoted answer. */
function holdsMark(inner: string, mark: string): boolean {
  if (mark === "'") return /(?<!\p{L})'|'(?!\p{L})/u.test(inner);
  return inner.includes(mark);
}

/** Takes off ONE pair of quotes, backticks or emphasis that wraps the whole text. */
function unwrapOnce(text: string): string {
  for (const mark of SYMMETRIC) {
    if (text.length > mark.length * 2 && text.startsWith(mark) && text.endsWith(mark)) {
      const inner = text.slice(mark.length, -mark.length);
      if (inner.trim() !== '' && !holdsMark(inner, mark)) return inner.trim();
    }
  }
  for (const [open, close] of ASYMMETRIC) {
    if (text.length > 2 && text.startsWith(open) && text.endsWith(close)) {
      const inner = text.slice(open.length, -close.length);
      if (inner.trim() !== '' && !inner.includes(open) && !inner.includes(close)) return inner.trim();
    }
  }
  return text;
}

/** One trailing period, not an ellipsis: a title is a name, not a sentence. */
const TRAILING_PERIOD = /(?<!\.)\.$/u;

/**
 * Takes a raw answer to the bare text, or says it is unusable. The rules, in order:
 * 1. Control characters go (a terminal escape sequence whole) and invisible characters go
 *    (they could hide a placeholder), then trim; empty is `empty`.
 * 2. More than one line is `multiline`: a second line means the model said more than the
 *    answer, and picking a line would be guessing which one it meant.
 * 3. Whitespace runs (tabs, no-break spaces) collapse to one space.
 * 4. Repeatedly, until nothing changes: one wrapping pair of quotes, backticks or markdown
 *    emphasis comes off (`"x"`, `'x'`, `` `x` ``, `**x**`, “x”); the kind's own label comes
 *    off (`Title: x`); a heading or bullet marker comes off; for titles and names a trailing
 *    period comes off. Inner quotes and apostrophes stay: `Fix "npm ci" cache` keeps them.
 * The result is judged by `acceptLine`; this function never rejects on content.
 */
export function sanitizeAnswer(text: string, kind: AmbientKind = 'title'): Sanitized {
  const visible = stripInvisible(withoutControlCharacters(text)).trim();
  if (visible === '') return { ok: false, reason: 'empty' };
  if (hasLineBreak(visible)) return { ok: false, reason: 'multiline' };
  let current = collapseWhitespace(visible);
  const stripPeriod = kind === 'title' || kind === 'name';
  for (let round = 0; round < 8; round += 1) {
    let next = unwrapOnce(current);
    next = next.replace(LABEL_PATTERNS[kind], '').replace(LEADING_MARKER, '').trim();
    if (stripPeriod) next = next.replace(TRAILING_PERIOD, '').trim();
    if (next === current) break;
    current = next;
  }
  return current === '' ? { ok: false, reason: 'empty' } : { ok: true, text: current };
}
