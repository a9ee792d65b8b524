import { isCompactionSummary } from '../../../../shared/compaction';
import { isToolMeta } from '../../../../shared/judge/tool-text';
import { CLIP, clip, type ImportedEntry } from './types';

/**
 * Context a tool injects into a user turn is not the user's words (issue 14 §6):
 * Claude Code's `<system-reminder>`, slash-command echoes (`<command-name>`…),
 * local command output, hook output, IDE selections; Codex's
 * `<environment_context>`, `<user_instructions>`, AGENTS.md. The user entry
 * keeps only the words; the rest becomes one `context` entry (shown collapsed,
 * not indexed for search), so no label, excerpt, first line or snippet shows it.
 */
const TAGS: Readonly<Record<string, string>> = {
  'system-reminder': 'System reminder',
  'command-name': 'Command',
  'command-message': 'Command',
  'command-args': 'Command',
  'command-contents': 'Command',
  'local-command-stdout': 'Command output',
  'local-command-stderr': 'Command output',
  'local-command-caveat': 'Caveat',
  'user-prompt-submit-hook': 'Hook output',
  'bash-input': 'Shell command',
  'bash-stdout': 'Shell output',
  'bash-stderr': 'Shell output',
  'task-notification': 'Task notification',
  'ide_selection': 'IDE selection',
  'ide_opened_file': 'File opened in the IDE',
  'ide_diagnostics': 'IDE diagnostics',
  'environment_context': 'Environment context',
  'user_instructions': 'Instructions',
  'user_shell_command': 'Shell command',
  'turn_aborted': 'Turn aborted',
  'permissions instructions': 'Permission instructions',
};

const TAG_ALTERNATION = Object.keys(TAGS).map((t) => t.replace(/[-_ ]/gu, (c) => (c === ' ' ? '\\s' : c))).join('|');
/** A whole block, or an opening tag never closed (then it runs to the end of the text). */
const BLOCK = new RegExp(`<(${TAG_ALTERNATION})\\b[^>]*>([\\s\\S]*?)(?:<\\/\\1\\s*>|$)`, 'giu');

export interface SplitText {
  /** What the user wrote, without the injected parts ('' when there is none). */
  readonly words: string;
  /** The injected parts, in order, as written. */
  readonly injected: string;
  /** A short name for what was injected ("System reminder", "Command /review"). */
  readonly label: string | null;
  /** The injected part came before the words (it is shown first). */
  readonly injectedFirst: boolean;
}

function commandLabel(parts: ReadonlyMap<string, string>): string {
  const name = parts.get('command-name')?.trim();
  const args = parts.get('command-args')?.trim();
  return ['Command', name, args].filter((p) => p).join(' ').slice(0, 120);
}

/** Splits a user text into the user's words and what a tool injected into it. */
export function splitInjected(text: string): SplitText {
  if (isCompactionSummary(text)) return { words: text, injected: '', label: null, injectedFirst: false };
  const blocks: string[] = [];
  const labels: string[] = [];
  const commandParts = new Map<string, string>();
  let firstBlockAt = -1;
  const rest = text.replace(BLOCK, (whole: string, tag: string, inner: string, at: number) => {
    const key = tag.toLowerCase().replace(/\s+/gu, ' ');
    if (firstBlockAt === -1) firstBlockAt = at;
    blocks.push(whole.trim());
    if (key.startsWith('command-')) commandParts.set(key, inner);
    const label = key.startsWith('command-') ? 'Command' : (TAGS[key] ?? 'Context');
    if (!labels.includes(label)) labels.push(label);
    return '\n';
  });
  let words = rest.replace(/\n{3,}/gu, '\n\n').trim();
  // A caveat, an interruption note, hook feedback or AGENTS.md text: the whole remainder is the tool's.
  if (words !== '' && isToolMeta(words) && !isCompactionSummary(words)) {
    if (firstBlockAt === -1) firstBlockAt = 0;
    blocks.push(words);
    labels.push(metaLabel(words));
    words = '';
  }
  if (blocks.length === 0) return { words: text, injected: '', label: null, injectedFirst: false };
  const named = labels.map((l) => (l === 'Command' ? commandLabel(commandParts) : l));
  return {
    words,
    injected: blocks.join('\n\n'),
    label: [...new Set(named)].join(', '),
    injectedFirst: words === '' || text.indexOf(words.slice(0, 40)) > firstBlockAt,
  };
}

function metaLabel(text: string): string {
  const t = text.trimStart();
  if (/^caveat:/iu.test(t)) return 'Caveat';
  if (/^\[request interrupted/iu.test(t)) return 'Interrupted';
  if (/^# agents\.md/iu.test(t) || /^<permissions instructions>/iu.test(t)) return 'Instructions';
  if (/hook/iu.test(t.slice(0, 80))) return 'Hook output';
  return 'Tool note';
}

/** The entries for one user text: the words (if any) and the injected context (if any), in the order written. */
export function userTextEntries(text: string, at: number, meta: ImportedEntry['meta'] = null): ImportedEntry[] {
  const split = splitInjected(text);
  const out: ImportedEntry[] = [];
  if (split.injected !== '') {
    out.push({ kind: 'context', text: clip(split.injected, CLIP.message), meta: { label: split.label }, createdAt: at });
  }
  if (split.words !== '') {
    const user: ImportedEntry = { kind: 'user', text: clip(split.words, CLIP.message), meta, createdAt: at };
    if (split.injectedFirst) out.push(user);
    else out.unshift(user);
  }
  return out;
}
