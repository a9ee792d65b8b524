import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreloadApi, isPreloadBridge } from '../../src/renderer/src/bridge/preloadBridge';
import { withValidatedEvents } from '../../src/renderer/src/bridge/validatedEvents';
import { takeTokenFromLocation, WebSocketBridge, webSocketUrl, type WebSocketLike } from '../../src/renderer/src/bridge/wsBridge';
import type { PreloadBridge } from '../../src/shared/ipc/bridge';
import { eventSchemas } from '../../src/shared/ipc/events';
import { makeRow } from './support/fakeApi';

/** A scripted WebSocket: the test plays the server. */
class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000): void {
    this.serverClose(code);
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSend(message: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  serverClose(code: number): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

function bridge(options: Partial<ConstructorParameters<typeof WebSocketBridge>[0]> = {}) {
  const b = new WebSocketBridge({ url: 'ws://127.0.0.1:1/ws', token: 'tok', createSocket: (url) => new FakeSocket(url), initialBackoffMs: 100, ...options });
  b.start();
  return b;
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1] as FakeSocket;

describe('WebSocket bridge', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('says hello with the token first, sends what waits right behind it (not after ready), and matches replies by id', async () => {
    const b = bridge();
    const reply = b.invoke('sessions:list', { includeArchived: false });
    expect(last().sent).toEqual([]);
    last().open();
    expect(last().sent).toEqual([
      { type: 'hello', token: 'tok', terminalOutput: 'opened', streaming: 'opened' },
      { id: 1, channel: 'sessions:list', input: { includeArchived: false } },
    ]);
    // Asked between the hello and the server's ready: out at once too.
    void b.invoke('app:info', {});
    expect(last().sent[2]).toEqual({ id: 2, channel: 'app:info', input: {} });
    last().serverSend({ type: 'ready' });
    expect(last().sent).toHaveLength(3);
    last().serverSend({ id: 1, result: { ok: true, value: [] } });
    await expect(reply).resolves.toEqual({ ok: true, value: [] });
  });

  it('counts as settled once the hello is out (the early rows need not wait for ready), and not after the socket drops', () => {
    const b = bridge();
    const told: string[] = [];
    b.onHelloSent(() => told.push('hello sent'));
    expect(b.helloSent()).toBe(false);
    last().open();
    expect(b.helloSent()).toBe(true);
    expect(told).toEqual(['hello sent']);
    last().serverClose(1006);
    expect(b.helloSent()).toBe(false);
  });

  it('a request with no answer resolves with a typed UNAVAILABLE error after the bound', async () => {
    const b = bridge({ requestTimeoutMs: 1_000 });
    last().open();
    last().serverSend({ type: 'ready' });
    const reply = b.invoke('app:info', {});
    vi.advanceTimersByTime(1_001);
    await expect(reply).resolves.toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
  });

  it('bounds the number of waiting requests', async () => {
    const b = bridge({ maxPending: 2 });
    void b.invoke('app:info', {});
    void b.invoke('app:info', {});
    await expect(b.invoke('app:info', {})).resolves.toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
  });

  it('reconnects with backoff and says hello again; requests on the dropped socket fail, queued ones go out', async () => {
    const b = bridge();
    const states: string[] = [];
    b.onStateChange((state, reconnected) => states.push(`${state}${reconnected ? '+' : ''}`));
    last().open();
    last().serverSend({ type: 'ready' });
    const inFlight = b.invoke('app:info', {});
    last().serverClose(1006);
    await expect(inFlight).resolves.toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    const queued = b.invoke('sessions:list', { includeArchived: false });
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(150);
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(last().sent[0]).toEqual({ type: 'hello', token: 'tok', terminalOutput: 'opened', streaming: 'opened' });
    last().serverSend({ type: 'ready' });
    const frame = last().sent[1] as { id: number };
    last().serverSend({ id: frame.id, result: { ok: true, value: [] } });
    await expect(queued).resolves.toEqual({ ok: true, value: [] });
    expect(states).toEqual(['open', 'reconnecting', 'open+']);
  });

  it('three failed reconnects in a row: the server is gone (what waits fails, saying so), and a server that answers later is reconnected to', async () => {
    const b = bridge();
    const states: string[] = [];
    b.onStateChange((state, reconnected) => states.push(`${state}${reconnected ? '+' : ''}`));
    last().open();
    last().serverSend({ type: 'ready' });
    last().serverClose(1006);
    const queued = b.invoke('app:info', {});
    for (let attempt = 1; attempt <= 3; attempt++) {
      vi.advanceTimersByTime(1_000);
      expect(FakeSocket.all).toHaveLength(1 + attempt);
      expect(b.connectionState()).toBe('reconnecting');
      last().serverClose(1006);
    }
    expect(b.connectionState()).toBe('gone');
    await expect(queued).resolves.toMatchObject({ ok: false, error: { code: 'UNAVAILABLE', message: expect.stringMatching(/not running/) } });
    await expect(b.invoke('app:info', {})).resolves.toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    // It keeps trying now and then: the same address answering again is reconnected to.
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(5);
    last().open();
    last().serverSend({ type: 'ready' });
    expect(states).toEqual(['open', 'reconnecting', 'gone', 'open+']);
  });

  it('attempts that neither open nor fail: the server is gone 15 s after the drop', () => {
    const b = bridge();
    last().open();
    last().serverSend({ type: 'ready' });
    last().serverClose(1006);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(2); // this attempt hangs
    vi.advanceTimersByTime(13_900);
    expect(b.connectionState()).toBe('reconnecting');
    vi.advanceTimersByTime(200);
    expect(b.connectionState()).toBe('gone');
  });

  it('a server back before the limit: reconnected as before, and the count starts again from nothing', () => {
    const b = bridge();
    last().open();
    last().serverSend({ type: 'ready' });
    for (let round = 0; round < 2; round++) {
      last().serverClose(1006);
      for (let attempt = 0; attempt < 2; attempt++) {
        vi.advanceTimersByTime(1_000);
        last().serverClose(1006);
      }
      vi.advanceTimersByTime(1_000);
      last().open();
      last().serverSend({ type: 'ready' });
      expect(b.connectionState()).toBe('open');
    }
    // Nor does the 15 s bound of a drop that was mended fire later.
    vi.advanceTimersByTime(30_000);
    expect(b.connectionState()).toBe('open');
  });

  it('backoff doubles from the first step and is capped', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999); // the top of the jitter range
    bridge({ initialBackoffMs: 100, maxBackoffMs: 400 });
    for (const step of [100, 200, 400, 400]) {
      const before = FakeSocket.all.length;
      last().serverClose(1006);
      vi.advanceTimersByTime(step - 5);
      expect(FakeSocket.all.length).toBe(before);
      vi.advanceTimersByTime(5);
      expect(FakeSocket.all.length).toBe(before + 1);
    }
    vi.mocked(Math.random).mockRestore();
  });

