import type { SessionRow } from '../../../../shared/domain/session';
import type { ChatDefaults, ChatProviderName } from '../../../../shared/ipc/agents';
import type { ChatOverride } from '../sessionOptions';
import type { AgentBackend, AgentEventSink, AgentSession, AgentSessionContext } from '../types';
import { createAnthropicClient } from '../../models/clients/anthropic';
import { createOpenAIClient } from '../../models/clients/openai';
import type { ModelClient } from '../../models/types';
import { ChatSession, DEFAULT_CHAT_LIMITS, type ChatLimits } from './session';

export type { ChatProviderName };

export const DEFAULT_CHAT_ANTHROPIC_MODEL = 'claude-sonnet-4-5';
export const DEFAULT_CHAT_OPENAI_MODEL = 'gpt-4o-mini';

/** A chat talks to a model through the shared client of its provider. */
export type ChatProvider = ModelClient;

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

/** The chat's defaults from Settings → Agents (null: automatic / the provider's default model). */
export interface ChatPreference {
  readonly chatProvider: ChatProviderName | null;
  readonly chatModel: string | null;
}

/**
 * Which provider a chat uses: the session's own choice, else `SWARMDESK_CHAT_PROVIDER`, else the
 * one chosen in Settings → Agents, else the first one configured (an Anthropic key, then an
 * OpenAI-compatible endpoint or key); the model: the session's own, else (for the default provider
 * only: it names that provider's model) `SWARMDESK_CHAT_MODEL`, else the one chosen in Settings
 * (when it was chosen for that provider, or with the provider left automatic), else the provider's default.
 */
export function resolveChatConfig(env: NodeJS.ProcessEnv, endpoints: ChatEndpoints, override: ChatOverride = {}, preference?: ChatPreference): ChatConfig {
  const wanted = env.SWARMDESK_CHAT_PROVIDER?.trim().toLowerCase();
  const envModel = env.SWARMDESK_CHAT_MODEL?.trim() || null;
  const hasAnthropic = endpoints.anthropic.apiKey !== null;
  const hasOpenAI = endpoints.openai.baseURL !== null || endpoints.openai.apiKey !== null;
  let fallback: ChatProviderName | null = null;
  let problem: string | null = null;
  if (wanted === 'anthropic' || wanted === 'openai') fallback = wanted;
  else if (wanted) problem = `SWARMDESK_CHAT_PROVIDER is "${wanted}"; use anthropic or openai.`;
  else fallback = preference?.chatProvider ?? (hasAnthropic ? 'anthropic' : hasOpenAI ? 'openai' : null);
  const provider = override.provider ?? fallback;
  if (override.provider) problem = null;
  const storedModel = preference?.chatModel && (preference.chatProvider === null || preference.chatProvider === provider) ? preference.chatModel : null;
  const model = override.model?.trim() || (provider === fallback ? (envModel ?? storedModel) : null);
  if (!problem && provider === 'anthropic' && !hasAnthropic) problem = 'Chat needs an Anthropic API key for this endpoint (ANTHROPIC_API_KEY, or enter it in the settings screen: a key given for another base URL is not sent here).';
  if (!problem && provider === 'openai' && !hasOpenAI) problem = 'Chat needs an OpenAI-compatible endpoint (OPENAI_BASE_URL and/or OPENAI_API_KEY).';
  if (!problem && provider === null) problem = 'Chat needs a model provider: set an Anthropic API key or an OpenAI-compatible endpoint.';
  return { provider, model, endpoints, problem };
}

/** The model a config really asks for (what `createChatProvider` falls back to). */
export function effectiveChatModel(config: ChatConfig): string {
  if (config.model) return config.model;
  return config.provider === 'openai' ? (config.endpoints.openai.model ?? DEFAULT_CHAT_OPENAI_MODEL) : DEFAULT_CHAT_ANTHROPIC_MODEL;
}

/** What the new-session dialog shows for chat: the default provider and each one's state and default model. */
export function chatDefaults(config: (override?: ChatOverride) => ChatConfig): ChatDefaults {
  const of = (provider: ChatProviderName) => {
    const c = config({ provider });
    return { available: c.problem === null, reason: c.problem, defaultModel: effectiveChatModel(c) };
  };
  return { provider: config().provider, providers: { anthropic: of('anthropic'), openai: of('openai') } };
}

export function createChatProvider(config: ChatConfig): ChatProvider | null {
  if (config.problem || !config.provider) return null;
  // SDK retries are off: the chat session owns the retry policy.
  const model = effectiveChatModel(config);
  if (config.provider === 'anthropic') {
    return createAnthropicClient({ apiKey: config.endpoints.anthropic.apiKey, baseURL: config.endpoints.anthropic.baseURL, model, maxRetries: 0 });
  }
  return createOpenAIClient({ apiKey: config.endpoints.openai.apiKey, baseURL: config.endpoints.openai.baseURL, model, maxRetries: 0 });
}

export interface ChatBackendOptions {
  /** Read on every open, so a key set in the settings screen applies to the next chat; with a session id, that session's own choice applies. */
  readonly config: (sessionId?: string) => ChatConfig;
  readonly limits?: Partial<ChatLimits>;
  /** Tests inject a provider; otherwise built from the config. */
  readonly provider?: ChatProvider;
}

export class ChatBackend implements AgentBackend {
  readonly kind = 'chat' as const;

  constructor(private readonly opts: ChatBackendOptions) {}

  unavailable(row?: SessionRow): string | null {
    return this.opts.provider ? null : this.opts.config(row?.id).problem;
  }

  open(ctx: AgentSessionContext, sink: AgentEventSink): AgentSession {
    const config = this.opts.config(ctx.row.id);
    const provider = this.opts.provider ?? createChatProvider(config);
    if (!provider) throw new Error(config.problem ?? 'no chat provider');
    return new ChatSession(provider, { ...DEFAULT_CHAT_LIMITS, ...this.opts.limits }, ctx, sink);
  }
}
