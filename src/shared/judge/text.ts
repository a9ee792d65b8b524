/**
 * Text helpers the judge's rules share: invisible-character stripping, the
 * normalised forms phrases are matched against, and whole-word matching. The text
 * a rule hands back is never one of these forms; they exist for matching only.
 */

/** Zero-width, bidi-control, filler, tag and variation-selector characters, as code-point
 *  ranges. They render as nothing, so they can hide a placeholder ("Un\u200Btitled") or make
 *  two equal-looking titles differ. */
const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad], [0x034f, 0x034f], [0x061c, 0x061c], [0x115f, 0x1160], [0x17b4, 0x17b5],
  [0x180b, 0x180f], [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x206f], [0x3164, 0x3164],
  [0xfe00, 0xfe0f], [0xfeff, 0xfeff], [0xffa0, 0xffa0], [0xe0000, 0xe007f], [0xe0100, 0xe01ef],
];

/** The zero-width joiner and the emoji presentation selectors hold sequences such as 👨‍💻
 *  together: removed for matching, kept in text that is shown. */
const EMOJI_JOINERS: ReadonlySet<number> = new Set([0x200d, 0xfe0e, 0xfe0f]);

function isInvisible(codePoint: number): boolean {
  return INVISIBLE_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to);
}

/** Every invisible range starts at U+00AD or above: plain text (most titles) skips the scan. */
function mayHoldInvisible(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) >= 0xad) return true;
  return false;
}

function withoutInvisible(text: string, keepEmojiJoiners: boolean): string {
  if (!mayHoldInvisible(text)) return text;
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (!isInvisible(cp) || (keepEmojiJoiners && EMOJI_JOINERS.has(cp))) out += ch;
  }
  return out;
}

const TYPOGRAPHIC_APOSTROPHES = /[\u2018\u2019\u201B\u02BC\u2032\uFF07]/g;
const LINE_BREAK = /[\r\n\v\f\u0085\u2028\u2029]/u;

/*
 * Control characters (C0, DEL, C1) other than the whitespace and line breaks the judge already
 * rules on (tab, LF, VT, FF, CR, NEL). A title holding BEL or an ESC sequence rings the terminal
 * it is printed in, recolours it, or sets its window title.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/u;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/gu;
/**
 * Terminal escape sequences, 7-bit and 8-bit: a control string (OSC, DCS, SOS, PM, APC) up to its
 * terminator (BEL or ST) or the end of the text; a CSI with its parameters and final byte; any
 * other ESC with its intermediates and final byte. Removed whole, so "\u001b[31m" leaves nothing
 * behind, not "[31m".
 */
const ESCAPE_SEQUENCES =
  // eslint-disable-next-line no-control-regex -- matching escape sequences is the point
  /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|\u001b[\u0020-\u002f]*[\u0030-\u007e]?/gu;

export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}

/**
 * Text without control characters: terminal escape sequences removed whole, then any other C0
 * or C1 control (NUL, BEL, a lone ESC, DEL) removed. Tabs and line breaks stay for the rules
 * that judge them. What a typed rename, a model's reply and an imported or generated title go
 * through before they are judged and stored.
 */
export function withoutControlCharacters(text: string): string {
  if (!hasControlCharacter(text)) return text;
  return text.replace(ESCAPE_SEQUENCES, '').replace(CONTROLS, '');
}

/** Removes characters that hide text but keeps emoji joiners (for text that is shown). */
export function stripInvisible(text: string): string {
  return withoutInvisible(text, true);
}

/** Invisible characters removed (emoji joiners too) and compatibility forms folded, so
 *  "\u200B(none)" and "（none）" are read as "(none)". Case and punctuation are kept. */
export function visibleForm(text: string): string {
  return withoutInvisible(text, false).normalize('NFKC').trim();
}

/** One or more spaces, tabs, no-break or other Unicode spaces become one plain space. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

export function hasLineBreak(text: string): boolean {
  return LINE_BREAK.test(text);
}

/** Length in code points, so an emoji counts once and a limit never splits a surrogate pair. */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

export function hasLetter(text: string): boolean {
  return /\p{L}/u.test(text);
}

/**
 * Lower-cased, compatibility-normalised (fullwidth letters, ligatures), invisible
 * characters removed, typographic apostrophes straightened, whitespace collapsed.
 * Phrase lists are written against this form.
 */
export function matchForm(text: string): string {
  const visible = withoutInvisible(text, false).normalize('NFKC');
  return collapseWhitespace(visible.replace(TYPOGRAPHIC_APOSTROPHES, "'").toLowerCase());
}

/**
 * `matchForm` with every run of non-letters-or-digits turned into one space: `(None yet.)`,
 * `"none-yet"` and `NONE_YET` all read `none yet`. Absence lists are written against it.
 */
export function wordsForm(text: string): string {
  return matchForm(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A phrase as a regex source: escaped, and any space in it matches any run of spaces. */
function phraseSource(phrase: string): string {
  return escapeRegExp(phrase).replace(/ +/g, '\\s+');
}

const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{N}])';
const NOT_WORD_AFTER = '(?![\\p{L}\\p{N}])';

/**
 * A matcher for any of `phrases` as WHOLE words anywhere in a `matchForm` text. A bare
 * substring test would read "Fix pane has an AI summary bug" as the refusal "as an ai".
 * Entries may also be regex sources when `raw` is set (for plurals and command shapes).
 */
export function anyWholePhrase(phrases: readonly string[], raw = false): RegExp {
  const body = phrases.map((p) => (raw ? p : phraseSource(p))).join('|');
  return new RegExp(`${NOT_WORD_BEFORE}(?:${body})${NOT_WORD_AFTER}`, 'u');
}

/** Where a sentence can begin: the start of the text or after a sentence's end. */
const SENTENCE_START = '(?:^|[.!?;:…]\\s+)';

/** A matcher for any of `phrases` opening a sentence (whole words). */
export function anySentenceOpener(phrases: readonly string[]): RegExp {
  const body = phrases.map(phraseSource).join('|');
  return new RegExp(`${SENTENCE_START}(?:${body})${NOT_WORD_AFTER}`, 'u');
}

/**
 * A matcher for an interjection opening a sentence and followed by punctuation or the end:
 * "Sure!", "Sorry, but", "Certainly." match; "Sure-fire deploy" and "Sorry page shows 500"
 * do not, because a real title uses the word, not the interjection.
 */
export function anyInterjection(words: readonly string[]): RegExp {
  const body = words.map(phraseSource).join('|');
  return new RegExp(`${SENTENCE_START}(?:${body})\\s*(?:[!,.:;…]|$)`, 'u');
}
