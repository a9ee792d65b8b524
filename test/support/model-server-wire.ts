/**
 * The wire shapes the stand-in model server sends: Anthropic Messages (a plain
 * message, or the SSE event sequence message_start → content_block_* → message_delta
 * → message_stop) and OpenAI chat completions (a plain completion, or chunks ending in
 * `data: [DONE]`). Pure functions of a scripted reply, so tests can read them too.
 */

export type ContentBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'thinking'; readonly thinking: string }
  | { readonly type: 'tool_use'; readonly id?: string; readonly name: string; readonly input: Record<string, unknown> };

export interface ReplyContent {
  /** Shorthand for one text block. */
  readonly text?: string;
  /** Full control over the blocks (text, thinking, tool_use), in order. */
  readonly content?: readonly ContentBlock[];
  /** Prepends a thinking block. */
  readonly thinking?: string;
  /** Default: `tool_use` when a tool_use block is present, else `end_turn`. */
  readonly stopReason?: 'end_turn' | 'max_tokens' | 'tool_use' | 'stop_sequence';
  /** Override the reported output tokens (default: an estimate from the text). */
  readonly outputTokens?: number;
  /** Gap between stream frames (ms); 0 sends them all at once. */
  readonly chunkDelayMs?: number;
}

let counter = 0;
function nextId(prefix: string): string {
  counter += 1;
  return `${prefix}_standin${Date.now().toString(36)}${counter}`;
}

/** About four characters a token: the same rough rule the providers' own docs give. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

export function blocksOf(reply: ReplyContent): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  if (reply.thinking !== undefined) blocks.push({ type: 'thinking', thinking: reply.thinking });
  if (reply.content) blocks.push(...reply.content);
  if (reply.text !== undefined) blocks.push({ type: 'text', text: reply.text });
  if (blocks.length === 0) blocks.push({ type: 'text', text: '' });
  return blocks;
}

function stopReasonOf(reply: ReplyContent, blocks: ContentBlock[]): string {
  return reply.stopReason ?? (blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
}

function outputTokensOf(reply: ReplyContent, blocks: ContentBlock[]): number {
  if (reply.outputTokens !== undefined) return reply.outputTokens;
  const text = blocks.map((b) => (b.type === 'text' ? b.text : b.type === 'thinking' ? b.thinking : JSON.stringify(b.input))).join('');
  return estimateTokens(text);
}

function withIds(blocks: ContentBlock[]): ContentBlock[] {
  return blocks.map((b) => (b.type === 'tool_use' && !b.id ? { ...b, id: nextId('toolu') } : b));
}

function anthropicBlock(b: ContentBlock): Record<string, unknown> {
  if (b.type === 'thinking') return { type: 'thinking', thinking: b.thinking, signature: 'standin-signature' };
  return { ...b };
}

export function anthropicMessage(reply: ReplyContent, model: string, inputTokens: number): Record<string, unknown> {
  const blocks = withIds(blocksOf(reply));
  return {
    id: nextId('msg'),
    type: 'message',
    role: 'assistant',
    model: model || 'stand-in',
    content: blocks.map(anthropicBlock),
    stop_reason: stopReasonOf(reply, blocks),
    stop_sequence: null,
    usage: { input_tokens: inputTokens, output_tokens: outputTokensOf(reply, blocks), cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Splits text into a few deltas, as a real stream does. */
function pieces(text: string, size = 12): string[] {
  if (text === '') return [''];
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** The real Anthropic SSE event sequence for `reply`, one string per event. */
export function anthropicStreamEvents(reply: ReplyContent, model: string, inputTokens: number): string[] {
  const blocks = withIds(blocksOf(reply));
  const frames: string[] = [];
  frames.push(
    sse('message_start', {
      type: 'message_start',
      message: {
        id: nextId('msg'),
        type: 'message',
        role: 'assistant',
        model: model || 'stand-in',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: inputTokens, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      },
    }),
  );
  frames.push(sse('ping', { type: 'ping' }));
  blocks.forEach((b, index) => {
    if (b.type === 'text') {
      frames.push(sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }));
      for (const p of pieces(b.text)) {
        frames.push(sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: p } }));
      }
    } else if (b.type === 'thinking') {
      frames.push(sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } }));
      for (const p of pieces(b.thinking)) {
        frames.push(sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: p } }));
      }
      frames.push(sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: 'standin-signature' } }));
    } else {
      frames.push(sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} } }));
      for (const p of pieces(JSON.stringify(b.input), 10)) {
        frames.push(sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: p } }));
      }
    }
    frames.push(sse('content_block_stop', { type: 'content_block_stop', index }));
  });
  frames.push(
    sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopReasonOf(reply, blocks), stop_sequence: null },
      usage: { output_tokens: outputTokensOf(reply, blocks) },
    }),
  );
  frames.push(sse('message_stop', { type: 'message_stop' }));
  return frames;
}

function openaiFinish(reply: ReplyContent, blocks: ContentBlock[]): string {
  const stop = stopReasonOf(reply, blocks);
  return stop === 'tool_use' ? 'tool_calls' : stop === 'max_tokens' ? 'length' : 'stop';
}

function openaiToolCalls(blocks: ContentBlock[]): Array<Record<string, unknown>> {
  return blocks
    .filter((b): b is Extract<ContentBlock, { type: 'tool_use' }> => b.type === 'tool_use')
    .map((b) => ({ id: b.id ?? nextId('call'), type: 'function', function: { name: b.name, arguments: JSON.stringify(b.input) } }));
}

function openaiText(blocks: ContentBlock[]): string {
  return blocks.filter((b) => b.type === 'text').map((b) => (b.type === 'text' ? b.text : '')).join('');
}

export function openaiCompletion(reply: ReplyContent, model: string, inputTokens: number): Record<string, unknown> {
  const blocks = withIds(blocksOf(reply));
  const tools = openaiToolCalls(blocks);
  const out = outputTokensOf(reply, blocks);
  return {
    id: nextId('chatcmpl'),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: model || 'stand-in',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: openaiText(blocks), refusal: null, ...(tools.length ? { tool_calls: tools } : {}) },
        logprobs: null,
        finish_reason: openaiFinish(reply, blocks),
      },
    ],
    usage: { prompt_tokens: inputTokens, completion_tokens: out, total_tokens: inputTokens + out },
  };
}

/** OpenAI chat completion chunks for `reply`, ending in `data: [DONE]`. */
export function openaiStreamChunks(reply: ReplyContent, model: string, inputTokens: number, includeUsage: boolean): string[] {
  const blocks = withIds(blocksOf(reply));
  const id = nextId('chatcmpl');
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}): string =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: model || 'stand-in', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], ...extra })}\n\n`;
  const frames: string[] = [chunk({ role: 'assistant', content: '' }, null)];
  for (const p of pieces(openaiText(blocks))) if (p) frames.push(chunk({ content: p }, null));
  openaiToolCalls(blocks).forEach((call, index) => {
    const fn = call.function as { name: string; arguments: string };
    frames.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: fn.name, arguments: '' } }] }, null));
    for (const p of pieces(fn.arguments, 10)) frames.push(chunk({ tool_calls: [{ index, function: { arguments: p } }] }, null));
  });
  frames.push(chunk({}, openaiFinish(reply, blocks)));
  if (includeUsage) {
    const out = outputTokensOf(reply, blocks);
    frames.push(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: model || 'stand-in', choices: [], usage: { prompt_tokens: inputTokens, completion_tokens: out, total_tokens: inputTokens + out } })}\n\n`,
    );
  }
  frames.push('data: [DONE]\n\n');
  return frames;
}
