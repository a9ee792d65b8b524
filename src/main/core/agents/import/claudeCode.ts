import { toolResultSummary, toolUseBody, toolUseDetail } from '../claude/toolSummary';
import { userTextEntries } from './injected';
import { CLIP, clip, isRecord, parseTime, str, withFirstLine, type ImportCounts, type ImportedEntry, type ParseRun, type RecordParser, type SessionFacts } from './types';

/**
 * Claude Code transcripts (`~/.claude/projects/<folder>/<session>.jsonl`), as
 * described in shared/formats/README.md: the user/assistant/system chain, tool
 * use and results, thinking, and the title records (`custom-title` = the
 * user's rename, `ai-title`, `summary`; the last of each wins). Sidechain
 * records are a subagent's own traffic and stay out of the main transcript.
 */
const WANTED = new Set(['user', 'assistant', 'system', 'summary', 'custom-title', 'ai-title']);

type Block = Record<string, unknown>;

/** A tool result's content: a string, or blocks of which the text ones count. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const b of content) {
    if (isRecord(b) && b.type === 'text' && typeof b.text === 'string') parts.push(b.text);
    else if (isRecord(b) && b.type === 'image') parts.push('[image]');
  }
  return parts.join('\n');
}

function userEntries(record: Record<string, unknown>, at: number, facts: SessionFacts, run: ParseRun): ImportedEntry[] {
  const message = isRecord(record.message) ? record.message : null;
  if (!message) return [];
  const content = message.content;
  if (record.isCompactSummary === true) {
    const text = typeof content === 'string' ? content : resultText(content);
    return text ? [{ kind: 'summary', text: clip(text, CLIP.message), meta: null, createdAt: at }] : [];
  }
  if (typeof content === 'string') return withFirstLine(facts, userTextEntries(content, at));
  if (!Array.isArray(content)) return [];
  const out: ImportedEntry[] = [];
  for (const block of content as unknown[]) {
    if (!isRecord(block)) continue;
    if (block.type === 'text' && typeof block.text === 'string') {
      out.push(...withFirstLine(facts, userTextEntries(block.text, at)));
    } else if (block.type === 'tool_result') {
      const text = resultText(block.content);
      const isError = block.is_error === true;
      const toolUseId = str(block.tool_use_id);
      out.push({
        kind: 'tool-result',
        text: clip(text, CLIP.toolResult),
        meta: { toolUseId, tool: run.toolName(toolUseId), isError, summary: toolResultSummary(text.slice(0, 20_000), isError) },
        createdAt: at,
      });
    }
  }
  return out;
}

function assistantEntries(record: Record<string, unknown>, at: number, run: ParseRun): ImportedEntry[] {
  const message = isRecord(record.message) ? record.message : null;
  if (!message) return [];
  const content = message.content;
  const model = str(message.model);
  if (typeof content === 'string') return content ? [{ kind: 'assistant', text: clip(content, CLIP.message), meta: model ? { model } : null, createdAt: at }] : [];
  if (!Array.isArray(content)) return [];
  const out: ImportedEntry[] = [];
  for (const block of content as Block[]) {
    if (!isRecord(block)) continue;
    if (block.type === 'text' && typeof block.text === 'string' && block.text !== '') {
      out.push({ kind: 'assistant', text: clip(block.text, CLIP.message), meta: model ? { model } : null, createdAt: at });
    } else if (block.type === 'thinking' && typeof block.thinking === 'string' && block.thinking !== '') {
      out.push({ kind: 'thinking', text: clip(block.thinking, CLIP.thinking), meta: null, createdAt: at });
    } else if (block.type === 'tool_use') {
      // The same entry shape as the live claude-code backend: readable body, tool and one-line detail in meta.
      const name = str(block.name) ?? 'tool';
      const input = isRecord(block.input) ? (block.input as Parameters<typeof toolUseBody>[1]) : {};
      const toolUseId = str(block.id);
      run.rememberTool(toolUseId, name);
      out.push({
        kind: 'tool-use',
        text: clip(toolUseBody(name, input), CLIP.toolUse),
        meta: { toolUseId, tool: name, summary: toolUseDetail(name, input), input: clip(JSON.stringify(input), 4_096) },
        createdAt: at,
      });
    }
  }
  return out;
}

export const claudeCodeParser: RecordParser = {
  wants: (type) => type !== null && WANTED.has(type),
  members: new Set(['type', 'message', 'isSidechain', 'isMeta', 'isCompactSummary', 'sessionId', 'cwd', 'timestamp', 'customTitle', 'aiTitle', 'summary']),

  parse(record, facts, counts: ImportCounts, run) {
    const type = record.type;
    if (type === 'custom-title') {
      const t = str(record.customTitle);
      if (t !== null) facts.customTitle = t;
      return [];
    }
    if (type === 'ai-title' || type === 'summary') {
      const t = str(type === 'ai-title' ? record.aiTitle : record.summary);
      if (t !== null) facts.toolTitle = t;
      return [];
    }
    if (record.isSidechain === true) {
      counts.sidechainRecords += 1;
      return [];
    }
    if (type !== 'user' && type !== 'assistant') return [];
    facts.backendId ??= str(record.sessionId);
    facts.cwd ??= str(record.cwd);
    const at = parseTime(record.timestamp, facts.updatedAt);
    if (record.isMeta === true) return [];
    const entries = type === 'user' ? userEntries(record, at, facts, run) : assistantEntries(record, at, run);
    if (entries.length > 0) {
      facts.startedAt ??= at;
      facts.updatedAt = Math.max(facts.updatedAt ?? 0, at);
    }
    return entries;
  },
};
