import { z } from 'zod';
import { SessionIdSchema } from './session';

const Count = z.number().int().nonnegative();

/**
 * Tokens (and money where the source reports it as billed) over some turns.
 * `inputTokens` counts all input; `cacheReadTokens`/`cacheWriteTokens` are the
 * part of it the source named as cache. `costUsd` is null when no turn
 * reported money (a subscription login, a chat API without prices).
 */
export const UsageTotalsSchema = z.object({
  turns: Count,
  inputTokens: Count,
  outputTokens: Count,
  cacheReadTokens: Count,
  cacheWriteTokens: Count,
  costUsd: z.number().nonnegative().nullable(),
});
export type UsageTotals = z.infer<typeof UsageTotalsSchema>;

/** A session's usage: all its turns, its last turn, and the ambient calls made about it (titles, notes). */
export const SessionUsageSchema = z.object({
  sessionId: SessionIdSchema,
  total: UsageTotalsSchema,
  lastTurn: UsageTotalsSchema.nullable(),
  ambient: z.object({ calls: Count, inputTokens: Count, outputTokens: Count }),
});
export type SessionUsage = z.infer<typeof SessionUsageSchema>;

/**
 * One turn's usage as an agent backend reported it. `inputTokens` counts all input, cache reads and writes
 * included (broken out when the source says); `costUsd` only where the source reports money actually billed.
 */
export interface TurnUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens?: number;
  readonly cacheWriteTokens?: number;
  readonly costUsd: number | null;
  /** A running total for the whole session instead (the CLI's `total_cost_usd`); this turn's cost is its growth. */
  readonly costTotalUsd?: number | null;
}
