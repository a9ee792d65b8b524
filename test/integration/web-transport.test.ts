import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { CHANNEL_NAMES, type ChannelName } from '../../src/shared/ipc/contract';
import { WEB_CLOSE } from '../../src/shared/ipc/bridge';
import { AppError } from '../../src/shared/result';
import { CoreEvents } from '../../src/main/core/events';
import type { EventPayload } from '../../src/shared/ipc/events';
import { setLogSink } from '../../src/main/core/logger';
import { Router, type HandlerMap } from '../../src/main/core/router/router';
import { contentSecurityPolicy } from '../../src/main/transport/csp';
import { startWebServer, type WebServer } from '../../src/main/transport/web/server';

// A real server on 127.0.0.1 with a real ws client. The router is the real
// Router over a tiny handler map: app:info answers, everything else is UNAVAILABLE.
function fakeHandlers(): HandlerMap<null> {
  const map: Record<string, unknown> = {};
  for (const name of CHANNEL_NAMES) {
    map[name] = () => {
      throw new AppError('UNAVAILABLE', `${name} is not wired in this test`);
    };
  }
  map['app:info'] = () => ({ version: '0.0.0-test', platform: 'linux', transport: 'web', dataDir: '/tmp/x', defaultFolder: '/tmp', notices: [], notifications: true });
  // Opens one terminal ('t-open'); any other is not found.
  map['terminal:open'] = ({ id }: { id: string }) => {
    if (id !== 't-open') throw new AppError('NOT_FOUND', 'No such terminal.');
    return { running: true, scrollback: '', offset: 0, exit: null };
  };
  map['terminal:close'] = () => ({});
  // Reads one transcript ('s-read'); any other is not found.
  map['entries:page'] = ({ id }: { id: string }) => {
    if (id !== 's-read') throw new AppError('NOT_FOUND', 'No such session.');
    return { entries: [], hasMore: false };
  };
  return map as HandlerMap<null>;
}

type Msg = Record<string, unknown> & { id?: unknown; result?: { ok: boolean; value?: unknown; error?: { code: string } } };

/** A ws client that queues messages and exposes bounded waits. */
class Client {
  readonly messages: Msg[] = [];
  private waiters: Array<() => void> = [];
  closed: { code: number } | null = null;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      this.messages.push(JSON.parse(d.toString()) as Msg);
      this.wake();
    });
    ws.on('close', (code) => {
      this.closed = { code };
      this.wake();
    });
    ws.on('error', () => undefined);
  }
  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }
  async next(timeoutMs = 3_000): Promise<Msg> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length === 0) {
      if (this.closed) throw new Error(`socket closed (${this.closed.code}) while waiting for a message`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no message in time');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.messages.shift() as Msg;
  }
  async closeCode(timeoutMs = 3_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('socket not closed in time');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.closed.code;
  }
  send(value: unknown): void {
    this.ws.send(typeof value === 'string' ? value : JSON.stringify(value));
  }
  async call(id: number | string, channel: string, input: unknown = {}): Promise<Msg> {
    this.send({ id, channel, input });
    return this.next();
  }
}

