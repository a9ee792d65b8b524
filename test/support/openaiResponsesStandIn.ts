/**
 * A loopback stand-in of the OpenAI Responses API (`POST /v1/responses`, streamed as
 * server-sent events), enough for the real Codex CLI and codex-acp to run a turn against it:
 * text replies, `function_call` items (Codex's `exec_command`) and `custom_tool_call` items
 * (Codex's freeform `apply_patch`), or an HTTP error. Replies are scripted per test (a queue, then a default
 * policy); every request is recorded with the parts a test asserts on (model, tool names,
 * the last user text, the outputs of earlier tool calls).
 *
 * Bounded: a request body over `maxBodyBytes` gets 413, an unknown path 404, a held reply
 * is released by close(), and close() destroys every socket, so nothing outlives the test.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One tool call the scripted model makes. */
export type StandInToolCall =
  /** A JSON-arguments function call, e.g. `exec_command` with `{ cmd }`. */
  | { readonly type: 'function'; readonly name: string; readonly arguments: Record<string, unknown>; readonly callId?: string }
  /** A freeform ("custom") tool call, e.g. `apply_patch` with a patch as its input. */
  | { readonly type: 'custom'; readonly name: string; readonly input: string; readonly callId?: string };

/** What the stand-in answers to one request. */
export interface StandInReply {
  /** Assistant text, streamed as `response.output_text.delta` pieces. */
  readonly text?: string;
  readonly toolCalls?: readonly StandInToolCall[];
  /** Hold the reply until release() (or close()); for a turn that is cancelled meanwhile. */
  readonly hold?: boolean;
  /** Answer with this HTTP error status (and an OpenAI-style error body) instead of a stream. */
  readonly httpError?: number;
}

export interface RecordedResponsesRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  /** Parsed JSON body (null when it was not JSON). */
  readonly body: Record<string, unknown> | null;
  readonly model: string;
  /** Names of the tools offered: functions, custom tools and namespaces by name; others by type. */
  readonly toolNames: readonly string[];
  /** The text of the last `user` message item (input_text parts joined by newlines). */
  readonly lastUserText: string;
  /** `function_call_output` / `custom_tool_call_output` items by call_id. */
  readonly toolOutputs: ReadonlyMap<string, string>;
}

export interface ResponsesStandIn {
  /** `http://127.0.0.1:<port>/v1`: what a provider's `base_url` takes. */
  readonly baseUrl: string;
  readonly requests: RecordedResponsesRequest[];
  enqueue(...replies: StandInReply[]): void;
  /** Lets held replies go out (oldest first); resolves how many were released. */
  release(): number;
  /** Number of requests waiting on a `hold` reply. */
  readonly held: number;
  close(): Promise<void>;
}

export interface ResponsesStandInOptions {
  /** Used when the queue is empty (default: a one-line text reply). */
  readonly policy?: (req: RecordedResponsesRequest) => StandInReply;
  /** Default 8 MB. */
  readonly maxBodyBytes?: number;
}

const DEFAULT_REPLY: StandInReply = { text: 'Stand-in reply (nothing scripted).' };

