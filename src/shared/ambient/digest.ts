/**
 * Turning transcript entries into the material ambient prompts read: a compact digest with
 * one speaker tag a line, and the few facts (first user words, latest exchange) the
 * features pick from. Pure. A compaction summary is never taken for the user's words: it
 * is shown as an earlier summary, or skipped where only the user's own words will do.
 */
import { isCompactionSummary } from '../compaction';
import { isToolMeta } from '../judge/tool-text';
import type { Entry } from '../domain/session';

export type DigestEntry = Pick<Entry, 'kind' | 'text' | 'meta'>;

const PER_ENTRY_CHARS = 400;

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= max ? flat : `${chars.slice(0, max).join('')}…`;
}

function isSummary(e: DigestEntry): boolean {
  return e.kind === 'summary' || ((e.kind === 'user' || e.kind === 'steer') && isCompactionSummary(e.text));
}

/** The user's own words: user or steer entries that are not a compaction summary (any tool's
 *  wording) nor a tool's markup or meta line (a slash-command echo, a caveat, Codex's context). */
export function isUserWords(e: DigestEntry): boolean {
  return (e.kind === 'user' || e.kind === 'steer') && !isSummary(e) && e.text.trim() !== '' && !isToolMeta(e.text);
}

function toolName(e: DigestEntry): string {
  const name = e.meta?.['name'] ?? e.meta?.['tool'];
  return typeof name === 'string' && name !== '' ? name : 'tool';
}

/** One digest line for an entry, or null for what ambient calls need not read. */
function line(e: DigestEntry): string | null {
  if (isSummary(e)) return `[earlier summary] ${oneLine(e.text.replace(/^\s*\S.*?\]\s*/, ''), PER_ENTRY_CHARS)}`;
  switch (e.kind) {
    case 'user':
      return e.text.trim() ? `[user] ${oneLine(e.text, PER_ENTRY_CHARS)}` : null;
    case 'steer':
      return e.text.trim() ? `[user, while the agent worked] ${oneLine(e.text, PER_ENTRY_CHARS)}` : null;
    case 'assistant':
      return e.text.trim() ? `[assistant] ${oneLine(e.text, PER_ENTRY_CHARS)}` : null;
    case 'tool-use':
      return `[tool ${toolName(e)}] ${oneLine(e.text, 160)}`;
    case 'error':
      return `[error] ${oneLine(e.text, 200)}`;
    default:
      return null; // thinking, tool results and notes are noise for a title or a note
  }
}

/** The digest of `entries` (oldest first), newest `maxLines` kept. */
export function digest(entries: readonly DigestEntry[], maxLines = 40): string {
  const lines = entries.map(line).filter((l): l is string => l !== null);
  return lines.slice(-maxLines).join('\n');
}

/** The first real user message (never a compaction summary), or null. */
export function firstUserWords(entries: readonly DigestEntry[]): string | null {
  return entries.find(isUserWords)?.text ?? null;
}

/** The latest user message, or null. */
export function latestUserWords(entries: readonly DigestEntry[]): string | null {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const e = entries[i];
    if (e && isUserWords(e)) return e.text;
  }
  return null;
}

/** The latest assistant text, or null. */
export function latestAssistantText(entries: readonly DigestEntry[]): string | null {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const e = entries[i];
    if (e && e.kind === 'assistant' && e.text.trim() !== '') return e.text;
  }
  return null;
}

/** The digest from the latest real user message on: the latest exchange. */
export function latestExchange(entries: readonly DigestEntry[]): string {
  let start = 0;
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const e = entries[i];
    if (e && isUserWords(e)) {
      start = i;
      break;
    }
  }
  return digest(entries.slice(start), 20);
}

/** How many completed assistant turns: user messages that got an assistant answer after them. */
export function completedTurns(entries: readonly DigestEntry[]): number {
  let turns = 0;
  let open = false;
  for (const e of entries) {
    if (isUserWords(e) && e.kind === 'user') open = true;
    else if (e.kind === 'assistant' && open) {
      turns += 1;
      open = false;
    }
  }
  return turns;
}
