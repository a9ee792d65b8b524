/**
 * The Claude Code CLI's `--output-format stream-json` lines, as observed from CLI
 * 2.1.332 (see ../README.md). Parsing is lenient on purpose: the CLI adds fields
 * between versions, so only the fields we use are checked; a line that is not JSON
 * or not an object is `invalid`, an unknown `type` is `unknown`, and neither is fatal.
 */

import { jsonTextDeeperThan, MAX_PEER_DEPTH } from '../../../../shared/jsonDepth';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

export interface ContentBlockText {
  readonly type: 'text';
  readonly text: string;
}
export interface ContentBlockThinking {
  readonly type: 'thinking';
  readonly thinking: string;
}
export interface ContentBlockToolUse {
  readonly type: 'tool_use';
  readonly id: string;
  readonly name: string;
  readonly input: JsonObject;
}
export interface ContentBlockToolResult {
  readonly type: 'tool_result';
  readonly toolUseId: string;
  readonly text: string;
  readonly isError: boolean;
}
export type CliBlock = ContentBlockText | ContentBlockThinking | ContentBlockToolUse | ContentBlockToolResult;

export type CliEvent =
  | {
      readonly type: 'init';
      readonly sessionId: string;
      readonly model: string | null;
      readonly permissionMode: string | null;
      /** `none` when the CLI runs on a subscription login (its cost figures are then not money billed). */
      readonly apiKeySource: string | null;
    }
  | { readonly type: 'requesting' }
  | { readonly type: 'message'; readonly role: 'assistant' | 'user'; readonly messageId: string | null; readonly parentToolUseId: string | null; readonly blocks: CliBlock[] }
  | { readonly type: 'block-start'; readonly index: number; readonly blockType: string }
  | { readonly type: 'delta'; readonly index: number; readonly kind: 'text' | 'thinking'; readonly text: string }
  | { readonly type: 'message-stop' }
  /** The model's reason to stop this message (`end_turn`, `tool_use`…): a result should follow an `end_turn`. */
  | { readonly type: 'stop-reason'; readonly stopReason: string }
  | { readonly type: 'task-started'; readonly toolUseId: string | null; readonly taskType: string | null; readonly description: string | null; readonly backgrounded: boolean }
  | { readonly type: 'task-ended'; readonly toolUseId: string | null; readonly status: string | null }
  | { readonly type: 'background-tasks'; readonly count: number }
  | {
      readonly type: 'result';
      readonly isError: boolean;
      readonly subtype: string | null;
      readonly text: string | null;
      readonly sessionId: string | null;
      readonly inputTokens: number;
      readonly outputTokens: number;
      readonly cacheReadTokens: number;
      readonly cacheWriteTokens: number;
      /** `total_cost_usd`: the CLI's running total for its session so far, not this turn's. */
      readonly costUsd: number | null;
    }
  /** A well-formed line we do not use (stream events we skip, hooks, rate limits…). */
  | { readonly type: 'ignored'; readonly what: string }
  | { readonly type: 'unknown'; readonly what: string }
  | { readonly type: 'invalid'; readonly reason: string };

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function str(v: Json | undefined): string | null {
  return typeof v === 'string' ? v : null;
}
function num(v: Json | undefined): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/** Text of a tool result's `content`: a string, or text blocks (images and the rest named). */
function toolResultText(content: Json | undefined): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => {
      if (!isObject(part)) return '';
      if (part.type === 'text' && typeof part.text === 'string') return part.text;
      return typeof part.type === 'string' ? `[${part.type}]` : '';
    })
    .filter((t) => t !== '')
    .join('\n');
}

function parseBlocks(content: Json | undefined): CliBlock[] {
  if (typeof content === 'string') return content.trim() ? [{ type: 'text', text: content }] : [];
  if (!Array.isArray(content)) return [];
  const out: CliBlock[] = [];
  for (const b of content) {
    if (!isObject(b)) continue;
    if (b.type === 'text' && typeof b.text === 'string') out.push({ type: 'text', text: b.text });
    else if (b.type === 'thinking' && typeof b.thinking === 'string') out.push({ type: 'thinking', thinking: b.thinking });
    else if (b.type === 'tool_use' && typeof b.id === 'string' && typeof b.name === 'string') {
      out.push({ type: 'tool_use', id: b.id, name: b.name, input: isObject(b.input) ? b.input : {} });
    } else if (b.type === 'tool_result' && typeof b.tool_use_id === 'string') {
      out.push({ type: 'tool_result', toolUseId: b.tool_use_id, text: toolResultText(b.content), isError: b.is_error === true });
    }
  }
  return out;
}

