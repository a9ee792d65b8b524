import type { AgentBackend, AgentEventSink, AgentSession, AgentSessionContext } from '../types';
import { createAnthropicChat } from './anthropic';
import { createOpenAIChat } from './openai';
import type { ChatProvider } from './provider';
import { ChatSession, DEFAULT_CHAT_LIMITS, type ChatLimits } from './session';

export type ChatProviderName = 'anthropic' | 'openai';

/** Keys and endpoints as the ambient settings resolved them (env over stored, SPEC §10). */
export interface ChatEndpoints {
  readonly anthropic: { readonly apiKey: string | null; readonly baseURL: string | null };
  readonly openai: { readonly apiKey: string | null; readonly baseURL: string | null; readonly model: string | null };
}

export interface ChatConfig {
  readonly provider: ChatProviderName | null;
  readonly model: string | null;
  readonly endpoints: ChatEndpoints;
  /** Why no chat can run, or null. */
  readonly problem: string | null;
}

/**
 * Which provider a chat uses: `SWARMDESK_CHAT_PROVIDER`, else the first one configured
 * (an Anthropic key, then an OpenAI-compatible endpoint or key); the model from
 * `SWARMDESK_CHAT_MODEL`, else the provider's default.
 */
export function resolveChatConfig(env: NodeJS.ProcessEnv, endpoints: ChatEndpoints): ChatConfig {
  const wanted = env.SWARMDESK_CHAT_PROVIDER?.trim().toLowerCase();
  const model = env.SWARMDESK_CHAT_MODEL?.trim() || null;
  const hasAnthropic = endpoints.anthropic.apiKey !== null;
  const hasOpenAI = endpoints.openai.baseURL !== null || endpoints.openai.apiKey !== null;
  let provider: ChatProviderName | null = null;
  let problem: string | null = null;
  if (wanted === 'anthropic' || wanted === 'openai') provider = wanted;
  else if (wanted) problem = `SWARMDESK_CHAT_PROVIDER is "${wanted}"; use anthropic or openai.`;
  else provider = hasAnthropic ? 'anthropic' : hasOpenAI ? 'openai' : null;
  if (!problem && provider === 'anthropic' && !hasAnthropic) problem = 'Chat needs an Anthropic API key (ANTHROPIC_API_KEY or the settings screen).';
  if (!problem && provider === 'openai' && !hasOpenAI) problem = 'Chat needs an OpenAI-compatible endpoint (OPENAI_BASE_URL and/or OPENAI_API_KEY).';
  if (!problem && provider === null) problem = 'Chat needs a model provider: set an Anthropic API key or an OpenAI-compatible endpoint.';
  return { provider, model, endpoints, problem };
}

export function createChatProvider(config: ChatConfig): ChatProvider | null {
  if (config.problem || !config.provider) return null;
  if (config.provider === 'anthropic') {
    return createAnthropicChat({ apiKey: config.endpoints.anthropic.apiKey ?? '', baseURL: config.endpoints.anthropic.baseURL, model: config.model });
  }
  return createOpenAIChat({ apiKey: config.endpoints.openai.apiKey, baseURL: config.endpoints.openai.baseURL, model: config.model ?? config.endpoints.openai.model });
}

export interface ChatBackendOptions {
  /** Read on every open, so a key set in the settings screen applies to the next chat. */
  readonly config: () => ChatConfig;
  readonly limits?: Partial<ChatLimits>;
  /** Tests inject a provider; otherwise built from the config. */
  readonly provider?: ChatProvider;
}

export class ChatBackend implements AgentBackend {
  readonly kind = 'chat' as const;

  constructor(private readonly opts: ChatBackendOptions) {}

  unavailable(): string | null {
    return this.opts.provider ? null : this.opts.config().problem;
  }

  open(ctx: AgentSessionContext, sink: AgentEventSink): AgentSession {
    const provider = this.opts.provider ?? createChatProvider(this.opts.config());
    if (!provider) throw new Error(this.opts.config().problem ?? 'no chat provider');
    return new ChatSession(provider, { ...DEFAULT_CHAT_LIMITS, ...this.opts.limits }, ctx, sink);
  }
}
