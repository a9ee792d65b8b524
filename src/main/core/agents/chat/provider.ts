import type { Block, Message } from './conversation';

/** What a streaming call reports as it goes. */
export interface ChatStreamHandlers {
  onText(delta: string): void;
  onThinking(delta: string): void;
  /** Any event from the wire (the idle watchdog's heartbeat). */
  onActivity(): void;
}

export interface ChatCallOptions {
  readonly system: string;
  readonly maxTokens: number;
  readonly signal: AbortSignal;
  /** Bound on getting the response headers. */
  readonly connectMs: number;
}

export interface ChatReply {
  /** Text and tool uses, in order (thinking is shown, not sent back). */
  readonly blocks: Block[];
  readonly thinking: string;
  readonly stopReason: string | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export interface ChatProvider {
  readonly name: 'anthropic' | 'openai';
  readonly model: string;
  stream(messages: readonly Message[], opts: ChatCallOptions, h: ChatStreamHandlers): Promise<ChatReply>;
}

export type ChatErrorKind =
  | 'rate-limit' // 429
  | 'overloaded' // 529, or an overloaded error event
  | 'server' // 5xx, or an api_error event after a 200
  | 'connection' // reset, refused, DNS
  | 'truncated' // the body ended before the stream's end event
  | 'client' // 4xx other than 429: our request or our key is wrong
  | 'aborted';

/** A failed call, said plainly; `retryable` and `retryAfterMs` drive the retry policy. */
export class ChatProviderError extends Error {
  constructor(
    readonly kind: ChatErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ChatProviderError';
  }

  get retryable(): boolean {
    return this.kind === 'rate-limit' || this.kind === 'overloaded' || this.kind === 'server' || this.kind === 'connection' || this.kind === 'truncated';
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

/** Maps an SDK error (Anthropic or OpenAI: same shapes) to a ChatProviderError. */
export function toChatError(err: unknown, provider: string, aborted: boolean): ChatProviderError {
  if (err instanceof ChatProviderError) return err;
  if (aborted) return new ChatProviderError('aborted', `${provider}: cancelled`);
  const e = (err && typeof err === 'object' ? err : {}) as ErrorLike;
  const message = typeof e.message === 'string' ? e.message.slice(0, 300) : String(err).slice(0, 300);
  const status = typeof e.status === 'number' ? e.status : null;
  const headers = e.headers && typeof (e.headers as { get?: unknown }).get === 'function' ? (e.headers as { get(n: string): string | null }) : null;
  if (e.name === 'APIUserAbortError' || e.name === 'AbortError') return new ChatProviderError('aborted', `${provider}: cancelled`);
  if (status === 429) return new ChatProviderError('rate-limit', `${provider} is rate limiting requests (HTTP 429).`, 429, retryAfterMs(headers));
  if (status === 529) return new ChatProviderError('overloaded', `${provider} is overloaded (HTTP 529).`, 529, retryAfterMs(headers));
  if (status !== null && status >= 500) return new ChatProviderError('server', `${provider} had a server error (HTTP ${status}).`, status, retryAfterMs(headers));
  if (status !== null && status >= 400) return new ChatProviderError('client', `${provider} refused the request (HTTP ${status}): ${message}`, status);
  // No status: an error event inside a 200 stream, or the connection itself.
  const type = errorTypeOf(e);
  if (type === 'overloaded_error') return new ChatProviderError('overloaded', `${provider} reported overload mid-stream.`);
  if (type !== null && /error/.test(type)) return new ChatProviderError('server', `${provider} sent an error mid-stream (${type}).`);
  if (e.name === 'APIConnectionError' || e.name === 'APIConnectionTimeoutError' || /connect|ECONNRESET|ECONNREFUSED|socket|network|fetch failed|terminated/i.test(message)) {
    return new ChatProviderError('connection', `${provider}: the connection failed (${message}).`);
  }
  if (err instanceof SyntaxError) return new ChatProviderError('truncated', `${provider}: the reply was cut off (${message}).`);
  return new ChatProviderError('server', `${provider}: ${message}`);
}
