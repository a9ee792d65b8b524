import { SNIPPET_MAX_CHARS, SNIPPET_MAX_MARKS } from '../../../../shared/domain/searchSnippet';

/**
 * A search hit's one-line snippet, computed from the entry's text in the repository:
 * the injected context and tool markup are taken out first (so a match inside a
 * `<system-reminder>` is never shown as the user's words), then the query's words are
 * found the way the FTS index found them (unicode61 words, case and diacritics folded,
 * the last word of a typed word by prefix), and a window is cut around the first one.
 * (FTS5's own `snippet()` cannot do this: it cannot tell injected context from speech,
 * and asking it for one session's newest match costs a doclist merge per session.)
 * Marks are [start, end) in UTF-16 code units of the returned text.
 */
export type Mark = [start: number, end: number];
export interface MarkedText {
  readonly text: string;
  readonly marks: readonly Mark[];
}

/** Wrapper blocks whose content is a tool's, not the person's: dropped whole. */
const INJECTED = 'system-reminder|local-command-[a-z-]+|user-prompt-submit-hook|environment_context|user_instructions|task-notification|bash-stdout|bash-stderr|turn_aborted';
const INJECTED_BLOCK = new RegExp(`<(${INJECTED})\\b[^>]*>[\\s\\S]*?</\\1\\s*>`, 'giu');
/** An injected block with no end (cut where the scan stops): dropped to the end. */
const INJECTED_TO_END = new RegExp(`<(?:${INJECTED})\\b[^>]*>[\\s\\S]*$`, 'iu');
/** Tool markup whose text is kept (`<command-name>/review</command-name>`): custom-element and snake_case tags. */
const TOOL_TAG = /<\/?[a-z]+(?:[-_][a-z]+)+\b[^<>]*>/giu;
/** Control, zero-width and bidirectional-override characters: never drawn. */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu;
/** A word as FTS5's unicode61 tokenizer sees one (letters, digits, private use; marks stay with their letter). */
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
const COMBINING = /\p{M}/gu;

/** How the index compares words: lower case, diacritics removed (`remove_diacritics 2`). */
export function foldWord(word: string): string {
  // eslint-disable-next-line no-control-regex -- the ASCII test
  return /^[\x00-\x7f]*$/u.test(word) ? word.toLowerCase() : word.normalize('NFD').replace(COMBINING, '').toLowerCase();
}

/**
 * What to look for, from the words `toFtsQuery` kept: each typed word is a phrase of
 * the index's words ("foo.bar" is "foo" then "bar"), its last one matched by prefix.
 */
export function queryPhrases(words: readonly string[]): string[][] {
  return words.map((w) => Array.from(w.normalize('NFKC').matchAll(WORD), (m) => foldWord(m[0]))).filter((p) => p.length > 0);
}

/** The entry's text without injected context and markup, on one line. */
export function speechOf(text: string): string {
  return text
    .replace(INJECTED_BLOCK, ' ')
    .replace(INJECTED_TO_END, ' ')
    .replace(TOOL_TAG, ' ')
    .replace(INVISIBLE, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Where the phrases occur in `text`, in order, overlapping ones merged. */
export function findMarks(text: string, phrases: readonly string[][]): Mark[] {
  const words = Array.from(text.matchAll(WORD), (m) => ({ start: m.index, end: m.index + m[0].length, folded: foldWord(m[0]) }));
  const found: Mark[] = [];
  for (const phrase of phrases) {
    const last = phrase.length - 1;
    for (let i = 0; i + last < words.length; i++) {
      let ok = true;
      for (let k = 0; k <= last && ok; k++) {
        const word = words[i + k]!.folded;
        const want = phrase[k]!;
        ok = k === last ? word.startsWith(want) : word === want;
      }
      if (ok) found.push([words[i]!.start, words[i + last]!.end]);
    }
  }
  found.sort((a, b) => a[0] - b[0]);
  const merged: Mark[] = [];
  for (const mark of found) {
    const prev = merged[merged.length - 1];
    if (prev && mark[0] <= prev[1]) prev[1] = Math.max(prev[1], mark[1]);
    else merged.push([mark[0], mark[1]]);
  }
  return merged;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * At most this many code units of context before the first match: a row shows about 30
 * characters of the line, so the match must come early to be seen at all.
 */
export const SNIPPET_LEAD_CHARS = 16;

/**
 * Cuts `input` to at most `max` code units starting a little before its first mark (on a
 * word's start where one is near), with "…" where cut.
 */
export function windowAround(input: MarkedText, max: number): MarkedText {
  const { text } = input;
  const first = input.marks[0] ?? [0, 0];
  // A match that begins within the first few words is seen from the line's start.
  let start = first[0] > SNIPPET_LEAD_CHARS + 6 ? first[0] - SNIPPET_LEAD_CHARS : 0;
  if (start > 0) {
    const space = text.indexOf(' ', start - 1);
    if (space !== -1 && space < first[0]) start = space + 1;
    else if (isLowSurrogate(text.charCodeAt(start))) start++;
  }
  const lead = start > 0 ? '…' : '';
  let end = text.length;
  if (end - start + lead.length > max) {
    end = start + max - lead.length - 1; // room for the closing "…"
    const space = text.lastIndexOf(' ', end);
    if (space > start + max / 2 && space >= first[1]) end = space;
    else if (isLowSurrogate(text.charCodeAt(end))) end--;
  }
  const marks: Mark[] = [];
  for (const [s, e] of input.marks) {
    const ms = Math.max(s, start);
    const me = Math.min(e, end);
    if (me > ms) marks.push([ms - start + lead.length, me - start + lead.length]);
  }
  return { text: lead + text.slice(start, end) + (end < text.length ? '…' : ''), marks };
}

/**
 * The snippet of one entry for the query's phrases, or null when none of them is in
 * what was said (a match only inside injected context or markup).
 */
export function snippetLine(text: string, phrases: readonly string[][], max: number = SNIPPET_MAX_CHARS): MarkedText | null {
  const speech = speechOf(text);
  const marks = findMarks(speech, phrases);
  if (marks.length === 0) return null;
  const line = windowAround({ text: speech, marks }, max);
  return line.marks.length > 0 ? { text: line.text, marks: line.marks.slice(0, SNIPPET_MAX_MARKS) } : null;
}