/** Open a socket; resolves a Client, or the HTTP status when the upgrade is refused. */
function connect(port: number, opts: { origin?: string | null; host?: string } = {}): Promise<Client | number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (opts.host) headers.Host = opts.host;
    const origin = opts.origin === undefined ? `http://127.0.0.1:${port}` : opts.origin;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers, ...(origin === null ? {} : { origin }) });
    const timer = setTimeout(() => reject(new Error('connect timed out')), 3_000);
    ws.once('open', () => {
      clearTimeout(timer);
      resolve(new Client(ws));
    });
    ws.once('unexpected-response', (_req, res) => {
      clearTimeout(timer);
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** A socket past its hello; `narrowing` adds to the hello (`terminalOutput` / `streaming: 'opened'`). */
async function authed(server: WebServer, narrowing: Record<string, string> = {}): Promise<Client> {
  const c = await connect(server.port);
  if (typeof c === 'number') throw new Error(`upgrade refused: ${c}`);
  c.send({ type: 'hello', token: server.token, ...narrowing });
  expect(await c.next()).toEqual({ type: 'ready' });
  return c;
}

/** A raw HTTP GET with a path sent as-is (no client-side normalisation). */
function rawGet(port: number, path: string, host = `127.0.0.1:${port}`): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers: { Host: host }, timeout: 3_000 }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

describe('web transport on a real loopback server', () => {
  let base: string;
  let server: WebServer;
  const events = new CoreEvents();
  const logLines: string[] = [];
  let restoreLog: () => void;

  beforeAll(async () => {
    restoreLog = setLogSink((line) => logLines.push(line));
    base = mkdtempSync(join(tmpdir(), 'swarmdesk-web-'));
    mkdirSync(join(base, 'renderer', 'assets'), { recursive: true });
    writeFileSync(join(base, 'renderer', 'index.html'), '<!doctype html><title>Swarmdesk test</title>');
    writeFileSync(join(base, 'renderer', 'assets', 'app.js'), 'void 0');
    writeFileSync(join(base, 'secret.txt'), 'TOP-SECRET');
    server = await startWebServer({
      router: new Router(fakeHandlers(), null),
      events,
      rendererDir: join(base, 'renderer'),
      port: 0,
      helloTimeoutMs: 400,
      maxRequestChars: 10_000,
      maxFrameBytes: 64 * 1024,
    });
  });

  afterAll(async () => {
    await server?.close();
    restoreLog?.();
    rmSync(base, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 only and gives a fragment-token URL', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/#token=${server.token}`);
    const external = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
    if (external) {
      const reached = await new Promise<boolean>((resolve) => {
        const req = request({ host: external.address, port: server.port, path: '/', timeout: 2_000 }, () => resolve(true));
        req.on('error', () => resolve(false));
        req.on('timeout', () => {
          req.destroy();
          resolve(false);
        });
        req.end();
      });
      expect(reached).toBe(false);
    }
  });

  it('serves the renderer with the CSP, types, SPA fallback and no traversal', async () => {
    const index = await rawGet(server.port, '/');
    expect(index.status).toBe(200);
    expect(index.body).toContain('Swarmdesk test');
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['content-security-policy']).toBe(contentSecurityPolicy({ kind: 'web', port: server.port }));
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect((await rawGet(server.port, '/assets/app.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await rawGet(server.port, '/sessions/abc')).body).toContain('Swarmdesk test');
    expect((await rawGet(server.port, '/assets/nope.js')).status).toBe(404);
    expect((await rawGet(server.port, '/favicon.ico')).status).toBe(204); // no console error in the browser
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt']) {
      const res = await rawGet(server.port, p);
      expect(res.status, p).not.toBe(200);
      expect(res.body).not.toContain('TOP-SECRET');
    }
  });

  it('refuses HTTP requests for a foreign Host (DNS rebinding)', async () => {
    const res = await rawGet(server.port, '/', `rebind.evil.example:${server.port}`);
    expect(res.status).toBe(403);
    expect(res.body).not.toContain('Swarmdesk test');
  });

  it('refuses a WebSocket from a foreign Origin, with no Origin, or with a bad Host: 403', async () => {
    expect(await connect(server.port, { origin: 'http://evil.example' })).toBe(403);
    expect(await connect(server.port, { origin: `http://127.0.0.1:${server.port + 1}` })).toBe(403);
    expect(await connect(server.port, { origin: null })).toBe(403);
    expect(await connect(server.port, { host: `evil.example:${server.port}` })).toBe(403);
  });

  it('closes with FORBIDDEN on a wrong token', async () => {
    const c = await connect(server.port);
    if (typeof c === 'number') throw new Error('refused');
    c.send({ type: 'hello', token: server.token.slice(0, -1) + (server.token.endsWith('A') ? 'B' : 'A') });
    const reply = await c.next();
    expect(reply.result?.error?.code).toBe('FORBIDDEN');
    expect(await c.closeCode()).toBe(WEB_CLOSE.FORBIDDEN);
  });

  it('closes with FORBIDDEN on a request before the hello', async () => {
    const c = await connect(server.port);
    if (typeof c === 'number') throw new Error('refused');
    c.send({ id: 1, channel: 'app:info', input: {} });
    const reply = await c.next();
    expect(reply).toMatchObject({ id: 1, result: { ok: false, error: { code: 'FORBIDDEN' } } });
    expect(await c.closeCode()).toBe(WEB_CLOSE.FORBIDDEN);
  });

  it('closes a socket that never says hello', async () => {
    const c = await connect(server.port);
    if (typeof c === 'number') throw new Error('refused');
    expect(await c.closeCode(3_000)).toBe(WEB_CLOSE.HELLO_TIMEOUT);
  });

  it('round-trips a good request through the router', async () => {
    const c = await authed(server);
    const reply = await c.call('req-1', 'app:info');
    expect(reply).toEqual({
      id: 'req-1',
      result: { ok: true, value: { version: '0.0.0-test', platform: 'linux', transport: 'web', dataDir: '/tmp/x', defaultFolder: '/tmp', notices: [], notifications: true } },
    });
    c.ws.close();
  });

  it('serves requests sent right behind the hello, before its ready (the page does not wait a round trip)', async () => {
    const c = await connect(server.port);
    if (typeof c === 'number') throw new Error('refused');
    c.send({ type: 'hello', token: server.token });
    c.send({ id: 'early', channel: 'app:info', input: {} });
    expect(await c.next()).toEqual({ type: 'ready' });
    expect(await c.next()).toMatchObject({ id: 'early', result: { ok: true, value: { version: '0.0.0-test' } } });
    c.ws.close();
  });

  it('a request behind a wrong hello is never served: FORBIDDEN and closed', async () => {
    const c = await connect(server.port);
    if (typeof c === 'number') throw new Error('refused');
    c.send({ type: 'hello', token: 'not-the-token' });
    c.send({ id: 'early', channel: 'app:info', input: {} });
    expect((await c.next()).result?.error?.code).toBe('FORBIDDEN');
    expect(await c.closeCode()).toBe(WEB_CLOSE.FORBIDDEN);
    expect(c.messages.some((m) => m.id === 'early')).toBe(false);
  });

  it('answers bad frames with typed errors, logs them, and keeps serving', async () => {
    const c = await authed(server);
    logLines.length = 0;
    c.send('{not json');
    expect(await c.next()).toMatchObject({ id: null, result: { ok: false, error: { code: 'BAD_INPUT' } } });
    c.send('[1,2]');
    expect(await c.next()).toMatchObject({ id: null, result: { ok: false, error: { code: 'BAD_INPUT' } } });
    c.send({ channel: 'app:info', input: {} });
    expect(await c.next()).toMatchObject({ id: null, result: { ok: false, error: { code: 'BAD_INPUT' } } });
    expect(await c.call(2, 42 as unknown as string)).toMatchObject({ id: 2, result: { ok: false, error: { code: 'BAD_INPUT' } } });
    expect(await c.call(3, 'sessions:dropTables')).toMatchObject({ id: 3, result: { ok: false, error: { code: 'UNKNOWN_CHANNEL' } } });
    expect(await c.call(4, '__proto__')).toMatchObject({ id: 4, result: { ok: false, error: { code: 'UNKNOWN_CHANNEL' } } });
    expect(await c.call(5, 'app:info', { extra: true })).toMatchObject({ id: 5, result: { ok: false, error: { code: 'BAD_INPUT' } } });
    const name: ChannelName = 'sessions:list';
    expect(await c.call(6, name, {})).toMatchObject({ id: 6, result: { ok: false, error: { code: 'UNAVAILABLE' } } });
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await c.next()).toMatchObject({ id: null, result: { ok: false, error: { code: 'BAD_INPUT' } } });
    expect((await c.call(7, 'app:info')).result?.ok).toBe(true);
    expect(logLines.some((l) => l.includes('malformed JSON'))).toBe(true);
    expect(logLines.some((l) => l.includes('unknown channel'))).toBe(true);
    c.ws.close();
  });

  it('bounds message size: TOO_LARGE reply over the request limit, socket closed over the frame limit, server stays up', async () => {
    const c = await authed(server);
    const big = await c.call(8, 'sessions:search', { query: 'x'.repeat(20_000) });
    expect(big).toMatchObject({ id: 8, result: { ok: false, error: { code: 'TOO_LARGE' } } });
    expect((await c.call(9, 'app:info')).result?.ok).toBe(true);
    c.send({ id: 10, channel: 'app:info', input: { pad: 'y'.repeat(100 * 1024) } });
    expect(await c.closeCode()).toBe(WEB_CLOSE.TOO_BIG);
    const again = await authed(server);
    expect((await again.call(11, 'app:info')).result?.ok).toBe(true);
    again.ws.close();
  });

  it('answers on a loopback name with any port, as behind an SSH tunnel (ssh -L 5000:127.0.0.1:PORT)', async () => {
    const tunnelled = server.port === 5000 ? 5001 : 5000;
    const page = await rawGet(server.port, '/', `localhost:${tunnelled}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Swarmdesk test');
    // The page's socket goes to the port the browser sees.
    expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy({ kind: 'web', port: tunnelled }));
    const c = await connect(server.port, { host: `localhost:${tunnelled}`, origin: `http://localhost:${tunnelled}` });
    if (typeof c === 'number') throw new Error(`refused: ${c}`);
    c.send({ type: 'hello', token: server.token });
    expect(await c.next()).toEqual({ type: 'ready' });
    expect((await c.call(1, 'app:info')).result?.ok).toBe(true);
    c.ws.close();
    // Still refused: another local page's Origin, and a foreign name on that port.
    expect(await connect(server.port, { host: `localhost:${tunnelled}`, origin: `http://localhost:${tunnelled + 1}` })).toBe(403);
    expect((await rawGet(server.port, '/', `rebind.evil.example:${tunnelled}`)).status).toBe(403);
  });

  it('closes an unauthenticated socket at its first bad frame, after a typed reply', async () => {
    for (const frame of ['{not json', '[1]', Buffer.from([1, 2, 3])]) {
      const c = await connect(server.port);
      if (typeof c === 'number') throw new Error('refused');
      if (typeof frame === 'string') c.send(frame);
      else c.ws.send(frame, { binary: true });
      expect(await c.next()).toMatchObject({ id: null, result: { ok: false, error: { code: 'BAD_INPUT' } } });
      expect(await c.closeCode()).toBe(WEB_CLOSE.FORBIDDEN);
      expect(c.messages).toEqual([]);
    }
  });

  it('10,000 bad frames on one authenticated socket: bounded replies, bounded log, socket closed; the server keeps serving', async () => {
    const c = await authed(server);
    logLines.length = 0;
    const frames = ['{not json', '[1,2]', JSON.stringify({ id: 1, channel: 'nope:nope', input: {} }), JSON.stringify({ channel: 'app:info' })];
    for (let i = 0; i < 10_000; i += 1) {
      if (c.closed) break;
      c.send(frames[i % frames.length]);
    }
    expect(await c.closeCode(10_000)).toBe(WEB_CLOSE.TOO_MANY_BAD_FRAMES);
    expect(c.messages.length).toBeLessThanOrEqual(1_001); // the budget, then the close
    expect(c.messages.every((m) => m.result?.ok === false)).toBe(true);
    const logged = logLines.join('\n');
    expect(logLines.length).toBeLessThan(50);
    expect(logged.length).toBeLessThan(20_000);
    expect(logged).toMatch(/\d+ more like this were left out/);
    expect(logged).toContain('too many bad frames');
    const again = await authed(server);
    expect((await again.call(2, 'app:info')).result?.ok).toBe(true);
    again.ws.close();
  });

  it('holds at most 64 sockets: the 65th upgrade gets 503, and a freed slot is usable again', async () => {
    const small = await startWebServer({ router: new Router(fakeHandlers(), null), events, rendererDir: join(base, 'renderer'), helloTimeoutMs: 30_000 });
    try {
      const open: Client[] = [];
      for (let i = 0; i < 64; i += 1) {
        const c = await connect(small.port);
        if (typeof c === 'number') throw new Error(`socket ${i + 1} refused: ${c}`);
        open.push(c);
      }
      expect(await connect(small.port)).toBe(503);
      const first = open.shift();
      first?.ws.close();
      await first?.closeCode();
      // The server counts the raw socket's close, which follows the close handshake.
      const deadline = Date.now() + 3_000;
      let reopened: Client | number = 503;
      while (reopened === 503 && Date.now() < deadline) reopened = await connect(small.port);
      expect(typeof reopened).not.toBe('number');
      if (typeof reopened !== 'number') open.push(reopened);
      for (const c of open) c.ws.terminate();
    } finally {
      await small.close();
    }
  });

  it('pushes core events to authenticated sockets only', async () => {
    const ready = await authed(server);
    const pending = await connect(server.port);
    if (typeof pending === 'number') throw new Error('refused');
    events.emit('app:notice', { message: 'backup restored' });
    expect(await ready.next()).toEqual({ event: 'app:notice', payload: { message: 'backup restored' } });
    // The signal that nothing was sent: the pending socket's own hello is answered after the
    // event went out, on the same ordered stream, and `ready` comes first.
    pending.send({ type: 'hello', token: server.token });
    expect(await pending.next()).toEqual({ type: 'ready' });
    expect(pending.messages).toEqual([]);
    ready.ws.close();
    pending.ws.close();
  });

  it("a socket whose hello asks for its opened terminals' output gets terminal:data only for those; another socket gets all", async () => {
    const narrow = await authed(server, { terminalOutput: 'opened' });
    const every = await authed(server);
    const data = (sessionId: string, offset: number): EventPayload<'terminal:data'> => ({ sessionId, data: `${sessionId} ${offset}\r\n`, offset });
    events.emit('terminal:data', data('t-open', 0));
    // A failed open (no such terminal) does not start that terminal's output either.
    expect((await narrow.call(1, 'terminal:open', { id: 't-none', cols: 80, rows: 24 })).result?.ok).toBe(false);
    expect((await narrow.call(2, 'terminal:open', { id: 't-open', cols: 80, rows: 24 })).result?.ok).toBe(true);
    events.emit('terminal:data', data('t-none', 0));
    events.emit('terminal:data', data('t-open', 9));
    events.emit('terminal:exit', { sessionId: 't-none', exitCode: 0, signal: null });
    // In order on one stream: the narrow socket's next frames are the opened terminal's output after the open, then the exit.
    expect(await narrow.next()).toEqual({ event: 'terminal:data', payload: data('t-open', 9) });
    expect(await narrow.next()).toEqual({ event: 'terminal:exit', payload: { sessionId: 't-none', exitCode: 0, signal: null } });
    expect((await every.next()).payload).toEqual(data('t-open', 0));
    expect((await every.next()).payload).toEqual(data('t-none', 0));
    expect((await every.next()).payload).toEqual(data('t-open', 9));
    // The pane closed: its output stops at once (the close is read in order, before its reply).
    expect((await narrow.call(3, 'terminal:close', { id: 't-open' })).result?.ok).toBe(true);
    events.emit('terminal:data', data('t-open', 20));
    events.emit('app:notice', { message: 'after the close' });
    expect(await narrow.next()).toEqual({ event: 'app:notice', payload: { message: 'after the close' } });
    narrow.ws.close();
    every.ws.close();
  });

  it("a socket whose hello asks for its read transcripts' streaming gets entry:streaming only for sessions it paged; another socket gets all", async () => {
    const narrow = await authed(server, { streaming: 'opened' });
    const every = await authed(server);
    const text = (sessionId: string, said: string): EventPayload<'entry:streaming'> => ({ sessionId, kind: 'assistant', text: said });
    events.emit('entry:streaming', text('s-read', 'Hel'));
    // A transcript that could not be read does not start that session's streaming either.
    expect((await narrow.call(1, 'entries:page', { id: 's-none', limit: 50 })).result?.ok).toBe(false);
    expect((await narrow.call(2, 'entries:page', { id: 's-read', limit: 50 })).result?.ok).toBe(true);
    events.emit('entry:streaming', text('s-none', 'Nobody reads this'));
    events.emit('entry:streaming', text('s-read', 'Hello'));
    events.emit('app:notice', { message: 'after the streaming' });
    // In order on one stream: the narrow socket's next frames are the read session's text after the read, then the notice.
    expect(await narrow.next()).toEqual({ event: 'entry:streaming', payload: text('s-read', 'Hello') });
    expect(await narrow.next()).toEqual({ event: 'app:notice', payload: { message: 'after the streaming' } });
    expect((await every.next()).payload).toEqual(text('s-read', 'Hel'));
    expect((await every.next()).payload).toEqual(text('s-none', 'Nobody reads this'));
    expect((await every.next()).payload).toEqual(text('s-read', 'Hello'));
    narrow.ws.close();
    every.ws.close();
  });

  it('pushes a session row only with a usable title: the socket gets the good row, never the error-titled one', async () => {
    const c = await authed(server);
    const base = {
      id: 's1', kind: 'imported', folder: '/w', status: 'idle', archived: false, pinned: false, position: 0, parentId: null,
      titlePinned: false, firstUserLine: null, subtitle: null, unread: false, createdAt: 1, updatedAt: 2, backendId: null,
    } as const;
    const bad = { ...base, title: 'Request failed with status code 529', titleSource: 'imported' } as const;
    const good = { ...base, title: 'Worker 2', titleSource: 'user' } as const;
    events.emit('session:changed', bad as unknown as EventPayload<'session:changed'>);
    events.emit('session:changed', good as unknown as EventPayload<'session:changed'>);
    // Frames arrive in order: the first one the socket sees is the good row, so the bad one never left main.
    expect(await c.next()).toEqual({ event: 'session:changed', payload: good });
    c.ws.close();
  });
});

describe('npm run serve (the web-mode contract line)', () => {
  let child: ChildProcess | null = null;
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-serve-'));
  });
  afterAll(async () => {
    if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    stopHostOf(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints exactly one serving line, serves the renderer with its CSP, and exits cleanly on SIGTERM', async () => {
    child = spawn('npm', ['run', '--silent', 'serve', '--', '--port', '0', '--data-dir', dataDir], {
      env: { ...process.env, SWARMDESK_AMBIENT_PROVIDER: 'offline' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so the whole tree can be stopped
    });
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no serving line in 100 s; stderr:\n${stderr.slice(-3000)}`)), 100_000);
      child?.stdout?.on('data', (d: Buffer) => {
        stdout += d.toString();
        const m = /^serving .*$/m.exec(stdout);
        if (m) {
          clearTimeout(timer);
          resolve(m[0]);
        }
      });
      child?.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`serve exited (${code}) before its line; stderr:\n${stderr.slice(-3000)}`));
      });
    });
    const m = /^serving http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]{32,})$/.exec(line);
    expect(m, line).not.toBeNull();
    const port = Number(m?.[1]);
    const token = m?.[2] ?? '';

    const page = await rawGet(port, '/');
    expect(page.status).toBe(200);
    expect(page.body.toLowerCase()).toContain('<!doctype html>');
    expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy({ kind: 'web', port }));

    // The real core answers over the socket with the data folder we passed.
    const c = await connect(port);
    if (typeof c === 'number') throw new Error(`refused: ${c}`);
    c.send({ type: 'hello', token });
    expect(await c.next()).toEqual({ type: 'ready' });
    const info = await c.call(1, 'app:info');
    expect(info.result).toMatchObject({ ok: true, value: { transport: 'web', dataDir } });
    c.ws.close();

    // Ctrl-C from a terminal signals the whole process group; so does this. npm's `sh -c` dies at
    // once and npm with it, while the server is still shutting down: 'close' waits for the pipes,
    // which the server holds until it has exited.
    const exited = new Promise<string>((resolve) => child?.once('close', (code, signal) => resolve(`${code ?? signal}`)));
    process.kill(-(child.pid ?? 0), 'SIGTERM');
    const how = await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r('timeout'), 10_000))]);
    expect(['0', 'SIGTERM']).toContain(how); // npm re-raises the signal its child got
    expect(stderr).toContain('[serve] stopping');
    expect(stderr).not.toMatch(/shutdown (failed|took too long)/);
    // The front is gone; the session host (and any agent) keeps running until it is stopped on purpose.
    const host = (JSON.parse(readFileSync(join(dataDir, 'host.json'), 'utf8')) as { pid: number }).pid;
    expect(() => process.kill(host, 0)).not.toThrow();
    expect(stopHostOf(dataDir)).toMatch(/^Stopped the session host of .* \(pid \d+\) and 0 agents\.\n$/);
    // The core closed its database. (The final WAL checkpoint is bounded and may be left to
    // the next start when a background reader, such as the import, still holds it; so the
    // check is that the file is whole, not that the -wal file is gone.)
    expect(existsSync(join(dataDir, 'swarmdesk.db'))).toBe(true);
    const db = new Database(join(dataDir, 'swarmdesk.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    expect(stdout.trim().split('\n')).toEqual([line]);
  });
});

/** `npm run serve -- --stop` for a data folder (ends the session host a test's serve started); its stdout. */
function stopHostOf(dataDir: string): string {
  return spawnSync(process.execPath, ['scripts/serve.mjs', '--stop', '--data-dir', dataDir], { encoding: 'utf8', timeout: 60_000 }).stdout;
}

/** The Electron binary when its runtime is installed (then `npm start` opens the app, not web mode). */
/** The installed runtime's binary, read as scripts/start.mjs does (`require('electron')` would start a download). */
function electronRuntime(): string | null {
  try {
    const electronDir = join(process.cwd(), 'node_modules', 'electron');
    const path = join(electronDir, 'dist', readFileSync(join(electronDir, 'path.txt'), 'utf8'));
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

describe.skipIf(electronRuntime() !== null)('npm start where the Electron runtime is absent', () => {
  it('says so in one line and starts web mode', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-start-'));
    const child = spawn('npm', ['start', '--silent', '--', '--port', '0', '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no serving line; stderr:\n${stderr.slice(-2000)}`)), 100_000);
        child.stdout?.on('data', (d: Buffer) => {
          stdout += d.toString();
          if (/^serving http:\/\/127\.0\.0\.1:\d+\/#token=/m.test(stdout)) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.on('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`start exited (${code}); stderr:\n${stderr.slice(-2000)}`));
        });
      });
      const notices = stderr.split('\n').filter((l) => /Electron/.test(l));
      expect(notices).toEqual(["Electron's runtime is not installed here; starting web mode instead."]);
    } finally {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
      stopHostOf(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
