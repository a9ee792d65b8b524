/**
 * Ambient calls over the Anthropic Messages API (streaming), bounded by our own connect,
 * idle and total deadlines: the SDK's timeout stops at the headers, and its retries are
 * capped at one so a 429 or 529 cannot stretch a call past its total bound.
 */
import Anthropic from '@anthropic-ai/sdk';
import { Deadline } from './deadline';
import { withinDeadline } from './errors';
import { ProviderError, type AmbientProvider, type ProviderReply, type ProviderRequest } from './types';
import { DEFAULT_BASE_URLS } from '../../models/credentials';

export const DEFAULT_ANTHROPIC_MODEL = 'claude-haiku-4-5';

export interface AnthropicProviderOptions {
  readonly apiKey: string;
  readonly baseURL?: string;
  readonly model?: string;
  /** SDK retries (429, 529, 5xx, connection errors). Default 1. */
  readonly maxRetries?: number;
}

export function createAnthropicProvider(opts: AnthropicProviderOptions): AmbientProvider {
  const model = opts.model || DEFAULT_ANTHROPIC_MODEL;
  const client = new Anthropic({ apiKey: opts.apiKey, baseURL: opts.baseURL || DEFAULT_BASE_URLS.anthropic, maxRetries: opts.maxRetries ?? 1 });
  return {
    id: 'anthropic',
    model,
    supports: () => true,
    async complete(req: ProviderRequest): Promise<ProviderReply> {
      const deadline = new Deadline(req.bounds, req.signal);
      const work = async (): Promise<ProviderReply> => {
        const stream = await client.messages.create(
          {
            model,
            max_tokens: req.prompt.maxTokens,
            system: req.prompt.system,
            messages: [{ role: 'user', content: req.prompt.user }],
            stream: true,
          },
          { signal: deadline.signal, timeout: req.bounds.connectMs },
        );
        deadline.started();
        let text = '';
        let tokensIn: number | null = null;
        let tokensOut: number | null = null;
        let finished = false;
        for await (const event of stream) {
          deadline.alive();
          if (event.type === 'message_start') tokensIn = event.message.usage.input_tokens;
          else if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
          else if (event.type === 'message_delta') tokensOut = event.usage.output_tokens;
          else if (event.type === 'message_stop') finished = true;
        }
        // An aborted or cut stream can end the loop quietly: a partial answer is no answer.
        if (deadline.reason !== null) throw new Error('aborted');
        if (!finished) throw new ProviderError('bad-response', 'anthropic: the stream ended before message_stop');
        return { text, model, tokensIn, tokensOut };
      };
      return withinDeadline(deadline, 'anthropic', work);
    },
  };
}