  it('a refused token (close 4403) stops reconnecting and fails what waits with FORBIDDEN', async () => {
    const b = bridge();
    const waiting = b.invoke('app:info', {});
    last().open();
    last().serverSend({ id: null, result: { ok: false, error: { code: 'FORBIDDEN', message: 'bad token' } } });
    last().serverClose(4403);
    await expect(waiting).resolves.toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(b.connectionState()).toBe('refused');
  });

  it('delivers pushes to listeners; a malformed reply becomes INTERNAL', async () => {
    const b = bridge();
    last().open();
    last().serverSend({ type: 'ready' });
    const seen: unknown[] = [];
    const off = b.on('app:notice', (payload) => seen.push(payload));
    last().serverSend({ event: 'app:notice', payload: { message: 'hi' } });
    off();
    last().serverSend({ event: 'app:notice', payload: { message: 'again' } });
    expect(seen).toEqual([{ message: 'hi' }]);
    const reply = b.invoke('app:info', {});
    last().serverSend({ id: 1, result: 'nonsense' });
    await expect(reply).resolves.toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });
});

describe('event validation', () => {
  it('drops pushed payloads that do not match their schema (a placeholder title included)', () => {
    const bridgeWithPushes = bridge();
    last().open();
    last().serverSend({ type: 'ready' });
    const api = withValidatedEvents(bridgeWithPushes);
    const rows: unknown[] = [];
    api.on('session:changed', (row) => rows.push(row));
    const good = makeRow({ id: 'a', title: 'Real title' });
    last().serverSend({ event: 'session:changed', payload: { ...good, title: 'Untitled' } });
    last().serverSend({ event: 'session:changed', payload: { id: 'a' } });
    last().serverSend({ event: 'session:changed', payload: good });
    expect(rows).toEqual([good]);
  });
});

