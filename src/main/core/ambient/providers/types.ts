/**
 * What an ambient provider is: one small, bounded, text-in text-out call. Providers know
 * nothing of titles or judges; they turn a prompt into raw reply text, or fail with a
 * typed reason, always within the bounds they are given.
 */
import type { AmbientPrompt, PromptKind } from '../../../../shared/ambient/prompts/shared';

export const PROVIDER_IDS = ['anthropic', 'openai', 'claude-cli', 'offline'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** Time bounds of one call. The SDKs' own timeout stops at the headers; these cover the rest. */
export interface CallBounds {
  /** Until the response starts (headers, or the CLI's first byte). */
  readonly connectMs: number;
  /** The longest gap between two pieces of a stream. */
  readonly idleMs: number;
  /** The whole call, retries included. */
  readonly totalMs: number;
}

export const DEFAULT_BOUNDS: CallBounds = { connectMs: 10_000, idleMs: 10_000, totalMs: 30_000 };

export interface ProviderRequest {
  readonly prompt: AmbientPrompt;
  readonly bounds: CallBounds;
  /** Aborts the call (shutdown). The provider's own bounds abort it too. */
  readonly signal?: AbortSignal;
  /** For the offline titler: the user's first message, raw (a model reads the prompt instead). */
  readonly firstUserMessage?: string | null;
}

export interface ProviderReply {
  readonly text: string;
  readonly model: string;
  readonly tokensIn: number | null;
  readonly tokensOut: number | null;
}

export type ProviderFailure = 'timeout' | 'http' | 'network' | 'cli' | 'config' | 'aborted' | 'bad-response';

export class ProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface AmbientProvider {
  readonly id: ProviderId;
  readonly model: string;
  /** Whether this provider can answer `kind` at all (the offline titler only titles). */
  supports(kind: PromptKind): boolean;
  complete(request: ProviderRequest): Promise<ProviderReply>;
}
