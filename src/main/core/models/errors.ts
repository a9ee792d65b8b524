/** One error type for every model call, whatever the provider or the feature that made it. */

export type ModelErrorCode =
  | 'rate_limit' // 429
  | 'overloaded' // 529, or an overloaded error event
  | 'server' // 5xx, or an api_error event after a 200
  | 'network' // reset, refused, DNS
  | 'truncated' // the body ended before the stream's end event
  | 'auth' // 401, 403: the key is missing or wrong for this endpoint
  | 'bad_request' // other 4xx: our request is wrong
  | 'timeout' // one of our bounds (connect, idle, total) ended the call
  | 'aborted' // the caller cancelled
  | 'bad_response' // something that is not a reply
  | 'config' // nothing to call (a missing CLI)
  | 'cli'; // the Claude Code CLI failed

export class ModelError extends Error {
  constructor(
    readonly code: ModelErrorCode,
    message: string,
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ModelError';
  }

  /** Worth another attempt on the same endpoint (the caller's policy decides whether to). */
  get retryable(): boolean {
    return this.code === 'rate_limit' || this.code === 'overloaded' || this.code === 'server' || this.code === 'network' || this.code === 'truncated';
  }
}

/** `retry-after` as seconds or an HTTP date; `retry-after-ms` wins when present. */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined | null, now = Date.now()): number | null {
  if (!headers) return null;
  const ms = headers.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const raw = headers.get('retry-after');
  if (!raw) return null;
  if (/^\d+(\.\d+)?$/.test(raw.trim())) return Math.max(0, Number(raw) * 1000);
  const at = Date.parse(raw);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

interface ErrorLike {
  status?: unknown;
  headers?: unknown;
  type?: unknown;
  error?: unknown;
  message?: unknown;
  name?: unknown;
}

function errorTypeOf(e: ErrorLike): string | null {
  if (typeof e.type === 'string') return e.type;
  const body = e.error;
  if (body && typeof body === 'object') {
    const inner = (body as { error?: { type?: unknown }; type?: unknown }).error?.type ?? (body as { type?: unknown }).type;
    if (typeof inner === 'string') return inner;
  }
  return null;
}

/** Maps whatever an SDK threw (Anthropic and OpenAI share the shapes) to a ModelError. */
export function toModelError(err: unknown, provider: string, aborted: boolean): ModelError {
  if (err instanceof ModelError) return err;
  if (aborted) return new ModelError('aborted', `${provider}: cancelled`);
  const e = (err && typeof err === 'object' ? err : {}) as ErrorLike;
  const message = typeof e.message === 'string' ? e.message.slice(0, 300) : String(err).slice(0, 300);
  const status = typeof e.status === 'number' ? e.status : null;
  const headers = e.headers && typeof (e.headers as { get?: unknown }).get === 'function' ? (e.headers as { get(n: string): string | null }) : null;
  if (e.name === 'APIUserAbortError' || e.name === 'AbortError') return new ModelError('aborted', `${provider}: cancelled`);
  if (status === 429) return new ModelError('rate_limit', `${provider} is rate limiting requests (HTTP 429).`, 429, retryAfterMs(headers));
  if (status === 529) return new ModelError('overloaded', `${provider} is overloaded (HTTP 529).`, 529, retryAfterMs(headers));
  if (status !== null && status >= 500) return new ModelError('server', `${provider} had a server error (HTTP ${status}).`, status, retryAfterMs(headers));
  if (status === 401 || status === 403) return new ModelError('auth', `${provider} refused the key (HTTP ${status}): ${message}`, status);
  if (status !== null && status >= 400) return new ModelError('bad_request', `${provider} refused the request (HTTP ${status}): ${message}`, status);
  // No status: an error event inside a 200 stream, or the connection itself.
  const type = errorTypeOf(e);
  if (type === 'overloaded_error') return new ModelError('overloaded', `${provider} reported overload mid-stream.`);
  if (type !== null && /error/.test(type)) return new ModelError('server', `${provider} sent an error mid-stream (${type}).`);
  if (e.name === 'APIConnectionError' || e.name === 'APIConnectionTimeoutError' || /connect|ECONNRESET|ECONNREFUSED|socket|network|fetch failed|terminated/i.test(message)) {
    return new ModelError('network', `${provider}: the connection failed (${message}).`);
  }
  if (err instanceof SyntaxError) return new ModelError('truncated', `${provider}: the reply was cut off (${message}).`);
  return new ModelError('bad_response', `${provider}: ${message}`);
}
