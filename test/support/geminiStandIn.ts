/**
 * A stand-in of the Gemini API for the real Gemini CLI (issue 16): real HTTP on
 * 127.0.0.1, enough of `generateContent` / `streamGenerateContent?alt=sse` /
 * `countTokens` for `gemini --acp` to run whole turns. Replies are scripted by the
 * user's prompt (see `geminiScript`), or per test with `setScript`. Every request is
 * recorded, unknown paths get a 404 (and are recorded, so a test can assert there
 * were none), every request is ended, and `close()` destroys the sockets and timers
 * so a stream left trickling still ends.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  geminiScript,
  lastTurnOf,
  type GeminiReply,
  type GeminiScript,
  type LastTurn,
} from './geminiScript';
import { until } from './until';
import { jsonSchemaOf, modelAndAction, piecesOf, responseOf, usage, valueForSchema, type GeminiAction, type UsageMetadata } from './geminiWire';

export type { GeminiReply, GeminiScript, LastTurn } from './geminiScript';
export type { GeminiAction, UsageMetadata } from './geminiWire';

export interface GeminiRequest {
  readonly method: string;
  /** Path without the query (`/v1beta/models/gemini-2.5-flash:streamGenerateContent`). */
  readonly path: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Record<string, unknown> | null;
  readonly action: GeminiAction;
  /** The model named in the path (`gemini-2.5-flash`), or ''. */
  readonly model: string;
  /** A structured call (gemini's model router or another classifier asking for JSON), not a turn. */
  readonly structured: boolean;
  /** What the last content holds: the user's prompt, or tool results. */
  readonly last: LastTurn;
  /** The HTTP status it was answered with (set when answered). */
  status: number;
  /** The token counts its reply reported (`usageMetadata`), or null (none yet, a 404, countTokens). */
  usage: UsageMetadata | null;
  /** The connection closed before the reply ended (a cancelled turn drops its stream; close() cuts it). */
  clientClosed: boolean;
  readonly receivedAt: number;
}

export interface GeminiStandIn {
  /** `http://127.0.0.1:<port>`: the value for GOOGLE_GEMINI_BASE_URL. */
  readonly url: string;
  readonly port: number;
  /** Every request, in order (model turns, routing calls, countTokens, 404s). */
  readonly requests: GeminiRequest[];
  /** The streamed model turns only (what a prompt or a tool result made gemini ask). */
  turns(): GeminiRequest[];
  /** Requests answered 404 (paths the stand-in does not serve). */
  notFound(): GeminiRequest[];
  /** Replaces the prompt script (default `geminiScript`). */
  setScript(script: GeminiScript): void;
  /** Resolves when some request satisfies `test` (bounded by `timeoutMs`, default 60 s). */
  waitFor(test: (r: GeminiRequest) => boolean, timeoutMs?: number, what?: string): Promise<GeminiRequest>;
  close(): Promise<void>;
}

/** Gap between the pieces of a trickled reply, and how long it trickles at most. */
const TRICKLE_GAP_MS = 250;
const TRICKLE_MAX_PIECES = 480; // two minutes: far longer than any cancel needs

function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startGeminiStandIn(): Promise<GeminiStandIn> {
  let script: GeminiScript = geminiScript;
  const requests: GeminiRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const later = (ms: number, fn: () => void): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!closed) fn();
    }, ms);
    timers.add(t);
  };

  /** The usage a reply reports, recorded on its request. */
  const report = (rec: GeminiRequest, out: string): UsageMetadata => {
    rec.usage = usage(rec.body, out);
    return rec.usage;
  };

  const sse = (res: http.ServerResponse, value: unknown): void => {
    res.write(`data: ${JSON.stringify(value)}\r\n\r\n`);
  };

  const streamReply = (rec: GeminiRequest, reply: GeminiReply, res: http.ServerResponse): void => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (reply.kind === 'functionCall') {
      const parts = [
        ...(reply.text ? [{ text: reply.text }] : []),
        { functionCall: { name: reply.name, args: reply.args } },
      ];
      sse(res, responseOf(rec.model, parts, true, report(rec, JSON.stringify(reply.args))));
      res.end();
      return;
    }
    if (reply.kind === 'trickle') {
      // A piece every TRICKLE_GAP_MS for up to two minutes, so a cancel lands mid-turn;
      // it ends when the client goes away (the socket closes) or close() runs.
      let n = 0;
      const step = (): void => {
        if (res.destroyed || res.writableEnded) return;
        n += 1;
        if (n >= TRICKLE_MAX_PIECES) {
          sse(res, responseOf(rec.model, [{ text: ' (the slow reply ends)' }], true, report(rec, reply.piece)));
          res.end();
          return;
        }
        // Numbered, so gemini's loop detection (repeated content) does not end it early.
        sse(res, responseOf(rec.model, [{ text: `${reply.piece} ${n}; ` }], false));
        later(TRICKLE_GAP_MS, step);
      };
      step();
      return;
    }
    const pieces = piecesOf(reply.text, 24);
    pieces.forEach((piece, i) => {
      const last = i === pieces.length - 1;
      sse(res, responseOf(rec.model, [{ text: piece }], last, last ? report(rec, reply.text) : undefined));
    });
    res.end();
  };

  const plainReply = (rec: GeminiRequest, res: http.ServerResponse): void => {
    if (rec.structured) {
      const text = JSON.stringify(valueForSchema(jsonSchemaOf(rec.body)));
      sendJson(res, 200, responseOf(rec.model, [{ text }], true, report(rec, text)));
      return;
    }
    const reply = script(rec.last);
    const text = reply.kind === 'text' ? reply.text : reply.kind === 'trickle' ? reply.piece : (reply.text ?? 'OK');
    sendJson(res, 200, responseOf(rec.model, [{ text }], true, report(rec, text)));
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
      const url = req.url ?? '/';
      const path = url.split('?')[0] ?? '/';
      const { model, action } = modelAndAction(path);
      const rec: GeminiRequest = {
        method: req.method ?? 'GET',
        path,
        url,
        headers: req.headers,
        body,
        action: req.method === 'POST' ? action : 'unknown',
        model,
        structured: action === 'generateContent' && jsonSchemaOf(body) !== null,
        last: lastTurnOf(body),
        status: 0,
        usage: null,
        clientClosed: false,
        receivedAt: Date.now(),
      };
      requests.push(rec);
      res.on('close', () => {
        if (!res.writableFinished) rec.clientClosed = true;
      });
      const answer = (status: number): void => {
        rec.status = status;
      };
      if (rec.action === 'unknown') {
        answer(404);
        sendJson(res, 404, { error: { code: 404, message: `The stand-in does not serve ${rec.method} ${path}`, status: 'NOT_FOUND' } });
        return;
      }
      if (!body || !Array.isArray(body.contents)) {
        answer(400);
        sendJson(res, 400, { error: { code: 400, message: 'contents: an array is required', status: 'INVALID_ARGUMENT' } });
        return;
      }
      answer(200);
      if (rec.action === 'countTokens') {
        sendJson(res, 200, { totalTokens: usage(body, '').promptTokenCount });
        return;
      }
      if (rec.action === 'generateContent') {
        plainReply(rec, res);
        return;
      }
      streamReply(rec, script(rec.last), res);
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 1_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    turns: () => requests.filter((r) => r.action === 'streamGenerateContent'),
    notFound: () => requests.filter((r) => r.status === 404),
    setScript: (next) => {
      script = next;
    },
    waitFor: (test, timeoutMs = 60_000, what = 'a matching request to the gemini stand-in') =>
      until(() => requests.find(test), { timeoutMs, message: what }),
    close: async () => {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
