import { toolResultSummary, toolUseDetail } from '../claude/toolSummary';
import { userTextEntries } from './injected';
import { CLIP, clip, isRecord, parseTime, str, withFirstLine, type ImportedEntry, type ParseRun, type RecordParser, type SessionFacts } from './types';

/**
 * Codex CLI rollouts (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`): lines of
 * `{timestamp, type, payload}` with `session_meta` (id, cwd), `response_item`
 * (messages, function calls and outputs, reasoning) and `compacted`. Older
 * files put the meta (`{id, timestamp}`) first and the items unwrapped; both
 * are read. `event_msg` lines repeat the items for the UI: only `user_message` is read (a rollout
 * cut before its `response_item` still has the user's words), and imported once.
 */
const WANTED = new Set(['session_meta', 'event_msg', 'response_item', 'compacted', 'message', 'function_call', 'function_call_output', 'custom_tool_call', 'custom_tool_call_output', 'reasoning']);

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const b of content) {
    if (isRecord(b) && typeof b.text === 'string') parts.push(b.text);
  }
  return parts.join('\n');
}

function textKey(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Codex writes a user message twice: as a `response_item` (what the model saw) and as a
 * `user_message` event (what the UI showed). Whichever comes first is imported; the other,
 * with the same words, is the same message. A rollout cut after the event keeps the words.
 */
function sameUserMessage(facts: SessionFacts, from: 'item' | 'event', words: string): boolean {
  const key = textKey(words.trim());
  const pending = facts.pendingUser;
  if (pending && pending.from !== from && pending.key === key) {
    facts.pendingUser = null;
    return true;
  }
  facts.pendingUser = { from, key };
  return false;
}

function argsObject(args: string): Record<string, string | number | boolean | null> {
  try {
    const v: unknown = JSON.parse(args);
    if (!isRecord(v)) return {};
    const out: Record<string, string | number | boolean | null> = {};
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean' || x === null) out[k] = x;
      else if (Array.isArray(x) && x.every((y) => typeof y === 'string')) out[k] = x.join(' ');
    }
    return out;
  } catch {
    return {};
  }
}

function itemEntries(item: Record<string, unknown>, at: number, facts: SessionFacts, run: ParseRun): ImportedEntry[] {
  switch (item.type) {
    case 'message': {
      const text = contentText(item.content);
      if (text === '') return [];
      if (item.role === 'user') {
        const entries = userTextEntries(text, at);
        const words = entries.find((e) => e.kind === 'user')?.text;
        // The same words again in the `user_message` event (either order) are one message, not two.
        if (words !== undefined && sameUserMessage(facts, 'item', words)) return entries.filter((e) => e.kind !== 'user');
        return withFirstLine(facts, entries);
      }
      if (item.role === 'assistant') return [{ kind: 'assistant', text: clip(text, CLIP.message), meta: null, createdAt: at }];
      return [];
    }
    case 'function_call':
    case 'custom_tool_call': {
      const args = str(item.arguments) ?? str(item.input) ?? '';
      const name = str(item.name) ?? 'tool';
      const toolUseId = str(item.call_id);
      run.rememberTool(toolUseId, name);
      const detail = toolUseDetail(name, argsObject(args)) || clip(args, 120);
      return [{ kind: 'tool-use', text: clip(args, CLIP.toolUse), meta: { toolUseId, tool: name, summary: detail, input: clip(args, 4_096) }, createdAt: at }];
    }
    case 'function_call_output':
    case 'custom_tool_call_output': {
      const output = item.output;
      const text = typeof output === 'string' ? output : isRecord(output) ? (str(output.content) ?? contentText(output.content)) : '';
      const toolUseId = str(item.call_id);
      return [{ kind: 'tool-result', text: clip(text, CLIP.toolResult), meta: { toolUseId, tool: run.toolName(toolUseId), isError: false, summary: toolResultSummary(text.slice(0, 20_000), false) }, createdAt: at }];
    }
    case 'reasoning': {
      const text = contentText(item.summary) || contentText(item.content);
      return text ? [{ kind: 'thinking', text: clip(text, CLIP.thinking), meta: null, createdAt: at }] : [];
    }
    default:
      return [];
  }
}

export const codexParser: RecordParser = {
  // Legacy meta lines have no type at all.
  wants: (type) => type === null || WANTED.has(type),
  members: new Set(['type', 'payload', 'timestamp', 'id', 'role', 'content', 'name', 'arguments', 'input', 'call_id', 'output', 'summary']),

  parse(record, facts, counts, run) {
    const at = parseTime(record.timestamp, facts.updatedAt);
    let entries: ImportedEntry[] = [];
    if (record.type === 'session_meta' && isRecord(record.payload)) {
      facts.backendId ??= str(record.payload.id);
      facts.cwd ??= str(record.payload.cwd);
      facts.startedAt ??= parseTime(record.payload.timestamp, at);
    } else if (record.type === undefined && typeof record.id === 'string' && typeof record.timestamp === 'string') {
      facts.backendId ??= record.id;
      facts.startedAt ??= at;
    } else if (record.type === 'response_item' && isRecord(record.payload)) {
      entries = itemEntries(record.payload, at, facts, run);
    } else if (record.type === 'event_msg' && isRecord(record.payload) && record.payload.type === 'user_message') {
      const words = str(record.payload.message)?.trim() ?? '';
      if (words !== '' && !sameUserMessage(facts, 'event', words)) {
        entries = withFirstLine(facts, userTextEntries(words, at));
      }
    } else if (record.type === 'event_msg') {
      counts.skippedRecords += 1;
    } else if (record.type === 'compacted' && isRecord(record.payload)) {
      const text = str(record.payload.message) ?? '';
      entries = text ? [{ kind: 'summary', text: clip(text, CLIP.message), meta: null, createdAt: at }] : [];
    } else if (typeof record.type === 'string' && record.type !== 'response_item') {
      entries = itemEntries(record, at, facts, run);
    }
    if (entries.length > 0) {
      facts.startedAt ??= at;
      facts.updatedAt = Math.max(facts.updatedAt ?? 0, at);
    }
    return entries;
  },
};
