import type { UsageTotals } from '../../../../shared/domain/usage';
import type { Db } from '../connection';

export type UsageSource = 'claude-code' | 'chat' | 'acp';

/** One turn's usage as its source reported it (migration 004). */
export interface UsageRecord {
  readonly sessionId: string;
  readonly source: UsageSource;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheWriteTokens: number;
  readonly costUsd: number | null;
  /** The source's running cost total for the session, when it reports one (the CLI). */
  readonly reportedTotalUsd: number | null;
  readonly at: number;
}

interface TotalsRow {
  turns: number;
  input: number | null;
  output: number | null;
  cache_read: number | null;
  cache_write: number | null;
  cost: number | null;
}

const TOTALS = `count(*) AS turns, sum(input_tokens) AS input, sum(output_tokens) AS output,
  sum(cache_read_tokens) AS cache_read, sum(cache_write_tokens) AS cache_write, sum(cost_usd) AS cost`;

function prepare(db: Db) {
  return {
    add: db.prepare<UsageRecord>(
      `INSERT INTO usage (session_id, source, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, reported_total_usd, at)
       VALUES (@sessionId, @source, @inputTokens, @outputTokens, @cacheReadTokens, @cacheWriteTokens, @costUsd, @reportedTotalUsd, @at)`,
    ),
    lastReported: db.prepare<[string, string], { total: number }>(
      `SELECT reported_total_usd AS total FROM usage WHERE session_id = ? AND source = ? AND reported_total_usd IS NOT NULL ORDER BY at DESC, id DESC LIMIT 1`,
    ),
    total: db.prepare<[string], TotalsRow>(`SELECT ${TOTALS} FROM usage WHERE session_id = ?`),
    last: db.prepare<[string], TotalsRow>(`SELECT ${TOTALS} FROM (SELECT * FROM usage WHERE session_id = ? ORDER BY at DESC, id DESC LIMIT 1)`),
    ambient: db.prepare<[string], { calls: number; input: number | null; output: number | null }>(
      `SELECT count(*) AS calls, sum(tokens_in) AS input, sum(tokens_out) AS output FROM ambient_calls WHERE session_id = ?`,
    ),
  };
}

function totals(r: TotalsRow | undefined): UsageTotals {
  return {
    turns: r?.turns ?? 0,
    inputTokens: r?.input ?? 0,
    outputTokens: r?.output ?? 0,
    cacheReadTokens: r?.cache_read ?? 0,
    cacheWriteTokens: r?.cache_write ?? 0,
    // SUM over only NULLs is NULL: no turn reported money.
    costUsd: r?.cost ?? null,
  };
}

/** Per-turn usage rows and their sums per session. Prepared on first use (a store at an older schema still opens). */
export function createUsageRepo(db: Db) {
  let prepared: ReturnType<typeof prepare> | null = null;
  const st = () => (prepared ??= prepare(db));
  return {
    add(record: UsageRecord): void {
      st().add.run(record);
    },
    /** The last running total the source reported for the session, or null. */
    lastReportedTotal(sessionId: string, source: UsageSource): number | null {
      return st().lastReported.get(sessionId, source)?.total ?? null;
    },
    /** Every turn of the session, and the last one alone (null before the first). */
    forSession(sessionId: string): { total: UsageTotals; lastTurn: UsageTotals | null } {
      const total = totals(st().total.get(sessionId));
      return { total, lastTurn: total.turns === 0 ? null : totals(st().last.get(sessionId)) };
    },
    /** The ambient calls made about the session (titles, notes, narration), from the call log. */
    ambientForSession(sessionId: string): { calls: number; inputTokens: number; outputTokens: number } {
      const r = st().ambient.get(sessionId);
      return { calls: r?.calls ?? 0, inputTokens: r?.input ?? 0, outputTokens: r?.output ?? 0 };
    },
  };
}

export type UsageRepo = ReturnType<typeof createUsageRepo>;
