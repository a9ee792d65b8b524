/*
 * A finished ACP tool call's content as the text of its `tool-result` entry: text blocks
 * joined, each diff as a unified diff (`--- a/<path>`, `+++ b/<path>`, then the old lines
 * with `-` and the new ones with `+`), clipped to 256 KB with a last line saying how much
 * was left out. Built against the budget, so a 50 MB output never becomes one 50 MB string.
 */

export const MAX_TOOL_RESULT_CHARS = 256 * 1024;

/** A `ToolCallContent` item, read defensively. */
export interface ToolContentLike {
  readonly type?: unknown;
  readonly content?: unknown;
  readonly path?: unknown;
  readonly oldText?: unknown;
  readonly newText?: unknown;
  readonly terminalId?: unknown;
}

class Budgeted {
  private readonly parts: string[] = [];
  private used = 0;
  left = 0;

  constructor(private readonly max: number) {}

  push(text: string): void {
    const room = this.max - this.used;
    if (room <= 0) {
      this.left += text.length;
      return;
    }
    const take = text.length <= room ? text : text.slice(0, room);
    this.parts.push(take);
    this.used += take.length;
    this.left += text.length - take.length;
  }

  text(): string {
    const body = this.parts.join('');
    return this.left > 0 ? `${body}\n… ${this.left} more characters of tool output were left out.` : body;
  }
}

function lines(text: string, mark: '-' | '+', out: Budgeted): void {
  if (text === '') return;
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const line = nl === -1 ? text.slice(start) : text.slice(start, nl);
    out.push(`\n${mark}${line}`);
    if (nl === -1 || nl === text.length - 1) return;
    start = nl + 1;
  }
}

/** Fields of a command's raw result that hold what it printed, best first (codex-acp's exec results have them all). */
const OUTPUT_FIELDS = ['formatted_output', 'aggregated_output', 'output', 'stdout'] as const;

/**
 * A tool's raw output when it sent no content: a command's output and a failing exit code where the
 * agent reports them (codex-acp sends its exec result as an object), else the value as JSON.
 */
export function rawOutputText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const o = raw as Record<string, unknown>;
    const code = typeof o['exit_code'] === 'number' ? o['exit_code'] : null;
    const printed = OUTPUT_FIELDS.map((k) => o[k]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (printed !== undefined) return code !== null && code !== 0 ? `${printed}\n(exit code ${code})` : printed;
    if (code !== null) return `(no output; exit code ${code})`;
  }
  try {
    return JSON.stringify(raw) ?? String(raw);
  } catch {
    return String(raw);
  }
}

export function renderToolContent(
  content: readonly ToolContentLike[],
  rawOutput: unknown,
  shownPath: (path: string) => string,
  max: number = MAX_TOOL_RESULT_CHARS,
): { text: string; diffPaths: string[] } {
  const out = new Budgeted(max);
  const diffPaths: string[] = [];
  let first = true;
  const separate = (): void => {
    if (!first) out.push('\n');
    first = false;
  };
  for (const item of content) {
    if (item.type === 'content') {
      const block = item.content as { type?: unknown; text?: unknown } | null;
      if (block?.type === 'text' && typeof block.text === 'string') {
        separate();
        out.push(block.text);
      }
    } else if (item.type === 'diff' && typeof item.path === 'string') {
      const path = shownPath(item.path);
      diffPaths.push(path);
      separate();
      out.push(`--- a/${path}\n+++ b/${path}`);
      if (typeof item.oldText === 'string') lines(item.oldText, '-', out);
      if (typeof item.newText === 'string') lines(item.newText, '+', out);
    } else if (item.type === 'terminal') {
      separate();
      out.push(`(output in terminal ${String(item.terminalId)})`);
    }
  }
  if (first && rawOutput !== undefined && rawOutput !== null) out.push(rawOutputText(rawOutput));
  return { text: out.text(), diffPaths: diffPaths.slice(0, 50) };
}
