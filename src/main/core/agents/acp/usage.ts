import type { TurnUsage } from '../../../../shared/domain/usage';

/*
 * What a turn used, where the agent says so in its prompt response: ACP's draft `usage`
 * (`inputTokens`, `outputTokens`, cached parts) or Gemini CLI's `_meta.quota.token_count`
 * (`input_tokens`, `output_tokens`). Tokens only: no agent reports money billed here.
 */

const n = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : null);

export function turnUsageOf(response: unknown): TurnUsage | null {
  if (!response || typeof response !== 'object') return null;
  const r = response as { usage?: Record<string, unknown> | null; _meta?: { quota?: { token_count?: Record<string, unknown> } } | null };
  const u = r.usage;
  if (u && n(u.inputTokens) !== null && n(u.outputTokens) !== null) {
    return {
      inputTokens: n(u.inputTokens) as number,
      outputTokens: n(u.outputTokens) as number,
      cacheReadTokens: n(u.cachedReadTokens) ?? 0,
      cacheWriteTokens: n(u.cachedWriteTokens) ?? 0,
      costUsd: null,
    };
  }
  const tc = r._meta?.quota?.token_count;
  if (tc && n(tc.input_tokens) !== null && n(tc.output_tokens) !== null) {
    return { inputTokens: n(tc.input_tokens) as number, outputTokens: n(tc.output_tokens) as number, costUsd: null };
  }
  return null;
}
