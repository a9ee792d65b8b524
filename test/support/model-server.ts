/**
 * A stand-in model server for tests: real HTTP on 127.0.0.1, speaking enough of the
 * Anthropic Messages API and the OpenAI chat completions API for the real SDKs and the
 * real Claude Code CLI to talk to it. Replies are scripted per test (a queue, then a
 * policy function of the request), and every fault a real provider shows can be
 * scripted too. Every request is recorded for assertions. close() destroys every
 * socket, so a test that leaves a stream hanging still ends.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  anthropicMessage,
  anthropicStreamEvents,
  estimateTokens,
  openaiCompletion,
  openaiStreamChunks,
  type ReplyContent,
} from './model-server-wire';

export type { ReplyContent, ContentBlock } from './model-server-wire';

/** Which API a request came in on. */
export type ApiFlavor = 'anthropic' | 'openai';

export interface RecordedRequest {
  readonly api: ApiFlavor;
  readonly method: string;
  /** Path without the query string (`/v1/messages`). */
  readonly path: string;
  /** The full URL path with its query (`/v1/messages?beta=true`). */
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  /** Parsed JSON body (null when it was not JSON). */
  readonly body: Record<string, unknown> | null;
  readonly model: string;
  readonly stream: boolean;
  /** The system prompt as plain text (Anthropic `system` or OpenAI system messages). */
  readonly system: string;
  /** The text of the last user message (text blocks joined by newlines). */
  readonly lastUserText: string;
  readonly receivedAt: number;
}

/** A fault a real provider shows, scripted for one request. */
export type Fault =
  /** HTTP 429 with a retry-after header (seconds). */
  | { readonly fault: 'rate-limit'; readonly retryAfterSeconds?: number }
  /** HTTP 529 (Anthropic's overloaded). */
  | { readonly fault: 'overloaded' }
  /** HTTP 500. */
  | { readonly fault: 'server-error' }
  /** A 200 stream that starts normally, then sends an `error` event. Plain requests get a 500. */
  | { readonly fault: 'error-after-200' }
  /** Headers (and for streams, nothing else) then silence until the client gives up. */
  | { readonly fault: 'silence-after-headers' }
  /** The whole reply, one small piece every `intervalMs`. */
  | { readonly fault: 'dribble'; readonly intervalMs?: number; readonly bytesPerPiece?: number }
  /** Part of the body, then the connection ends cleanly. */
  | { readonly fault: 'truncated' }
  /** The socket is destroyed before any response. */
  | { readonly fault: 'reset' };

/** What the server does for one request: a reply, or a fault. */
export type Scripted = (ReplyContent & { readonly fault?: undefined; readonly delayMs?: number }) | Fault;

export type ReplyPolicy = (req: RecordedRequest) => Scripted;

export interface ModelServerOptions {
  /** Used when the queue is empty. Default: a one-line text reply. */
  readonly policy?: ReplyPolicy;
  /** Default 0: a free port. */
  readonly port?: number;
}

export interface ModelServer {
  /** `http://127.0.0.1:<port>` (no trailing slash, no `/v1`). */
  readonly url: string;
  readonly port: number;
  /** Every model request received, in order (count_tokens and unknown paths excluded). */
  readonly requests: RecordedRequest[];
  /** Every HTTP request received, including count_tokens and unknown paths. */
  readonly allRequests: RecordedRequest[];
  /** Queue replies: each request takes the next one; when empty, the policy answers. */
  enqueue(...replies: Scripted[]): void;
  setPolicy(policy: ReplyPolicy): void;
  /** Resolves when `n` model requests have been received. */
  waitForRequests(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_POLICY: ReplyPolicy = () => ({ text: 'OK' });

function textOfContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => {
      if (part && typeof part === 'object' && 'text' in part && typeof part.text === 'string') return part.text;
      return '';
    })
    .filter((t) => t !== '')
    .join('\n');
}

