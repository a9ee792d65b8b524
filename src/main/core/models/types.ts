/**
 * What a model client speaks: a history of messages in, a streamed reply out. Chat sends
 * whole conversations; ambient work sends one user message (`completeText`). Neither
 * feature's prompts or policies live here.
 */

export type ModelBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'tool_use'; readonly id: string; readonly name: string; readonly input: Readonly<Record<string, unknown>> }
  | { readonly type: 'tool_result'; readonly toolUseId: string; readonly content: string; readonly isError: boolean };

export interface ModelMessage {
  readonly role: 'user' | 'assistant';
  readonly content: readonly ModelBlock[];
}

/** Time bounds of one call. The SDKs' own timeout stops at the headers; these cover the rest. */
export interface CallBounds {
  /** Until the response starts (headers, or the CLI's first byte). */
  readonly connectMs: number;
  /** The longest gap between two pieces of a stream. */
  readonly idleMs: number;
  /** The whole call, SDK retries included. */
  readonly totalMs: number;
}

export interface ModelCallOptions {
  readonly system: string;
  readonly maxTokens: number;
  readonly signal: AbortSignal;
  /** The SDK's bound on getting the response headers. */
  readonly connectMs: number;
}

/** What a streaming call reports as it goes. */
export interface ModelStreamHandlers {
  /** The response started (headers in). */
  onStart?(): void;
  /** Any event from the wire (the idle watchdog's heartbeat). */
  onActivity?(): void;
  onText?(delta: string): void;
  onThinking?(delta: string): void;
}

export interface ModelReply {
  /** Text and tool uses, in order (thinking is shown, not sent back). */
  readonly blocks: ModelBlock[];
  readonly thinking: string;
  readonly stopReason: string | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export type ModelProvider = 'anthropic' | 'openai';

/** One provider's streaming client, bound to one endpoint, key and model. */
export interface ModelClient {
  readonly provider: ModelProvider;
  readonly model: string;
  stream(messages: readonly ModelMessage[], opts: ModelCallOptions, h?: ModelStreamHandlers): Promise<ModelReply>;
}

export interface ModelClientOptions {
  /** Only from `credentials.keyFor` for this same base URL. Null: none (local servers). */
  readonly apiKey: string | null;
  /** Null: the provider's default URL (never the SDK's own environment lookup). */
  readonly baseURL: string | null;
  readonly model: string;
  /** SDK retries (429, 529, 5xx, resets). Chat owns its retry policy and passes 0. */
  readonly maxRetries: number;
}
