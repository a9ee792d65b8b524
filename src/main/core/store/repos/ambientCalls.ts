import type { Db } from '../connection';

export const AMBIENT_VERDICTS = ['use', 'skip', 'reject', 'error'] as const;
export type AmbientVerdict = (typeof AMBIENT_VERDICTS)[number];
/** Why a call is a second attempt: its first was rejected by the judge, or failed. */
export type AmbientRetryOf = 'reject' | 'error';

/** One small model call (SPEC §2): what, for whom, how big, how long, and what the judge said. */
export interface AmbientCallRecord {
  readonly kind: string;
  readonly sessionId: string | null;
  readonly provider: string;
  readonly model: string | null;
  readonly inputChars: number;
  readonly outputChars: number;
  readonly tokensIn: number | null;
  readonly tokensOut: number | null;
  readonly latencyMs: number;
  readonly verdict: AmbientVerdict;
  readonly reason: string | null;
  /** The start of the raw reply, for the log; clipped to REPLY_EXCERPT_MAX. */
  readonly replyExcerpt: string | null;
  /** A second attempt: what became of the first (SPEC §9.3 tries once more); null for a first attempt. */
  readonly retryOf: AmbientRetryOf | null;
  readonly at: number;
}

export const REPLY_EXCERPT_MAX = 300;

interface Row {
  kind: string;
  session_id: string | null;
  provider: string;
  model: string | null;
  input_chars: number;
  output_chars: number;
  tokens_in: number | null;
  tokens_out: number | null;
  latency_ms: number;
  verdict: string;
  reason: string | null;
  reply_excerpt: string | null;
  retry_of: string | null;
  at: number;
}

function toRecord(r: Row): AmbientCallRecord {
  return {
    kind: r.kind,
    sessionId: r.session_id,
    provider: r.provider,
    model: r.model,
    inputChars: r.input_chars,
    outputChars: r.output_chars,
    tokensIn: r.tokens_in,
    tokensOut: r.tokens_out,
    latencyMs: r.latency_ms,
    verdict: (AMBIENT_VERDICTS as readonly string[]).includes(r.verdict) ? (r.verdict as AmbientVerdict) : 'error',
    reason: r.reason,
    replyExcerpt: r.reply_excerpt,
    retryOf: r.retry_of === 'reject' || r.retry_of === 'error' ? r.retry_of : null,
    at: r.at,
  };
}

const COLUMNS =
  'kind, session_id, provider, model, input_chars, output_chars, tokens_in, tokens_out, latency_ms, verdict, reason, reply_excerpt, retry_of, at';

/** The ambient call log; also answers "how many calls this hour" for the budget. */
export function createAmbientCallsRepo(db: Db) {
  const s = {
    insert: db.prepare(
      `INSERT INTO ambient_calls (${COLUMNS}) VALUES (@kind, (SELECT id FROM sessions WHERE id = @sessionId), @provider, @model, @inputChars, @outputChars,
         @tokensIn, @tokensOut, @latencyMs, @verdict, @reason, @replyExcerpt, @retryOf, @at)`,
    ),
    recent: db.prepare<[number], Row>(`SELECT ${COLUMNS} FROM ambient_calls ORDER BY at DESC, id DESC LIMIT ?`),
    forSession: db.prepare<[string, number], Row>(
      `SELECT ${COLUMNS} FROM ambient_calls WHERE session_id = ? ORDER BY at DESC, id DESC LIMIT ?`,
    ),
    countSince: db.prepare<[number], { n: number }>(`SELECT count(*) AS n FROM ambient_calls WHERE at >= ?`),
  };
  return {
    insert(call: AmbientCallRecord): void {
      const excerpt = call.replyExcerpt === null ? null : call.replyExcerpt.slice(0, REPLY_EXCERPT_MAX);
      // A call for a session purged meanwhile is still logged, without the link.
      s.insert.run({ ...call, replyExcerpt: excerpt });
    },
    recent(limit: number): AmbientCallRecord[] {
      return s.recent.all(limit).map(toRecord);
    },
    forSession(sessionId: string, limit: number): AmbientCallRecord[] {
      return s.forSession.all(sessionId, limit).map(toRecord);
    },
    countSince(at: number): number {
      return s.countSince.get(at)?.n ?? 0;
    },
  };
}

export type AmbientCallsRepo = ReturnType<typeof createAmbientCallsRepo>;
