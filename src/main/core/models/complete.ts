/** A one-shot text call on any streaming client, inside the shared watchdog (ambient work uses it). */
import { ModelError } from './errors';
import type { CallBounds, ModelClient } from './types';
import { watchCall } from './watchdog';

export interface TextPrompt {
  readonly system: string;
  readonly user: string;
  readonly maxTokens: number;
}

export interface TextReply {
  readonly text: string;
  readonly model: string;
  readonly tokensIn: number | null;
  readonly tokensOut: number | null;
}

export function completeText(client: ModelClient, prompt: TextPrompt, bounds: CallBounds, signal?: AbortSignal): Promise<TextReply> {
  const name = client.provider === 'anthropic' ? 'Anthropic' : 'The OpenAI-compatible endpoint';
  return watchCall(bounds, signal, name, async (w) => {
    const reply = await client.stream(
      [{ role: 'user', content: [{ type: 'text', text: prompt.user }] }],
      { system: prompt.system, maxTokens: prompt.maxTokens, signal: w.signal, connectMs: bounds.connectMs },
      { onStart: () => w.started(), onActivity: () => w.alive() },
    );
    const text = reply.blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
    if (reply.blocks.some((b) => b.type === 'tool_use')) throw new ModelError('bad_response', `${name} asked for a tool in a text call.`);
    return { text, model: client.model, tokensIn: reply.inputTokens, tokensOut: reply.outputTokens };
  });
}