describe('event validation, once per push', () => {
  it('parses a push once for all its listeners, and leaves the transport when the last one goes', () => {
    const transport = bridge();
    last().open();
    last().serverSend({ type: 'ready' });
    const api = withValidatedEvents(transport);
    const parse = vi.spyOn(eventSchemas['session:changed'], 'safeParse');
    const first: unknown[] = [];
    const second: unknown[] = [];
    const offFirst = api.on('session:changed', (row) => first.push(row));
    const offSecond = api.on('session:changed', (row) => second.push(row));
    const good = makeRow({ id: 'a', title: 'Real title' });
    last().serverSend({ event: 'session:changed', payload: good });
    expect(first).toEqual([good]);
    expect(second).toEqual([good]);
    expect(parse).toHaveBeenCalledTimes(1);

    offFirst();
    last().serverSend({ event: 'session:changed', payload: good });
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(2);
    offSecond();
    last().serverSend({ event: 'session:changed', payload: good });
    expect(second).toHaveLength(2);
    expect(parse).toHaveBeenCalledTimes(2); // nothing listens any more: the last push was not parsed
    // A listener subscribed again after all left gets pushes again.
    const third: unknown[] = [];
    api.on('session:changed', (row) => third.push(row));
    last().serverSend({ event: 'session:changed', payload: good });
    expect(third).toEqual([good]);
    parse.mockRestore();
  });

  it('a listener that throws leaves the other listeners their push', () => {
    const transport = bridge();
    last().open();
    last().serverSend({ type: 'ready' });
    const api = withValidatedEvents(transport);
    const seen: unknown[] = [];
    api.on('app:notice', () => {
      throw new Error('broken listener');
    });
    api.on('app:notice', (notice) => seen.push(notice));
    last().serverSend({ event: 'app:notice', payload: { message: 'hi' } });
    expect(seen).toEqual([{ message: 'hi' }]);
  });
});

describe('token from the URL fragment', () => {
  it('takes #token=… and removes it from the address bar, keeping it for a reload', () => {
    window.history.replaceState(null, '', '/#token=abc123');
    expect(takeTokenFromLocation(window)).toBe('abc123');
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain('abc123');
    expect(takeTokenFromLocation(window)).toBe('abc123');
    expect(webSocketUrl(window)).toBe(`ws://${window.location.host}/ws`);
  });
});

describe('preload bridge adapter', () => {
  it('calls the per-channel function and passes the envelope through; a thrown invoke becomes UNAVAILABLE', async () => {
    const calls: unknown[] = [];
    const preload = {
      call: {
        'app:info': async (input: unknown) => {
          calls.push(input);
          return { ok: true, value: { version: '1' } };
        },
        'sessions:list': async () => {
          throw new Error('Error invoking remote method: secret internals');
        },
      },
      on: () => () => undefined,
    } as unknown as PreloadBridge;
    expect(isPreloadBridge(preload)).toBe(true);
    expect(isPreloadBridge({})).toBe(false);
    const api = createPreloadApi(preload);
    await expect(api.invoke('app:info', {})).resolves.toEqual({ ok: true, value: { version: '1' } });
    expect(calls).toEqual([{}]);
    const failed = await api.invoke('sessions:list', { includeArchived: false });
    expect(failed).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    expect(JSON.stringify(failed)).not.toContain('secret');
  });
});
