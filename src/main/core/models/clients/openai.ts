/** Any OpenAI-compatible chat completions endpoint, streaming: the one such client for chat and ambient calls. */
import OpenAI from 'openai';
import { DEFAULT_BASE_URLS } from '../credentials';
import { ModelError, toModelError } from '../errors';
import type { ModelBlock, ModelCallOptions, ModelClient, ModelClientOptions, ModelMessage, ModelReply, ModelStreamHandlers } from '../types';

type Param = OpenAI.Chat.ChatCompletionMessageParam;

/** Our history in chat-completions form: tool results become `tool` messages, before the user's text. */
export function toOpenAIMessages(system: string, messages: readonly ModelMessage[]): Param[] {
  const out: Param[] = [{ role: 'system', content: system }];
  for (const m of messages) {
    if (m.role === 'assistant') {
      const text = m.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n\n');
      const calls = m.content.flatMap((b) =>
        b.type === 'tool_use' ? [{ id: b.id, type: 'function' as const, function: { name: b.name, arguments: JSON.stringify(b.input) } }] : [],
      );
      out.push({ role: 'assistant', content: text || null, ...(calls.length ? { tool_calls: calls } : {}) });
      continue;
    }
    for (const b of m.content) if (b.type === 'tool_result') out.push({ role: 'tool', tool_call_id: b.toolUseId, content: b.isError ? `Error: ${b.content}` : b.content });
    const text = m.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n\n');
    if (text) out.push({ role: 'user', content: text });
  }
  return out;
}

/**
 * Local servers (Ollama, LM Studio) take any key, but the SDK needs a non-empty one: a
 * placeholder then. Organisation and project are given as none so the SDK reads nothing of
 * its own from the process environment.
 */
export function createOpenAIClient(opts: ModelClientOptions): ModelClient {
  const model = opts.model;
  const client = new OpenAI({
    apiKey: opts.apiKey || 'not-needed',
    baseURL: opts.baseURL || DEFAULT_BASE_URLS.openai,
    organization: null,
    project: null,
    maxRetries: opts.maxRetries,
    logLevel: 'off',
    // A redirect would carry the key to another endpoint: refuse it.
    fetchOptions: { redirect: 'error' },
  });
  return {
    provider: 'openai',
    model,
    async stream(messages: readonly ModelMessage[], call: ModelCallOptions, h: ModelStreamHandlers = {}): Promise<ModelReply> {
      let text = '';
      const calls = new Map<number, { id: string; name: string; args: string }>();
      let finish: string | null = null;
      let inputTokens = 0;
      let outputTokens = 0;
      try {
        const stream = await client.chat.completions.create(
          { model, max_tokens: call.maxTokens, messages: toOpenAIMessages(call.system, messages), stream: true, stream_options: { include_usage: true } },
          { signal: call.signal, timeout: call.connectMs },
        );
        h.onStart?.();
        for await (const chunk of stream) {
          h.onActivity?.();
          if (chunk.usage) {
            inputTokens = chunk.usage.prompt_tokens;
            outputTokens = chunk.usage.completion_tokens;
          }
          const choice = chunk.choices[0];
          if (!choice) continue;
          const delta = choice.delta;
          if (delta?.content) {
            text += delta.content;
            h.onText?.(delta.content);
          }
          for (const tc of delta?.tool_calls ?? []) {
            const c = calls.get(tc.index) ?? { id: '', name: '', args: '' };
            if (tc.id) c.id = tc.id;
            if (tc.function?.name) c.name += tc.function.name;
            if (tc.function?.arguments) c.args += tc.function.arguments;
            calls.set(tc.index, c);
          }
          if (choice.finish_reason) finish = choice.finish_reason;
        }
      } catch (err) {
        throw toModelError(err, 'The OpenAI-compatible endpoint', call.signal.aborted);
      }
      if (call.signal.aborted) throw new ModelError('aborted', 'OpenAI-compatible endpoint: cancelled');
      if (finish === null) throw new ModelError('truncated', "The OpenAI-compatible endpoint's reply was cut off before its end.");
      const blocks: ModelBlock[] = text ? [{ type: 'text', text }] : [];
      for (const [, c] of [...calls.entries()].sort((a, b) => a[0] - b[0])) {
        let input: Record<string, unknown> = {};
        try {
          const parsed: unknown = c.args ? JSON.parse(c.args) : {};
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) input = parsed as Record<string, unknown>;
        } catch {
          input = {};
        }
        blocks.push({ type: 'tool_use', id: c.id || `call_${calls.size}`, name: c.name || 'unknown', input });
      }
      return { blocks, thinking: '', stopReason: finish, inputTokens, outputTokens };
    },
  };
}