export async function startResponsesStandIn(options: ResponsesStandInOptions = {}): Promise<ResponsesStandIn> {
  const maxBodyBytes = options.maxBodyBytes ?? 8 * 1024 * 1024;
  const policy = options.policy ?? (() => DEFAULT_REPLY);
  const queue: StandInReply[] = [];
  const requests: RecordedResponsesRequest[] = [];
  const heldReplies: Array<() => void> = [];
  const sockets = new Set<Socket>();
  let count = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBodyBytes && !refused) {
        refused = true;
        res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify({ error: { message: `request body over ${maxBodyBytes} bytes`, type: 'invalid_request_error' } }));
        return;
      }
      if (!refused) chunks.push(c);
    });
    req.on('end', () => {
      if (refused) return;
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (req.method !== 'POST' || path !== '/v1/responses') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no ${req.method} ${path} here`, type: 'invalid_request_error' } }));
        return;
      }
      const recorded = record(req, path, Buffer.concat(chunks).toString('utf8'));
      requests.push(recorded);
      const reply = queue.shift() ?? policy(recorded);
      count += 1;
      const responseId = `resp_${count}`;
      const send = (): void => {
        if (res.destroyed) return;
        if (reply.httpError !== undefined) {
          res.writeHead(reply.httpError, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: `stand-in error ${reply.httpError}`, type: 'server_error' } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.end(responseEvents(responseId, reply).map(sseFrame).join(''));
      };
      if (reply.hold) heldReplies.push(send);
      else send();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    release: () => {
      const n = heldReplies.length;
      for (const send of heldReplies.splice(0)) send();
      return n;
    },
    get held() {
      return heldReplies.length;
    },
    close: async () => {
      heldReplies.splice(0);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function record(req: http.IncomingMessage, path: string, raw: string): RecordedResponsesRequest {
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    body = null;
  }
  const tools = Array.isArray(body?.['tools']) ? (body['tools'] as Array<Record<string, unknown>>) : [];
  const input = Array.isArray(body?.['input']) ? (body['input'] as Array<Record<string, unknown>>) : [];
  const toolOutputs = new Map<string, string>();
  let lastUserText = '';
  for (const item of input) {
    if ((item['type'] === 'function_call_output' || item['type'] === 'custom_tool_call_output') && typeof item['call_id'] === 'string') {
      toolOutputs.set(item['call_id'], typeof item['output'] === 'string' ? item['output'] : JSON.stringify(item['output']));
    }
    if (item['type'] === 'message' && item['role'] === 'user' && Array.isArray(item['content'])) {
      lastUserText = (item['content'] as Array<Record<string, unknown>>)
        .filter((part) => part['type'] === 'input_text' && typeof part['text'] === 'string')
        .map((part) => part['text'] as string)
        .join('\n');
    }
  }
  return {
    method: req.method ?? '',
    path,
    headers: req.headers,
    body,
    model: typeof body?.['model'] === 'string' ? body['model'] : '',
    toolNames: tools.map((t) => (typeof t['name'] === 'string' ? t['name'] : String(t['type']))),
    lastUserText,
    toolOutputs,
  };
}

type SseEvent = Record<string, unknown> & { readonly type: string };

function sseFrame(event: SseEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** The event sequence of one streamed response, in the shapes of the Responses API. */
function responseEvents(id: string, reply: StandInReply): SseEvent[] {
  const events: SseEvent[] = [];
  const response = { id, object: 'response', status: 'in_progress', output: [] as unknown[] };
  events.push({ type: 'response.created', response }, { type: 'response.in_progress', response });
  const output: unknown[] = [];
  if (reply.text !== undefined) {
    const itemId = `msg_${id}`;
    const index = output.length;
    const part = { type: 'output_text', text: reply.text, annotations: [] };
    events.push({ type: 'response.output_item.added', output_index: index, item: { type: 'message', id: itemId, role: 'assistant', status: 'in_progress', content: [] } });
    events.push({ type: 'response.content_part.added', item_id: itemId, output_index: index, content_index: 0, part: { ...part, text: '' } });
    for (const delta of pieces(reply.text, 24)) {
      events.push({ type: 'response.output_text.delta', item_id: itemId, output_index: index, content_index: 0, delta });
    }
    events.push({ type: 'response.output_text.done', item_id: itemId, output_index: index, content_index: 0, text: reply.text });
    events.push({ type: 'response.content_part.done', item_id: itemId, output_index: index, content_index: 0, part });
    const item = { type: 'message', id: itemId, role: 'assistant', status: 'completed', content: [part] };
    events.push({ type: 'response.output_item.done', output_index: index, item });
    output.push(item);
  }
  for (const [n, call] of (reply.toolCalls ?? []).entries()) {
    const index = output.length;
    const callId = call.callId ?? `call_${id}_${n}`;
    // Added with empty arguments/input, then the whole of it as one delta, then done.
    if (call.type === 'function') {
      const args = JSON.stringify(call.arguments);
      const base = { type: 'function_call', id: `fc_${id}_${n}`, call_id: callId, name: call.name };
      const item = { ...base, arguments: args, status: 'completed' };
      events.push({ type: 'response.output_item.added', output_index: index, item: { ...base, arguments: '', status: 'in_progress' } });
      events.push({ type: 'response.function_call_arguments.delta', item_id: base.id, output_index: index, delta: args });
      events.push({ type: 'response.function_call_arguments.done', item_id: base.id, output_index: index, arguments: args });
      events.push({ type: 'response.output_item.done', output_index: index, item });
      output.push(item);
    } else {
      const base = { type: 'custom_tool_call', id: `ctc_${id}_${n}`, call_id: callId, name: call.name };
      const item = { ...base, input: call.input, status: 'completed' };
      events.push({ type: 'response.output_item.added', output_index: index, item: { ...base, input: '', status: 'in_progress' } });
      events.push({ type: 'response.custom_tool_call_input.delta', item_id: base.id, output_index: index, delta: call.input });
      events.push({ type: 'response.custom_tool_call_input.done', item_id: base.id, output_index: index, input: call.input });
      events.push({ type: 'response.output_item.done', output_index: index, item });
      output.push(item);
    }
  }
  const usage = { input_tokens: 120, input_tokens_details: { cached_tokens: 0 }, output_tokens: 12, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 132 };
  events.push({ type: 'response.completed', response: { ...response, status: 'completed', output, usage } });
  return events.map((e, i) => ({ ...e, sequence_number: i }));
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [''];
}
