import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModelError, retryAfterMs, toModelError } from '../../../src/main/core/models/errors';
import { watchCall } from '../../../src/main/core/models/watchdog';

const headers = (h: Record<string, string>): Headers => new Headers(h);

describe('one error type for every model call', () => {
  it('maps HTTP statuses of both SDKs to the same codes', () => {
    const cases: Array<[number, ModelError['code'], boolean]> = [
      [429, 'rate_limit', true],
      [529, 'overloaded', true],
      [500, 'server', true],
      [503, 'server', true],
      [401, 'auth', false],
      [403, 'auth', false],
      [400, 'bad_request', false],
      [404, 'bad_request', false],
    ];
    for (const [status, code, retryable] of cases) {
      for (const err of [
        Anthropic.APIError.generate(status, { error: { type: 'x', message: 'm' } }, 'm', headers({ 'retry-after': '2' })),
        OpenAI.APIError.generate(status, { error: { message: 'm' } }, 'm', headers({ 'retry-after': '2' })),
      ]) {
        const e = toModelError(err, 'P', false);
        expect([status, e.code]).toEqual([status, code]);
        expect(e.retryable).toBe(retryable);
        expect(e.status).toBe(status);
      }
    }
    const limited = toModelError(Anthropic.APIError.generate(429, undefined, 'm', headers({ 'retry-after': '7' })), 'Anthropic', false);
    expect(limited.retryAfterMs).toBe(7_000);
    expect(limited.message).toBe('Anthropic is rate limiting requests (HTTP 429).');
  });

  it('maps stream events, connections, cut-off bodies and cancellations', () => {
    expect(toModelError({ error: { type: 'error', error: { type: 'overloaded_error' } } }, 'P', false).code).toBe('overloaded');
    expect(toModelError({ error: { type: 'error', error: { type: 'api_error' } } }, 'P', false).code).toBe('server');
    expect(toModelError(new Error('read ECONNRESET'), 'P', false).code).toBe('network');
    expect(toModelError(new Anthropic.APIConnectionError({ message: 'x' }), 'P', false).code).toBe('network');
    expect(toModelError(new SyntaxError('Unexpected end of JSON input'), 'P', false).code).toBe('truncated');
    expect(toModelError(new Error('whatever'), 'P', true).code).toBe('aborted');
    expect(toModelError(new Anthropic.APIUserAbortError(), 'P', false).code).toBe('aborted');
    expect(toModelError(new Error('odd'), 'P', false)).toMatchObject({ code: 'bad_response', retryable: false });
    const same = new ModelError('cli', 'kept');
    expect(toModelError(same, 'P', false)).toBe(same);
  });

  it('reads retry-after as seconds, an HTTP date, or retry-after-ms', () => {
    expect(retryAfterMs(headers({ 'retry-after': '1.5' }))).toBe(1_500);
    expect(retryAfterMs(headers({ 'retry-after': '3', 'retry-after-ms': '250' }))).toBe(250);
    expect(retryAfterMs(headers({ 'retry-after': new Date(10_000).toUTCString() }), 4_000)).toBe(6_000);
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }))).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

describe('the shared call watchdog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const bounds = { connectMs: 1_000, idleMs: 500, totalMs: 5_000 };
  const never = (signal: AbortSignal): Promise<never> => new Promise((_r, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));

  it('a call that never starts ends at the connect bound', async () => {
    const p = watchCall(bounds, undefined, 'P', (w) => never(w.signal)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await p).toMatchObject({ code: 'timeout', message: expect.stringMatching(/did not start answering within 1 s/) as unknown });
  });

  it('a started stream that goes quiet ends at the idle bound; one that keeps dribbling at the total bound', async () => {
    const quiet = watchCall(bounds, undefined, 'P', (w) => {
      w.started();
      return never(w.signal);
    }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    expect(await quiet).toMatchObject({ code: 'timeout', message: expect.stringMatching(/went silent for 1 s/) as unknown });

    const dribble = watchCall(bounds, undefined, 'P', (w) => {
      w.started();
      const t = setInterval(() => w.alive(), 100);
      w.signal.addEventListener('abort', () => clearInterval(t));
      return never(w.signal);
    }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await dribble).toMatchObject({ code: 'timeout', message: expect.stringMatching(/took longer than 5 s/) as unknown });
  });

  it("the caller's abort is a cancellation, and an SDK that ignores the signal still ends at the bound", async () => {
    const stop = new AbortController();
    const cancelled = watchCall(bounds, stop.signal, 'P', (w) => never(w.signal)).catch((e: unknown) => e);
    stop.abort();
    expect(await cancelled).toMatchObject({ code: 'aborted' });

    const deaf = watchCall(bounds, undefined, 'P', () => new Promise<never>(() => undefined)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await deaf).toMatchObject({ code: 'timeout' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
