/** The Anthropic Messages API, streaming: the one Anthropic client for chat and ambient calls. */
import Anthropic from '@anthropic-ai/sdk';
import { DEFAULT_BASE_URLS } from '../credentials';
import { ModelError, toModelError } from '../errors';
import type { ModelBlock, ModelCallOptions, ModelClient, ModelClientOptions, ModelMessage, ModelReply, ModelStreamHandlers } from '../types';

function toParam(m: ModelMessage): Anthropic.MessageParam {
  return {
    role: m.role,
    content: m.content.map((b): Anthropic.ContentBlockParam => {
      switch (b.type) {
        case 'text':
          return { type: 'text', text: b.text };
        case 'tool_use':
          return { type: 'tool_use', id: b.id, name: b.name, input: b.input };
        case 'tool_result':
          return { type: 'tool_result', tool_use_id: b.toolUseId, content: b.content, is_error: b.isError };
      }
    }),
  };
}

interface Building {
  kind: 'text' | 'tool_use' | 'thinking' | 'other';
  text: string;
  id: string;
  name: string;
  json: string;
}

/**
 * The key and base URL are always given explicitly (an empty key rather than none), so the
 * SDK never picks up a key or URL of its own from the process environment or config files;
 * redirects are refused, so the key goes to this endpoint only.
 */
export function createAnthropicClient(opts: ModelClientOptions): ModelClient {
  const model = opts.model;
  const client = new Anthropic({
    apiKey: opts.apiKey ?? '',
    baseURL: opts.baseURL || DEFAULT_BASE_URLS.anthropic,
    maxRetries: opts.maxRetries,
    logLevel: 'off',
    // A redirect would carry the key to another endpoint: refuse it.
    fetchOptions: { redirect: 'error' },
  });
  return {
    provider: 'anthropic',
    model,
    async stream(messages: readonly ModelMessage[], call: ModelCallOptions, h: ModelStreamHandlers = {}): Promise<ModelReply> {
      const blocks = new Map<number, Building>();
      let stopReason: string | null = null;
      let inputTokens = 0;
      let outputTokens = 0;
      let ended = false;
      try {
        const stream = await client.messages.create(
          { model, max_tokens: call.maxTokens, system: call.system, messages: messages.map(toParam), stream: true },
          { signal: call.signal, timeout: call.connectMs },
        );
        h.onStart?.();
        for await (const ev of stream) {
          h.onActivity?.();
          switch (ev.type) {
            case 'message_start':
              inputTokens = ev.message.usage.input_tokens;
              break;
            case 'content_block_start': {
              const cb = ev.content_block;
              const kind = cb.type === 'text' ? 'text' : cb.type === 'tool_use' ? 'tool_use' : cb.type === 'thinking' ? 'thinking' : 'other';
              blocks.set(ev.index, { kind, text: '', id: cb.type === 'tool_use' ? cb.id : '', name: cb.type === 'tool_use' ? cb.name : '', json: '' });
              break;
            }
            case 'content_block_delta': {
              const b = blocks.get(ev.index);
              if (!b) break;
              if (ev.delta.type === 'text_delta') {
                b.text += ev.delta.text;
                h.onText?.(ev.delta.text);
              } else if (ev.delta.type === 'thinking_delta') {
                b.text += ev.delta.thinking;
                h.onThinking?.(ev.delta.thinking);
              } else if (ev.delta.type === 'input_json_delta') {
                b.json += ev.delta.partial_json;
              }
              break;
            }
            case 'message_delta':
              stopReason = ev.delta.stop_reason ?? stopReason;
              outputTokens = ev.usage.output_tokens ?? outputTokens;
              break;
            case 'message_stop':
              ended = true;
              break;
            default:
              break;
          }
        }
      } catch (err) {
        throw toModelError(err, 'Anthropic', call.signal.aborted);
      }
      // The SDK ends quietly on abort; a body that stopped before message_stop was cut off.
      if (call.signal.aborted) throw new ModelError('aborted', 'Anthropic: cancelled');
      if (!ended) throw new ModelError('truncated', 'Anthropic: the reply was cut off before its end.');
      const out: ModelBlock[] = [];
      let thinking = '';
      for (const [, b] of [...blocks.entries()].sort((x, y) => x[0] - y[0])) {
        if (b.kind === 'text') out.push({ type: 'text', text: b.text });
        else if (b.kind === 'thinking') thinking += b.text;
        else if (b.kind === 'tool_use') {
          let input: Record<string, unknown> = {};
          try {
            const parsed: unknown = b.json ? JSON.parse(b.json) : {};
            if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) input = parsed as Record<string, unknown>;
          } catch {
            input = {};
          }
          out.push({ type: 'tool_use', id: b.id, name: b.name, input });
        }
      }
      return { blocks: out, thinking, stopReason, inputTokens, outputTokens };
    },
  };
}
