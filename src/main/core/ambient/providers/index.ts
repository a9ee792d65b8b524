import type { ResolvedAmbient } from '../config';
import { createAnthropicProvider, createClaudeCliProvider, createOpenAIProvider } from './models';
import { createOfflineProvider } from './offline';
import type { AmbientProvider, ProviderId } from './types';

export * from './types';

/** The providers of a resolved configuration, in chain order. */
export function buildChain(config: ResolvedAmbient, env: NodeJS.ProcessEnv): AmbientProvider[] {
  return config.chain.map((id: ProviderId): AmbientProvider => {
    switch (id) {
      case 'anthropic':
        return createAnthropicProvider({
          apiKey: config.anthropic.apiKey ?? '',
          ...(config.anthropic.baseURL ? { baseURL: config.anthropic.baseURL } : {}),
          ...(config.model ? { model: config.model } : {}),
        });
      case 'openai':
        return createOpenAIProvider({
          ...(config.openai.apiKey ? { apiKey: config.openai.apiKey } : {}),
          ...(config.openai.baseURL ? { baseURL: config.openai.baseURL } : {}),
          ...(config.model ? { model: config.model } : {}),
        });
      case 'claude-cli':
        return createClaudeCliProvider({ path: config.claudePath, ...(config.model ? { model: config.model } : {}), env });
      case 'offline':
        return createOfflineProvider();
    }
  });
}
