import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { WEB_HELLO_TIMEOUT_MS, WEB_MAX_FRAME_BYTES, WEB_SOCKET_PATH } from '../../../shared/ipc/bridge';
import { MAX_REQUEST_CHARS, RateLimitedWarnings, createLogger, type Logger } from '../../core';
import { contentSecurityPolicy, HARDENING_HEADERS } from '../csp';
import type { EventSource, RouterLike } from '../router-like';
import { readStaticFile } from '../static-files';
import { createAccessToken, isAllowedHost, isAllowedOrigin, loopbackPort } from './access';
import { attachSocketSession } from './socket-session';

/** Web mode binds this address and nothing else (SPEC §5). */
export const LOOPBACK = '127.0.0.1';
/** Open sockets (authenticated or not) at once; one more is refused with 503. */
export const MAX_SOCKETS = 64;

export interface WebServerOptions {
  readonly router: RouterLike;
  readonly events: EventSource;
  /** The built renderer, normally out/renderer. */
  readonly rendererDir: string;
  /** 0 or absent picks a free port. */
  readonly port?: number;
  /** Tests may fix the token; otherwise a fresh random one. */
  readonly token?: string;
  readonly helloTimeoutMs?: number;
  readonly maxFrameBytes?: number;
  readonly maxRequestChars?: number;
  readonly maxSockets?: number;
  readonly maxBadFramesPerMinute?: number;
  readonly log?: Logger;
}

export interface WebServer {
  readonly port: number;
  readonly token: string;
  /** What the user opens: the token rides in the fragment, which browsers never send. */
  readonly url: string;
  close(): Promise<void>;
}

function pathnameOf(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? '/', 'http://placeholder').pathname;
  } catch {
    return '/';
  }
}

function rejectUpgrade(socket: Duplex, status: '403 Forbidden' | '404 Not Found' | '503 Service Unavailable'): void {
  socket.on('error', () => undefined);
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The loopback HTTP + WebSocket transport: serves the renderer with the strict
 * CSP, and carries the contract over one authenticated WebSocket per tab.
 */
export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const log = opts.log ?? createLogger('web');
  const token = opts.token ?? createAccessToken();
  let port = 0; // known once listening; every check below runs after that

  // The CSP pins the socket to the port the browser used (ours, or an SSH tunnel's).
  const baseHeaders = (req: IncomingMessage): Record<string, string> => ({
    ...HARDENING_HEADERS,
    'Content-Security-Policy': contentSecurityPolicy({ kind: 'web', port: loopbackPort(req.headers.host) ?? port }),
  });

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const plain = (status: number, text: string, extra: Record<string, string> = {}): void => {
      res.writeHead(status, { ...baseHeaders(req), 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra });
      res.end(text);
    };
    if (!isAllowedHost(req.headers.host)) {
      refusals.warn('refused an HTTP request for a foreign Host', { host: String(req.headers.host).slice(0, 100) });
      return plain(403, 'Forbidden host');
    }
    const pathname = pathnameOf(req);
    if (pathname === WEB_SOCKET_PATH) return plain(426, 'Upgrade required', { Upgrade: 'websocket' });
    const method = req.method ?? 'GET';
    readStaticFile(opts.rendererDir, method, pathname)
      .then((file) => {
        // Browsers ask for /favicon.ico on their own; without one, answer "no content", not an error.
        if (file.status === 404 && pathname === '/favicon.ico') {
          res.writeHead(204, { ...baseHeaders(req), 'Cache-Control': 'no-cache' });
          return void res.end();
        }
        const headers: Record<string, string> = {
          ...baseHeaders(req),
          'Content-Type': file.contentType,
          'Content-Length': String(file.body.length),
          'Cache-Control': file.cacheControl,
        };
        if (file.status === 405) headers.Allow = 'GET, HEAD';
        res.writeHead(file.status, headers);
        res.end(method === 'HEAD' ? undefined : file.body);
      })
      .catch((err: unknown) => {
        log.error('static file failed', { err });
        if (!res.headersSent) plain(500, 'Internal error');
        else res.destroy();
      });
  };

  const server = createServer(onRequest);
  const maxSockets = opts.maxSockets ?? MAX_SOCKETS;
  let openSockets = 0;
  /** Anyone on the machine can knock: refusals are logged at most 20 a minute. */
  const refusals = new RateLimitedWarnings(log, 20, 60_000);
  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxFrameBytes ?? WEB_MAX_FRAME_BYTES });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathnameOf(req) !== WEB_SOCKET_PATH) return rejectUpgrade(socket, '404 Not Found');
    if (!isAllowedHost(req.headers.host) || !isAllowedOrigin(req.headers.origin, req.headers.host)) {
      refusals.warn('refused a WebSocket upgrade', {
        host: String(req.headers.host).slice(0, 100),
        origin: String(req.headers.origin).slice(0, 100),
      });
      return rejectUpgrade(socket, '403 Forbidden');
    }
    if (openSockets >= maxSockets) {
      refusals.warn('refused a WebSocket: too many open', { max: maxSockets });
      return rejectUpgrade(socket, '503 Service Unavailable');
    }
    // Counted on the raw socket, so an upgrade that fails half-way is uncounted too.
    openSockets += 1;
    socket.once('close', () => {
      openSockets -= 1;
    });
    wss.handleUpgrade(req, socket, head, (ws) => {
      attachSocketSession(ws, {
        token,
        router: opts.router,
        events: opts.events,
        log,
        helloTimeoutMs: opts.helloTimeoutMs ?? WEB_HELLO_TIMEOUT_MS,
        maxRequestChars: opts.maxRequestChars ?? MAX_REQUEST_CHARS,
        maxInFlight: 64,
        maxBufferedBytes: 64 * 1024 * 1024,
        ...(opts.maxBadFramesPerMinute !== undefined ? { maxBadFramesPerMinute: opts.maxBadFramesPerMinute } : {}),
      });
    });
  });
  server.on('clientError', (err, socket) => {
    refusals.warn('bad HTTP request', { err });
    socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  server.on('error', (err) => log.error('server error', { err }));
  log.info('web transport listening', { port });

  let closing: Promise<void> | null = null;
  return {
    port,
    token,
    url: `http://${LOOPBACK}:${port}/#token=${token}`,
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
