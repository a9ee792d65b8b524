/**
 * What an ambient provider is: one small, bounded, text-in text-out call. Providers know
 * nothing of titles or judges; they turn a prompt into raw reply text, or fail with a
 * ModelError, always within the bounds they are given.
 */
import type { AmbientPrompt, PromptKind } from '../../../../shared/ambient/prompts/shared';
import type { CallBounds } from '../../models/types';

export const PROVIDER_IDS = ['anthropic', 'openai', 'claude-cli', 'offline'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export type { CallBounds };

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

export { ModelError } from '../../models/errors';

export interface AmbientProvider {
  readonly id: ProviderId;
  readonly model: string;
  /** Whether this provider can answer `kind` at all (the offline titler only titles). */
  supports(kind: PromptKind): boolean;
  complete(request: ProviderRequest): Promise<ProviderReply>;
}