function parseStreamEvent(ev: Json | undefined): CliEvent {
  if (!isObject(ev)) return { type: 'invalid', reason: 'stream_event without event' };
  switch (ev.type) {
    case 'content_block_start': {
      const block = isObject(ev.content_block) ? ev.content_block : {};
      return { type: 'block-start', index: num(ev.index), blockType: str(block.type) ?? 'unknown' };
    }
    case 'content_block_delta': {
      const delta = isObject(ev.delta) ? ev.delta : {};
      if (delta.type === 'text_delta' && typeof delta.text === 'string') return { type: 'delta', index: num(ev.index), kind: 'text', text: delta.text };
      if (delta.type === 'thinking_delta' && typeof delta.thinking === 'string') return { type: 'delta', index: num(ev.index), kind: 'thinking', text: delta.thinking };
      return { type: 'ignored', what: `delta:${str(delta.type) ?? '?'}` };
    }
    case 'message_stop':
      return { type: 'message-stop' };
    case 'message_delta': {
      const delta = isObject(ev.delta) ? ev.delta : {};
      const stopReason = str(delta.stop_reason);
      return stopReason ? { type: 'stop-reason', stopReason } : { type: 'ignored', what: 'stream:message_delta' };
    }
    case 'message_start':
    case 'content_block_stop':
    case 'ping':
      return { type: 'ignored', what: `stream:${ev.type}` };
    default:
      return { type: 'unknown', what: `stream:${str(ev.type) ?? '?'}` };
  }
}

function parseSystem(o: JsonObject): CliEvent {
  switch (o.subtype) {
    case 'init': {
      const sessionId = str(o.session_id);
      if (!sessionId) return { type: 'invalid', reason: 'init without session_id' };
      return { type: 'init', sessionId, model: str(o.model), permissionMode: str(o.permissionMode), apiKeySource: str(o.apiKeySource) };
    }
    case 'status':
      return o.status === 'requesting' ? { type: 'requesting' } : { type: 'ignored', what: `status:${str(o.status) ?? '?'}` };
    case 'task_started':
      return {
        type: 'task-started',
        toolUseId: str(o.tool_use_id),
        taskType: str(o.task_type),
        description: str(o.description),
        backgrounded: o.is_backgrounded === true,
      };
    case 'task_notification':
      return { type: 'task-ended', toolUseId: str(o.tool_use_id), status: str(o.status) };
    case 'background_tasks_changed':
      return { type: 'background-tasks', count: Array.isArray(o.tasks) ? o.tasks.length : 0 };
    default:
      return { type: 'ignored', what: `system:${str(o.subtype) ?? '?'}` };
  }
}

/** One stdout line of the CLI → one event. Never throws. */
export function parseCliLine(line: string): CliEvent {
  // A tool input is stored and sent on by walks that recurse (JSON.stringify): bound it before the parse.
  if (jsonTextDeeperThan(line, MAX_PEER_DEPTH)) return { type: 'invalid', reason: 'nested too deeply' };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { type: 'invalid', reason: 'not JSON' };
  }
  if (!isObject(value)) return { type: 'invalid', reason: 'not an object' };
  const o = value;
  switch (o.type) {
    case 'system':
      return parseSystem(o);
    case 'stream_event':
      // Subagents' partial messages are not shown live; their whole messages arrive as lines.
      if (o.parent_tool_use_id !== null && o.parent_tool_use_id !== undefined) return { type: 'ignored', what: 'stream:subagent' };
      return parseStreamEvent(o.event);
    case 'assistant':
    case 'user': {
      const message = isObject(o.message) ? o.message : {};
      return {
        type: 'message',
        role: o.type,
        messageId: str(message.id),
        parentToolUseId: str(o.parent_tool_use_id),
        blocks: parseBlocks(message.content),
      };
    }
    case 'result': {
      const usage = isObject(o.usage) ? o.usage : {};
      return {
        type: 'result',
        isError: o.is_error === true,
        subtype: str(o.subtype),
        text: str(o.result),
        sessionId: str(o.session_id),
        inputTokens: num(usage.input_tokens) + num(usage.cache_read_input_tokens) + num(usage.cache_creation_input_tokens),
        outputTokens: num(usage.output_tokens),
        cacheReadTokens: num(usage.cache_read_input_tokens),
        cacheWriteTokens: num(usage.cache_creation_input_tokens),
        costUsd: typeof o.total_cost_usd === 'number' ? o.total_cost_usd : null,
      };
    }
    case 'rate_limit_event':
    case 'control_response':
    case 'control_request':
    case 'keep_alive':
      return { type: 'ignored', what: String(o.type) };
    default:
      return { type: 'unknown', what: typeof o.type === 'string' ? o.type.slice(0, 40) : '?' };
  }
}
