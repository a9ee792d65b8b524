/**
 * What the Gemini stand-in answers, as a pure function of the request's last turn
 * (so tests can read the script too). The Gemini API request carries the whole
 * conversation in `contents`; its last content is either the user's prompt (text
 * parts) or the results of the tools the model called (`functionResponse` parts).
 * The tool descriptions mention `functionResponse` too, so only the last content's
 * parts tell the two apart.
 *
 * The default script, by the words of the user's prompt:
 * - `write <path>` (optionally `with: <content>`): a `write_file` call for that path;
 *   once its result comes back, a closing text that quotes the result.
 * - `slow`: a reply that trickles for two minutes, so a cancel lands mid-turn.
 * - anything else: a text answer naming the prompt's longest word and that word with
 *   `answer` appended (`marmalade` → `marmaladeanswer`), a word only the answer holds,
 *   for search tests.
 */

export interface ToolResult {
  readonly name: string;
  /** The `response` object gemini sent back (`{ output }` or `{ error }`). */
  readonly response: Record<string, unknown>;
}

export type LastTurn =
  | { readonly kind: 'prompt'; readonly prompt: string }
  | { readonly kind: 'toolResult'; readonly prompt: string; readonly results: readonly ToolResult[] }
  | { readonly kind: 'none' };

export type GeminiReply =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'functionCall'; readonly name: string; readonly args: Record<string, unknown>; readonly text?: string }
  /** A reply of `piece` after `piece`, a quarter second apart, for two minutes. */
  | { readonly kind: 'trickle'; readonly piece: string };

export type GeminiScript = (last: LastTurn) => GeminiReply;

/** The content written when the prompt names none. */
export const DEFAULT_WRITE_CONTENT = 'Written by the Gemini stand-in.\n';

type Part = Record<string, unknown>;

function partsOf(content: unknown): Part[] {
  if (!content || typeof content !== 'object') return [];
  const parts = (content as { parts?: unknown }).parts;
  return Array.isArray(parts) ? parts.filter((p): p is Part => !!p && typeof p === 'object') : [];
}

/**
 * The user's prompt: the text of the last user content that holds no tool results.
 * Gemini CLI may send context of its own (the folder, the date) as earlier parts or
 * contents; the prompt is the last text part of that content.
 */
function promptOf(contents: unknown[]): string {
  for (let i = contents.length - 1; i >= 0; i -= 1) {
    const content = contents[i] as { role?: unknown } | undefined;
    if (content?.role !== 'user') continue;
    const parts = partsOf(content);
    if (parts.some((p) => 'functionResponse' in p)) continue;
    const texts = parts.map((p) => (typeof p.text === 'string' ? p.text : '')).filter((t) => t.trim() !== '');
    if (texts.length > 0) return texts[texts.length - 1] ?? '';
  }
  return '';
}

export function lastTurnOf(body: Record<string, unknown> | null): LastTurn {
  const contents = Array.isArray(body?.contents) ? body.contents : [];
  const last = contents[contents.length - 1];
  if (last === undefined) return { kind: 'none' };
  const parts = partsOf(last);
  const responses = parts
    .map((p) => p.functionResponse)
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object');
  if (responses.length > 0) {
    return {
      kind: 'toolResult',
      prompt: promptOf(contents),
      results: responses.map((r) => ({
        name: typeof r.name === 'string' ? r.name : '',
        response: r.response && typeof r.response === 'object' ? (r.response as Record<string, unknown>) : {},
      })),
    };
  }
  return { kind: 'prompt', prompt: promptOf(contents) };
}

/** The longest word of `text` made of letters (the first one on a tie), lower-cased. */
export function keywordOf(text: string): string {
  const words = text.toLowerCase().match(/[a-z]{3,}/g) ?? [];
  return words.reduce((best, w) => (w.length > best.length ? w : best), '') || 'nothing';
}

/** The word only an answer to `prompt` holds (`marmalade` → `marmaladeanswer`). */
export function answerWordOf(prompt: string): string {
  return `${keywordOf(prompt)}answer`;
}

/** `write <path>` and an optional `with: <content>` (to the end of the prompt). */
export function writeRequestOf(prompt: string): { path: string; content: string } | null {
  const m = /\bwrite\s+(\S+)(?:\s+with:\s*([\s\S]*))?/i.exec(prompt);
  if (!m?.[1]) return null;
  return { path: m[1], content: m[2] !== undefined ? m[2] : DEFAULT_WRITE_CONTENT };
}

function resultLine(result: ToolResult): string {
  const r = result.response;
  const said = typeof r.output === 'string' ? r.output : typeof r.error === 'string' ? `error: ${r.error}` : JSON.stringify(r);
  // The first line, without gemini's lead-in to the file it echoes after it.
  const first = (said.split('\n')[0] ?? '').replace(/\s*Here is the updated code:?\s*$/, '');
  return `${result.name} said: ${first.slice(0, 300)}`;
}

export const geminiScript: GeminiScript = (last) => {
  if (last.kind === 'none') return { kind: 'text', text: 'Nothing was asked.' };
  if (last.kind === 'toolResult') {
    return { kind: 'text', text: `Finished. ${last.results.map(resultLine).join(' ')}` };
  }
  const write = writeRequestOf(last.prompt);
  if (write) {
    return {
      kind: 'functionCall',
      name: 'write_file',
      args: { file_path: write.path, content: write.content },
      text: `I will write ${write.path}.`,
    };
  }
  if (/\bslow\b/i.test(last.prompt)) return { kind: 'trickle', piece: 'still thinking slowly' };
  const word = keywordOf(last.prompt);
  return { kind: 'text', text: `You asked about ${word}. The word for it here is ${answerWordOf(last.prompt)}.` };
};