function describeRequest(
  req: http.IncomingMessage,
  body: Record<string, unknown> | null,
  api: ApiFlavor,
): RecordedRequest {
  const url = req.url ?? '/';
  const path = url.split('?')[0] ?? '/';
  const messages = Array.isArray(body?.messages) ? (body.messages as Array<Record<string, unknown>>) : [];
  const users = messages.filter((m) => m.role === 'user');
  const lastUser = users[users.length - 1];
  let system = '';
  if (api === 'anthropic') system = textOfContent(body?.system);
  else system = messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => textOfContent(m.content)).join('\n');
  return {
    api,
    method: req.method ?? 'GET',
    path,
    url,
    headers: req.headers,
    body,
    model: typeof body?.model === 'string' ? body.model : '',
    stream: body?.stream === true,
    system,
    lastUserText: lastUser ? textOfContent(lastUser.content) : '',
    receivedAt: Date.now(),
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: http.ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function errorBody(api: ApiFlavor, type: string, message: string): unknown {
  return api === 'anthropic'
    ? { type: 'error', error: { type, message } }
    : { error: { message, type, code: type } };
}

export async function startModelServer(options: ModelServerOptions = {}): Promise<ModelServer> {
  let policy = options.policy ?? DEFAULT_POLICY;
  const queue: Scripted[] = [];
  const requests: RecordedRequest[] = [];
  const allRequests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  let closed = false;

  const later = (ms: number, fn: () => void): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!closed) fn();
    }, ms);
    timers.add(t);
  };

  const notify = (): void => {
    for (const w of [...waiters]) {
      if (requests.length >= w.n) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };

  /** Writes `pieces` one by one, `gapMs` apart, then ends (or not, when `end` is false). */
  const writeSlowly = (res: http.ServerResponse, pieces: string[], gapMs: number, end: boolean): void => {
    let i = 0;
    const step = (): void => {
      if (res.destroyed) return;
      const piece = pieces[i];
      if (piece === undefined) {
        if (end) res.end();
        return;
      }
      i += 1;
      res.write(piece);
      if (gapMs > 0) later(gapMs, step);
      else step();
    };
    step();
  };

  const respond = (api: ApiFlavor, rec: RecordedRequest, res: http.ServerResponse, req: http.IncomingMessage): void => {
    const scripted = queue.shift() ?? policy(rec);
    if (scripted.fault !== undefined) {
      handleFault(api, rec, scripted, res, req);
      return;
    }
    const send = (): void => {
      const inputTokens = estimateTokens(JSON.stringify(rec.body ?? {}));
      if (!rec.stream) {
        const value = api === 'anthropic' ? anthropicMessage(scripted, rec.model, inputTokens) : openaiCompletion(scripted, rec.model, inputTokens);
        sendJson(res, 200, value);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const frames = api === 'anthropic'
        ? anthropicStreamEvents(scripted, rec.model, inputTokens)
        : openaiStreamChunks(scripted, rec.model, inputTokens, wantsUsage(rec));
      writeSlowly(res, frames, scripted.chunkDelayMs ?? 0, true);
    };
    if (scripted.delayMs) later(scripted.delayMs, send);
    else send();
  };

  const handleFault = (api: ApiFlavor, rec: RecordedRequest, f: Fault, res: http.ServerResponse, req: http.IncomingMessage): void => {
    switch (f.fault) {
      case 'rate-limit':
        sendJson(res, 429, errorBody(api, 'rate_limit_error', 'Rate limited (stand-in)'), {
          'retry-after': String(f.retryAfterSeconds ?? 1),
        });
        return;
      case 'overloaded':
        sendJson(res, 529, errorBody(api, 'overloaded_error', 'Overloaded (stand-in)'));
        return;
      case 'server-error':
        sendJson(res, 500, errorBody(api, 'api_error', 'Internal server error (stand-in)'));
        return;
      case 'error-after-200': {
        if (!rec.stream) {
          sendJson(res, 500, errorBody(api, 'api_error', 'Internal server error (stand-in)'));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const frames = api === 'anthropic'
          ? anthropicStreamEvents({ text: 'Partial answer' }, rec.model, 10).slice(0, 3)
          : openaiStreamChunks({ text: 'Partial answer' }, rec.model, 10, false).slice(0, 2);
        const error = api === 'anthropic'
          ? `event: error\ndata: ${JSON.stringify(errorBody(api, 'overloaded_error', 'Overloaded (stand-in, mid-stream)'))}\n\n`
          : `data: ${JSON.stringify(errorBody(api, 'server_error', 'Server error (stand-in, mid-stream)'))}\n\n`;
        res.end(frames.join('') + error);
        return;
      }
      case 'silence-after-headers':
        res.writeHead(200, { 'content-type': rec.stream ? 'text/event-stream' : 'application/json' });
        res.flushHeaders();
        return; // nothing more until the client gives up or close() destroys the socket
      case 'dribble': {
        const text = 'A reply that arrives very slowly, one small piece at a time.';
        const inputTokens = estimateTokens(JSON.stringify(rec.body ?? {}));
        const full = rec.stream
          ? (api === 'anthropic' ? anthropicStreamEvents({ text }, rec.model, inputTokens) : openaiStreamChunks({ text }, rec.model, inputTokens, false)).join('')
          : JSON.stringify(api === 'anthropic' ? anthropicMessage({ text }, rec.model, inputTokens) : openaiCompletion({ text }, rec.model, inputTokens));
        const size = f.bytesPerPiece ?? 1;
        const pieces: string[] = [];
        for (let i = 0; i < full.length; i += size) pieces.push(full.slice(i, i + size));
        res.writeHead(200, { 'content-type': rec.stream ? 'text/event-stream' : 'application/json' });
        writeSlowly(res, pieces, f.intervalMs ?? 1_000, true);
        return;
      }
      case 'truncated': {
        const inputTokens = estimateTokens(JSON.stringify(rec.body ?? {}));
        if (rec.stream) {
          const frames = api === 'anthropic'
            ? anthropicStreamEvents({ text: 'This reply is cut off' }, rec.model, inputTokens)
            : openaiStreamChunks({ text: 'This reply is cut off' }, rec.model, inputTokens, false);
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          // Half of the frames, the last one cut mid-line, and no terminal event.
          const kept = frames.slice(0, Math.max(2, Math.floor(frames.length / 2))).join('');
          res.end(kept.slice(0, kept.length - 7));
        } else {
          const full = JSON.stringify(api === 'anthropic' ? anthropicMessage({ text: 'cut' }, rec.model, inputTokens) : openaiCompletion({ text: 'cut' }, rec.model, inputTokens));
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(full.slice(0, Math.floor(full.length / 2)));
        }
        return;
      }
      case 'reset':
        req.socket.destroy();
        return;
    }
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req).catch(() => '');
      let body: Record<string, unknown> | null = null;
      try {
        const parsed: unknown = raw ? JSON.parse(raw) : null;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
      } catch {
        body = null;
      }
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const api: ApiFlavor = path.startsWith('/v1/chat') || path === '/chat/completions' ? 'openai' : 'anthropic';
      const rec = describeRequest(req, body, api);
      allRequests.push(rec);

      if (req.method === 'POST' && path === '/v1/messages/count_tokens') {
        sendJson(res, 200, { input_tokens: estimateTokens(raw) });
        return;
      }
      const isModelCall = req.method === 'POST' && (path === '/v1/messages' || path === '/v1/chat/completions' || path === '/chat/completions');
      if (!isModelCall) {
        sendJson(res, 404, errorBody(api, 'not_found_error', `The stand-in does not serve ${req.method} ${path}`));
        return;
      }
      if (!body || !Array.isArray(body.messages)) {
        sendJson(res, 400, errorBody(api, 'invalid_request_error', 'messages: an array is required'));
        return;
      }
      requests.push(rec);
      notify();
      respond(api, rec, res, req);
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A long-poll test must not keep the process from exiting on its own timers.
  server.keepAliveTimeout = 1_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    allRequests,
    enqueue: (...replies) => {
      queue.push(...replies);
    },
    setPolicy: (next) => {
      policy = next;
    },
    waitForRequests: (n, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (requests.length >= n) {
          resolve();
          return;
        }
        const entry = { n, resolve: () => { clearTimeout(t); resolve(); } };
        const t = setTimeout(() => {
          waiters.splice(waiters.indexOf(entry), 1);
          reject(new Error(`stand-in model server: waited ${timeoutMs} ms for ${n} requests, got ${requests.length}`));
        }, timeoutMs);
        waiters.push(entry);
      }),
    close: async () => {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function wantsUsage(rec: RecordedRequest): boolean {
  const opts = rec.body?.stream_options;
  return typeof opts === 'object' && opts !== null && (opts as Record<string, unknown>).include_usage === true;
}
