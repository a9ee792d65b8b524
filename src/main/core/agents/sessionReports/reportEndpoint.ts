import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { createLogger } from '../../logger';
import { scriptCommand, type ScriptCommand } from './scriptCommand';
import type { ReportTokenPort, SessionToken, SessionTokens } from './sessionTokens';

const log = createLogger('session-reports');

/** The most a report's body may hold: a status or a title, never a transcript. */
export const MAX_REPORT_BYTES = 16 * 1024;
/** A report that has not arrived whole by then is dropped (a stuck client holds nothing open). */
const REPORT_TIMEOUT_MS = 2_000;
export const REPORT_PATH = '/report';

/** The variables an agent's environment gets to report about its own session (`SessionReports.envFor`). */
export const REPORT_ENV = {
  sessionId: 'SWARMDESK_SESSION_ID',
  token: 'SWARMDESK_SESSION_TOKEN',
  url: 'SWARMDESK_REPORT_URL',
} as const;

/** Every report names its session and its kind; the rest is the kind's own (its schema). */
const Envelope = z.object({ sessionId: z.string().min(1).max(200), kind: z.string().min(1).max(40) }).loose();

/** What a handler answers: nothing (204), or a JSON value the reporter reads (200). */
export type ReportHandler<T> = (sessionId: string, report: T) => unknown;

interface Kind {
  readonly schema: z.ZodType;
  readonly handle: ReportHandler<unknown>;
}

/**
 * The narrow endpoint agents report to (SPEC §8 terminal status; issue 33's `set_session_title`): HTTP on
 * 127.0.0.1 with a port of its own, `POST /report` with `Authorization: Bearer <token>` and a JSON body
 * `{ sessionId, kind, ... }` of at most 16 KB. A report is taken only when the token is a live token of
 * that very session (`SessionTokens.verify`) and its kind is registered (`on`) and its body parses with the
 * kind's schema; anything else gets a bare 4xx and reaches nothing. A request from a browser (an `Origin`
 * header, or a Host other than the address we listen on) is refused.
 */
export class SessionReports implements ReportTokenPort {
  private server: Server | null = null;
  private listening: Promise<string> | null = null;
  private address: string | null = null;
  private readonly kinds = new Map<string, Kind>();

  constructor(
    readonly tokens: SessionTokens,
    /** The `set_session_title` MCP server agents are offered (issue 33): this build's, unless given. */
    readonly mcpServer: ScriptCommand | null = scriptCommand('mcp-server'),
  ) {}

  /** Takes reports of `kind` (status, title, …); returns the undo. One handler per kind. */
  on<T>(kind: string, schema: z.ZodType<T>, handle: ReportHandler<T>): () => void {
    if (this.kinds.has(kind)) throw new Error(`A handler for ${kind} reports is already registered.`);
    this.kinds.set(kind, { schema, handle: handle as ReportHandler<unknown> });
    return () => void this.kinds.delete(kind);
  }

  /** Starts listening (once); resolves with the report URL. */
  listen(): Promise<string> {
    this.listening ??= new Promise<string>((resolve, reject) => {
      const server = createServer((req, res) => void this.serve(req, res));
      server.requestTimeout = REPORT_TIMEOUT_MS;
      server.headersTimeout = REPORT_TIMEOUT_MS;
      server.on('error', (err) => {
        log.warn('the report endpoint failed', { err });
        reject(err);
      });
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        this.address = `127.0.0.1:${port}`;
        resolve(`http://${this.address}${REPORT_PATH}`);
      });
      server.unref();
      this.server = server;
    });
    return this.listening;
  }

  /** Once listening (started if it was not), or once it failed to: an agent about to start waits for its token's URL. */
  ready(): Promise<void> {
    return this.listen().then(
      () => undefined,
      () => undefined,
    );
  }

  /** The report URL once listening, else null. */
  get url(): string | null {
    return this.address === null ? null : `http://${this.address}${REPORT_PATH}`;
  }

  /**
   * A new token for `sessionId` and the environment that carries it (empty until `listen` resolved: an agent
   * started then simply does not report). Revoke the token when the agent's process ends.
   */
  issue(sessionId: string): { readonly token: SessionToken; readonly env: Record<string, string> } {
    const token = this.tokens.issue(sessionId);
    const url = this.url;
    const env: Record<string, string> = url === null ? {} : { [REPORT_ENV.sessionId]: sessionId, [REPORT_ENV.token]: token.token, [REPORT_ENV.url]: url };
    return { token, env };
  }

  async close(): Promise<void> {
    this.tokens.revokeAll();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const answer = (status: number, body?: unknown): void => {
      if (res.headersSent) return;
      if (body === undefined) res.writeHead(status).end();
      else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== REPORT_PATH) return answer(404);
    if (req.headers.origin !== undefined || req.headers.host !== this.address) return answer(403);
    const auth = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(req.headers.authorization ?? '');
    if (!auth) return answer(401);
    const body = await readBounded(req, MAX_REPORT_BYTES);
    if (body === null) return answer(413);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return answer(400);
    }
    const envelope = Envelope.safeParse(json);
    if (!envelope.success) return answer(400);
    const { sessionId, kind } = envelope.data;
    if (!this.tokens.verify(sessionId, auth[1] ?? '')) return answer(401);
    const handler = this.kinds.get(kind);
    if (!handler) return answer(404);
    const report = handler.schema.safeParse(json);
    if (!report.success) return answer(400);
    try {
      const result = await handler.handle(sessionId, report.data);
      answer(result === undefined ? 204 : 200, result);
    } catch (err) {
      log.warn('a session report failed', { kind, session: sessionId, err });
      answer(500);
    }
  }
}

/** The request's body as text, or null when it is longer than `max` bytes. */
function readBounded(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) over = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(null));
  });
}
