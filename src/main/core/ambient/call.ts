/**
 * One ambient call, end to end: the provider chain, the judge, one retry, and a log row
 * per attempt. A failed or rejected first attempt is tried once more on the next provider
 * in the chain (or the same one when it is alone); after that the caller gets no value and
 * decides whether to queue a later retry. Nothing unjudged ever comes back.
 */
import type { AmbientPrompt } from '../../../shared/ambient/prompts/shared';
import type { AmbientCallRecord, AmbientRetryOf } from '../store/repos/ambientCalls';
import { judgeAmbientReply, type JudgeContext } from './judge-reply';
import { ModelError, type AmbientProvider, type CallBounds } from './providers/types';

export interface CallOutcome {
  readonly verdict: 'use' | 'skip' | 'reject' | 'error';
  readonly text: string | null;
  readonly reason: string | null;
  readonly provider: string | null;
  readonly model: string | null;
  /** How many attempts were made (1 or 2). */
  readonly attempts: number;
}

export interface CallOptions {
  readonly prompt: AmbientPrompt;
  readonly sessionId: string | null;
  /** The chain, already filtered to providers that support this kind. */
  readonly providers: readonly AmbientProvider[];
  readonly bounds: CallBounds;
  readonly judge?: JudgeContext;
  readonly firstUserMessage?: string | null;
  readonly signal?: AbortSignal;
  readonly now: () => number;
  readonly record: (call: AmbientCallRecord) => void;
  /** Called before each attempt that reaches a model (the budget counts it). */
  readonly onModelAttempt?: () => void;
}

const MAX_ATTEMPTS = 2;

export async function runAmbientCall(opts: CallOptions): Promise<CallOutcome> {
  const { prompt } = opts;
  const inputChars = prompt.system.length + prompt.user.length;
  let last: CallOutcome = { verdict: 'error', text: null, reason: 'no-provider', provider: null, model: null, attempts: 0 };
  if (opts.providers.length === 0) return last;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    if (opts.signal?.aborted) break;
    const provider = opts.providers[attempt] ?? opts.providers[0];
    if (!provider) break;
    if (provider.id !== 'offline') opts.onModelAttempt?.();
    const started = opts.now();
    // The log says why a second attempt was made: what became of the first.
    const retryOf: AmbientRetryOf | null = attempt === 0 ? null : last.verdict === 'reject' ? 'reject' : 'error';
    const base = { kind: prompt.kind, sessionId: opts.sessionId, provider: provider.id, model: provider.model, inputChars, retryOf };
    try {
      const reply = await provider.complete({
        prompt,
        bounds: opts.bounds,
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.firstUserMessage !== undefined ? { firstUserMessage: opts.firstUserMessage } : {}),
      });
      const verdict = judgeAmbientReply(reply.text, prompt.kind, {
        ...opts.judge,
        material: prompt.material,
        ...(prompt.wordTarget !== undefined ? { wordTarget: prompt.wordTarget } : {}),
      });
      opts.record({
        ...base,
        model: reply.model,
        outputChars: reply.text.length,
        tokensIn: reply.tokensIn,
        tokensOut: reply.tokensOut,
        latencyMs: Math.max(0, Math.round(opts.now() - started)),
        verdict: verdict.verdict,
        reason: verdict.verdict === 'reject' ? verdict.reason : null,
        replyExcerpt: reply.text,
        at: started,
      });
      last = {
        verdict: verdict.verdict,
        text: verdict.verdict === 'use' ? verdict.text : null,
        reason: verdict.verdict === 'reject' ? verdict.reason : null,
        provider: provider.id,
        model: reply.model,
        attempts: attempt + 1,
      };
      if (verdict.verdict !== 'reject') return last;
    } catch (err) {
      const e = err instanceof ModelError ? err : new ModelError('bad_response', err instanceof Error ? err.message : String(err));
      opts.record({
        ...base,
        outputChars: 0,
        tokensIn: null,
        tokensOut: null,
        latencyMs: Math.max(0, Math.round(opts.now() - started)),
        verdict: 'error',
        reason: `${e.code}: ${e.message}`.slice(0, 300),
        replyExcerpt: null,
        at: started,
      });
      last = { verdict: 'error', text: null, reason: e.code, provider: provider.id, model: provider.model, attempts: attempt + 1 };
      if (e.code === 'aborted' || e.code === 'config') {
        // A missing CLI or a shutdown will not be better a second later on the same provider.
        if (!opts.providers[attempt + 1]) return last;
      }
    }
  }
  return last;
}
