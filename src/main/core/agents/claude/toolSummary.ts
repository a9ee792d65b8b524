import type { JsonObject } from './streamJson';

const MAX_SUMMARY = 120;

/** One line, collapsed whitespace, clipped with an ellipsis. */
export function oneLine(text: string, max = MAX_SUMMARY): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

function field(input: JsonObject, ...names: string[]): string | null {
  for (const n of names) {
    const v = input[n];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return null;
}

/**
 * What a collapsed tool line says after the tool's name (the pane shows
 * `<tool>: <detail>`): "npm test" for Bash, the path for Edit, "TODO in src" for Grep.
 */
export function toolUseDetail(name: string, input: JsonObject): string {
  const path = field(input, 'file_path', 'notebook_path', 'path');
  switch (name) {
    case 'Bash':
      return oneLine(field(input, 'command') ?? '');
    case 'Read':
    case 'Edit':
    case 'MultiEdit':
    case 'Write':
    case 'NotebookEdit':
      return oneLine(path ?? '');
    case 'Grep':
    case 'Glob':
      return oneLine(`${field(input, 'pattern') ?? ''}${path ? ` in ${path}` : ''}`);
    case 'Task':
    case 'Agent':
      return oneLine(field(input, 'description', 'prompt') ?? '');
    case 'WebFetch':
      return oneLine(field(input, 'url') ?? '');
    case 'WebSearch':
      return oneLine(field(input, 'query') ?? '');
    default: {
      const first = Object.values(input).find((v): v is string => typeof v === 'string' && v.trim() !== '');
      return oneLine(first ?? '');
    }
  }
}

/** The whole input, readable: what the collapsed line shows when opened (and what search finds). */
export function toolUseBody(name: string, input: JsonObject): string {
  if (name === 'Bash' && typeof input.command === 'string') {
    const description = typeof input.description === 'string' ? `# ${input.description}\n` : '';
    return `${description}${input.command}`;
  }
  return JSON.stringify(input, null, 2);
}

/** The collapsed line of a tool result: its first non-empty line, or why it failed. */
export function toolResultSummary(text: string, isError: boolean): string {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const first = lines[0] ?? '';
  if (isError) return oneLine(`Error: ${first || 'the tool failed'}`);
  if (lines.length === 0) return '(no output)';
  return oneLine(lines.length > 1 ? `${first} (+${lines.length - 1} ${lines.length === 2 ? 'line' : 'lines'})` : first);
}
