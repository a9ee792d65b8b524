import type { Entry } from '../../../../shared/domain/session';
import { APP, Conversation, USER, type Block, type ToolResult } from './conversation';

/** Entry kinds that belong to a reply the summary covers (see `coversThroughSeq`). */
const REPLY_KINDS = new Set(['assistant', 'thinking', 'tool-use', 'tool-result', 'summary']);

/** The last entry a compaction summary made now would cover: the last reply, not the open user text. */
export function lastReplySeq(entries: readonly Entry[]): number | null {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const e = entries[i] as Entry;
    if (REPLY_KINDS.has(e.kind)) return e.seq;
  }
  return null;
}

function parseInput(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'string') return {};
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Rebuilds a chat's history from its committed entries (after a restart): from the
 * last compaction summary (spoken by Swarmdesk) on, folding every entry through the
 * same Conversation rules, so the result is a valid history by construction.
 * Thinking, notes and errors are the pane's, not the model's.
 */
export function conversationFromEntries(entries: readonly Entry[]): Conversation {
  const c = new Conversation();
  let start = 0;
  let coveredThrough = -1;
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const e = entries[i] as Entry;
    if (e.kind === 'summary') {
      c.pushText(APP, e.text);
      start = i + 1;
      const covers = e.meta?.coversThroughSeq;
      coveredThrough = typeof covers === 'number' ? covers : e.seq;
      break;
    }
  }
  let reply: Block[] = [];
  let results: ToolResult[] = [];
  const flushReply = (): void => {
    const content = reply.filter((b) => b.type !== 'text' || b.text.trim() !== '');
    reply = [];
    // Only a reply that lands marks what came before it as sent: an empty one answered nothing.
    if (content.length === 0 || !c.canRequest()) return;
    c.assemble();
    c.pushAssistant(content);
  };
  const flushResults = (): void => {
    if (results.length === 0) return;
    c.pushToolResults(results);
    results = [];
  };
  // Entries before the summary but after what it covers (the user text that was open when
  // it was made) come back too: they were not part of it.
  const rest = [...entries.slice(0, start).filter((e) => e.seq > coveredThrough && e.kind !== 'summary'), ...entries.slice(start)];
  for (const e of rest) {
    switch (e.kind) {
      case 'user':
      case 'steer':
        flushReply();
        flushResults();
        c.pushText(USER, e.text);
        break;
      case 'assistant':
        flushResults();
        reply.push({ type: 'text', text: e.text });
        break;
      case 'tool-use': {
        flushResults();
        const id = typeof e.meta?.toolUseId === 'string' ? e.meta.toolUseId : `toolu_rebuilt_${e.seq}`;
        const name = typeof e.meta?.tool === 'string' ? e.meta.tool : 'unknown';
        reply.push({ type: 'tool_use', id, name, input: parseInput(e.meta?.input) });
        break;
      }
      case 'tool-result': {
        flushReply();
        const id = typeof e.meta?.toolUseId === 'string' ? e.meta.toolUseId : '';
        results.push({ type: 'tool_result', toolUseId: id, content: e.text, isError: e.meta?.isError === true });
        break;
      }
      default:
        break;
    }
  }
  flushReply();
  flushResults();
  // A reply whose tool uses never got results (a crash between the two) gets error results.
  if (c.pendingToolUses().length > 0) c.pushToolResults([]);
  return c;
}
