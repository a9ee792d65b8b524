/**
 * Ambient calls over any OpenAI-compatible chat completions endpoint (OpenAI, Ollama,
 * LM Studio, vLLM, OpenRouter), streaming, with the same bounds as the Anthropic provider.
 */
import OpenAI from 'openai';
import { Deadline } from './deadline';
import { withinDeadline } from './errors';
import { ProviderError, type AmbientProvider, type ProviderReply, type ProviderRequest } from './types';
import { DEFAULT_BASE_URLS } from '../../models/credentials';

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

export interface OpenAIProviderOptions {
  /** Local servers take any key; the SDK needs a non-empty one. */
  readonly apiKey?: string;
  readonly baseURL?: string;
  readonly model?: string;
  readonly maxRetries?: number;
}

export function createOpenAIProvider(opts: OpenAIProviderOptions): AmbientProvider {
  const model = opts.model || DEFAULT_OPENAI_MODEL;
  const client = new OpenAI({ apiKey: opts.apiKey || 'not-needed', baseURL: opts.baseURL || DEFAULT_BASE_URLS.openai, maxRetries: opts.maxRetries ?? 1 });
  return {
    id: 'openai',
    model,
    supports: () => true,
    async complete(req: ProviderRequest): Promise<ProviderReply> {
      const deadline = new Deadline(req.bounds, req.signal);
      const work = async (): Promise<ProviderReply> => {
        const stream = await client.chat.completions.create(
          {
            model,
            max_tokens: req.prompt.maxTokens,
            messages: [
              { role: 'system', content: req.prompt.system },
              { role: 'user', content: req.prompt.user },
            ],
            stream: true,
            stream_options: { include_usage: true },
          },
          { signal: deadline.signal, timeout: req.bounds.connectMs },
        );
        deadline.started();
        let text = '';
        let tokensIn: number | null = null;
        let tokensOut: number | null = null;
        let finished = false;
        for await (const chunk of stream) {
          deadline.alive();
          const choice = chunk.choices[0];
          text += choice?.delta.content ?? '';
          if (choice?.finish_reason) finished = true;
          if (chunk.usage) {
            tokensIn = chunk.usage.prompt_tokens;
            tokensOut = chunk.usage.completion_tokens;
          }
        }
        // An aborted or cut stream can end the loop quietly: a partial answer is no answer.
        if (deadline.reason !== null) throw new Error('aborted');
        if (!finished) throw new ProviderError('bad-response', 'openai: the stream ended without a finish reason');
        return { text, model, tokensIn, tokensOut };
      };
      return withinDeadline(deadline, 'openai', work);
    },
  };
}
