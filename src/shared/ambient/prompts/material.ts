/**
 * Making untrusted text safe to put inside an ambient prompt (SPEC §9.2). Material comes
 * from transcripts, tool output and imported files: it may hide characters that render as
 * nothing, be enormous, or contain text that looks like our own block tags. Every block a
 * prompt carries goes through `materialBlock`, so no material can close its block early or
 * forge a new one, and the model reads a bounded amount of it.
 */
import { maskSecretText } from '../../secretText';

/** Characters that render as nothing: zero-width and joiners, bidi controls and isolates,
 *  invisible operators, fillers, BOM, variation selectors and tag characters. Stripped
 *  whole (joiners included): a prompt does not need emoji to hold together. */
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- combining marks listed on purpose, to remove them
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]|[\u{E0000}-\u{E007F}]|[\u{E0100}-\u{E01EF}]/gu;

/** Control characters other than tab and newline (a terminal's escape codes included). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

export function stripInvisibleForPrompt(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(INVISIBLE, '').replace(CONTROL, '');
}

/**
 * Every tag opener in material loses its angle bracket: `</recent_activity>` becomes
 * `‹/recent_activity>`, and so does any `<tag`, `</tag` or `< /tag`, in any case, and in
 * the fullwidth or small forms a model might read as `<`. The model still reads the text;
 * it can no longer be taken for our markup. Plain comparisons (`a < b`) are left alone.
 */
const TAG_OPENER = /[<\uFF1C\uFE64](?=\/|[\p{L}_!?]|\s+\/)/gu;

export function neutraliseTags(text: string): string {
  return text.replace(TAG_OPENER, '\u2039');
}

/** Length in code points. */
function codePoints(text: string): string[] {
  return Array.from(text);
}

/**
 * `text` cut to its first `head` and last `tail` code points with a marker in between,
 * when it is longer than both together. Keeps the opening (what was asked) and the end
 * (where things stand), which is what every ambient kind needs.
 */
export function clipHeadTail(text: string, head: number, tail: number): string {
  const chars = codePoints(text);
  if (chars.length <= head + tail) return text;
  const start = chars.slice(0, head).join('').trimEnd();
  const end = chars.slice(chars.length - tail).join('').trimStart();
  return `${start}\n[… ${chars.length - head - tail} characters left out …]\n${end}`;
}

export interface ClipBudget {
  readonly head: number;
  readonly tail: number;
}

/**
 * Cleans material for a block: invisibles out, secrets masked, clipped, tags neutralised, trimmed.
 * Masked after the invisibles go (a zero-width space inside a key would hide it) and before the
 * clip (a cut could leave half a key no shape matches).
 */
export function cleanMaterial(text: string, budget: ClipBudget): string {
  return neutraliseTags(clipHeadTail(maskSecretText(stripInvisibleForPrompt(text)), budget.head, budget.tail)).trim();
}

/** Block names are ours, never from material: lower-case words and underscores only. */
const BLOCK_NAME = /^[a-z][a-z_]*$/;

/** `<name>\n…\n</name>` around cleaned material. */
export function materialBlock(name: string, text: string, budget: ClipBudget): string {
  if (!BLOCK_NAME.test(name)) throw new Error(`bad block name: ${name}`);
  return `<${name}>\n${cleanMaterial(text, budget)}\n</${name}>`;
}

/** Whether material is worth a block at all: something visible is left after cleaning. */
export function hasContent(text: string | null | undefined): text is string {
  return typeof text === 'string' && stripInvisibleForPrompt(text).trim() !== '';
}
