/**
 * The ambient providers that call a model: thin adapters over the shared clients in
 * `core/models`. Ambient's policies live here: its small default models and one SDK retry
 * (the total bound still caps it, so a 429 or 529 cannot stretch a call).
 */
import { createAnthropicClient } from '../../models/clients/anthropic';
import { createClaudeCliClient } from '../../models/clients/claudeCli';
import { createOpenAIClient } from '../../models/clients/openai';
import { completeText } from '../../models/complete';
import type { AmbientProvider, ProviderReply, ProviderRequest } from './types';

export const DEFAULT_ANTHROPIC_MODEL = 'claude-haiku-4-5';
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_CLI_MODEL = 'haiku';

export interface ApiProviderOptions {
  /** Only a key `credentials.keyFor` gave for this same base URL. */
  readonly apiKey?: string | null;
  readonly baseURL?: string | null;
  readonly model?: string | null;
  /** SDK retries (429, 529, 5xx, connection errors). Default 1. */
  readonly maxRetries?: number;
}

function apiProvider(id: 'anthropic' | 'openai', opts: ApiProviderOptions, defaultModel: string): AmbientProvider {
  const options = { apiKey: opts.apiKey ?? null, baseURL: opts.baseURL ?? null, model: opts.model || defaultModel, maxRetries: opts.maxRetries ?? 1 };
  const client = id === 'anthropic' ? createAnthropicClient(options) : createOpenAIClient(options);
  return {
    id,
    model: client.model,
    supports: () => true,
    complete: (req: ProviderRequest): Promise<ProviderReply> => completeText(client, req.prompt, req.bounds, req.signal),
  };
}

export const createAnthropicProvider = (opts: ApiProviderOptions): AmbientProvider => apiProvider('anthropic', opts, DEFAULT_ANTHROPIC_MODEL);
export const createOpenAIProvider = (opts: ApiProviderOptions): AmbientProvider => apiProvider('openai', opts, DEFAULT_OPENAI_MODEL);

export interface ClaudeCliProviderOptions {
  readonly path?: string;
  readonly model?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
}

export function createClaudeCliProvider(opts: ClaudeCliProviderOptions = {}): AmbientProvider {
  const client = createClaudeCliClient({ ...opts, model: opts.model || DEFAULT_CLI_MODEL });
  return {
    id: 'claude-cli',
    model: client.model,
    supports: () => true,
    complete: (req: ProviderRequest): Promise<ProviderReply> => client.complete(req.prompt, req.bounds.totalMs, req.signal),
  };
}
