import type { SwarmdeskApi } from '../../../shared/ipc/api';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../shared/ipc/contract';
import type { EventName, EventPayload } from '../../../shared/ipc/events';
import { WEB_CLOSE, WEB_SOCKET_PATH, type WebHello } from '../../../shared/ipc/bridge';
import { isAppErrorShape } from '../../../shared/errorCodes';
import type { AppErrorShape, Result } from '../../../shared/result';
import { createRendererLogger } from '../log';

const log = createRendererLogger('ws-bridge');

/** The part of the browser's WebSocket this bridge uses (tests pass a fake). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
}

/**
 * `gone`: the server stopped answering (three reconnects failed in a row, or it has been away for
 * `goneAfterMs`): the page says so and how to open Swarmdesk again, and keeps trying now and then in
 * case that same address comes back.
 */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'gone' | 'refused' | 'stopped';

export interface WebSocketBridgeOptions {
  url: string;
  token: string;
  createSocket?: (url: string) => WebSocketLike;
  /** A request with no reply within this long resolves with UNAVAILABLE. */
  requestTimeoutMs?: number;
  /** Requests waiting at once; more resolve with UNAVAILABLE at once. */
  maxPending?: number;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** Failed reconnects in a row after which the server is taken for gone (default 3). */
  goneAfterFailures?: number;
  /** How long after the socket dropped the server is taken for gone however the reconnects went (default 15 s). */
  goneAfterMs?: number;
}

/** Close codes that mean "this token or origin is not welcome": reconnecting cannot help. */
const REFUSED_CLOSE_CODES = new Set<number>([1008, WEB_CLOSE.FORBIDDEN]);
const OPEN = 1;
const GONE_MESSAGE = 'Swarmdesk is not running any more: this page lost its server.';

interface PendingRequest {
  readonly frame: string;
  sent: boolean;
  readonly timer: ReturnType<typeof setTimeout>;
  readonly resolve: (result: Result<unknown>) => void;
}

function failure(code: AppErrorShape['code'], message: string): Result<never> {
  return { ok: false, error: { code, message } };
}

/**
 * The web-mode transport (SPEC §5, protocol in src/shared/ipc/bridge.ts): one
 * WebSocket to `/ws`, a `hello` with the access token first, then (right behind
 * it, not waiting for the server's `ready`) `{id, channel, input}` requests answered by `{id, result}`,
 * and `{event, payload}` pushes. It reconnects with capped
 * exponential backoff and says hello again; no request waits without a bound.
 */
export class WebSocketBridge implements SwarmdeskApi {
  private socket: WebSocketLike | null = null;
  /** The socket whose hello is sent: requests follow it at once, without waiting for `ready` (a round trip less at start). */
  private helloSentOn: WebSocketLike | null = null;
  private nextId = 1;
  private attempts = 0;
  private everOpened = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** Connection attempts that ended without the server's `ready`, since the last `ready`. */
  private failedAttempts = 0;
  /** Takes the server for gone once it has been away this long (set when the connection first failed). */
  private goneTimer: ReturnType<typeof setTimeout> | null = null;
  private state: ConnectionState = 'connecting';
  private readonly pending = new Map<number, PendingRequest>();
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();
  private readonly stateListeners = new Set<(state: ConnectionState, reconnected: boolean) => void>();
  private readonly helloListeners = new Set<() => void>();
  private readonly createSocket: (url: string) => WebSocketLike;
  private readonly requestTimeoutMs: number;
  private readonly maxPending: number;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly goneAfterFailures: number;
  private readonly goneAfterMs: number;

  constructor(private readonly options: WebSocketBridgeOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as WebSocketLike);
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.maxPending = options.maxPending ?? 500;
    this.initialBackoffMs = options.initialBackoffMs ?? 250;
    this.maxBackoffMs = options.maxBackoffMs ?? 10_000;
    this.goneAfterFailures = options.goneAfterFailures ?? 3;
    this.goneAfterMs = options.goneAfterMs ?? 15_000;
  }

  start(): void {
    if (this.socket || this.state === 'stopped') return;
    this.connect();
  }

  stop(): void {
    this.setState('stopped', false);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.clearGoneTimer();
    const socket = this.socket;
    this.socket = null;
    this.helloSentOn = null;
    socket?.close(1000, 'bye');
    for (const [id, request] of this.pending) this.settle(id, request, failure('UNAVAILABLE', 'Swarmdesk closed the connection.'));
  }

  connectionState(): ConnectionState {
    return this.state;
  }

  /** Whether this socket's hello is out: requests from now on go out at once, right behind it. */
  helloSent(): boolean {
    return this.socket !== null && this.helloSentOn === this.socket;
  }

  /** Told each time a hello has been sent, with what waited sent right behind it. */
  onHelloSent(listener: () => void): () => void {
    this.helloListeners.add(listener);
    return () => this.helloListeners.delete(listener);
  }

  onStateChange(listener: (state: ConnectionState, reconnected: boolean) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>> {
    if (this.state === 'stopped' || this.state === 'refused') {
      return Promise.resolve(failure('UNAVAILABLE', 'Not connected to Swarmdesk. Reload the page with the link the server printed.'));
    }
    if (this.state === 'gone') return Promise.resolve(failure('UNAVAILABLE', GONE_MESSAGE));
    if (this.pending.size >= this.maxPending) {
      return Promise.resolve(failure('UNAVAILABLE', 'Too many requests are waiting for Swarmdesk. Try again in a moment.'));
    }
    const id = this.nextId++;
    const frame = JSON.stringify({ id, channel, input });
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const request = this.pending.get(id);
        if (request) this.settle(id, request, failure('UNAVAILABLE', `Swarmdesk did not answer within ${Math.round(this.requestTimeoutMs / 1000)} s.`));
      }, this.requestTimeoutMs);
      const request: PendingRequest = { frame, sent: false, timer, resolve: resolve as (result: Result<unknown>) => void };
      this.pending.set(id, request);
      this.flushOne(request);
    });
  }

  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    const untyped = listener as (payload: unknown) => void;
    set.add(untyped);
    return () => {
      set.delete(untyped);
    };
  }

  private connect(): void {
    const socket = this.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      // Only the output of the terminals this page opens: a pane reopened after a reconnect opens again.
      const hello: WebHello = { type: 'hello', token: this.options.token, terminalOutput: 'opened', streaming: 'opened' };
      socket.send(JSON.stringify(hello));
      // The server reads frames in order and authenticates the hello before the next one, so what waits
      // goes out now: the first page's reply comes a round trip sooner than after `ready`.
      this.helloSentOn = socket;
      for (const request of this.pending.values()) this.flushOne(request);
      for (const listener of [...this.helloListeners]) listener();
    };
    socket.onmessage = (ev) => {
      if (this.socket === socket) this.receive(ev.data);
    };
    socket.onerror = () => {
      // A close event always follows; that is where we act.
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.helloSentOn = null;
      if (this.state === 'stopped') return;
      if (REFUSED_CLOSE_CODES.has(ev.code)) {
        // Requests sent behind a refused hello were never read: they fail as refused, like those that waited.
        log.warn('the server refused this page', { code: ev.code });
        this.setState('refused', false);
        for (const [id, request] of this.pending) this.settle(id, request, failure('FORBIDDEN', 'Swarmdesk refused this page: open the link the server printed.'));
        return;
      }
      this.dropSent();
      this.noteFailure(this.state === 'open' ? 'dropped' : 'failed');
      this.scheduleReconnect();
    };
  }

  /**
   * The socket dropped (`dropped`: it had been open) or an attempt to connect failed. The server is
   * taken for gone after `goneAfterFailures` failed attempts in a row, or `goneAfterMs` after the first
   * failure, whichever comes first: a page whose server died must not say "Reconnecting…" forever.
   */
  private noteFailure(how: 'dropped' | 'failed'): void {
    if (how === 'failed') this.failedAttempts += 1;
    if (!this.goneTimer && this.state !== 'gone') this.goneTimer = setTimeout(() => this.becomeGone(), this.goneAfterMs);
    if (this.failedAttempts >= this.goneAfterFailures) this.becomeGone();
  }

  private becomeGone(): void {
    this.clearGoneTimer();
    if (this.state === 'stopped' || this.state === 'refused' || this.state === 'open' || this.state === 'gone') return;
    log.warn('the server is gone', { failedAttempts: this.failedAttempts });
    this.setState('gone', false);
    // Nothing waits for a server that is gone: what was queued fails now, saying so.
    for (const [id, request] of this.pending) this.settle(id, request, failure('UNAVAILABLE', GONE_MESSAGE));
  }

  private clearGoneTimer(): void {
    if (this.goneTimer) clearTimeout(this.goneTimer);
    this.goneTimer = null;
  }

  private scheduleReconnect(): void {
    // Once gone, the page stays so (and keeps trying now and then) until a server answers.
    if (this.state !== 'gone') this.setState('reconnecting', false);
    const base = Math.min(this.maxBackoffMs, this.initialBackoffMs * 2 ** this.attempts);
    this.attempts += 1;
    const delay = Math.round(base * (0.5 + Math.random() * 0.5));
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.state !== 'stopped') this.connect();
    }, delay);
  }

  /** Requests already on the wire when the socket dropped may never be answered: fail them (resending could repeat a send). */
  private dropSent(): void {
    for (const [id, request] of this.pending) {
      if (request.sent) this.settle(id, request, failure('UNAVAILABLE', 'The connection to Swarmdesk dropped before it answered.'));
    }
  }

  private flushOne(request: PendingRequest): void {
    if (request.sent || !this.socket || this.socket.readyState !== OPEN || this.helloSentOn !== this.socket) return;
    this.socket.send(request.frame);
    request.sent = true;
  }

  private settle(id: number, request: PendingRequest, result: Result<unknown>): void {
    clearTimeout(request.timer);
    this.pending.delete(id);
    request.resolve(result);
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      log.warn('ignored a frame that is not JSON');
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const frame = message as { type?: unknown; id?: unknown; result?: unknown; event?: unknown; payload?: unknown };
    if (frame.type === 'ready') {
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.attempts = 0;
      this.failedAttempts = 0;
      this.clearGoneTimer();
      this.setState('open', reconnected);
      for (const request of this.pending.values()) this.flushOne(request);
      return;
    }
    if (frame.id === null) {
      // The server could not tie this reply to a request: a refused hello, or a frame it could not read.
      const result = toResult(frame.result);
      if (!result.ok && result.error.code === 'FORBIDDEN') log.warn('the server refused the access token');
      return;
    }
    if (typeof frame.id === 'number') {
      const request = this.pending.get(frame.id);
      if (request) this.settle(frame.id, request, toResult(frame.result));
      return;
    }
    if (typeof frame.event === 'string') {
      const set = this.listeners.get(frame.event);
      if (!set) return;
      for (const listener of [...set]) {
        try {
          listener(frame.payload);
        } catch (err) {
          log.error('an event listener threw', { event: frame.event, err: String(err) });
        }
      }
    }
  }

  private setState(state: ConnectionState, reconnected: boolean): void {
    if (this.state === state && !reconnected) return;
    this.state = state;
    for (const listener of [...this.stateListeners]) listener(state, reconnected);
  }
}

/** A reply's envelope, checked: anything else becomes INTERNAL rather than a crash. */
function toResult(raw: unknown): Result<unknown> {
  if (typeof raw === 'object' && raw !== null) {
    const envelope = raw as { ok?: unknown; value?: unknown; error?: unknown };
    if (envelope.ok === true && 'value' in envelope) return { ok: true, value: envelope.value };
    if (envelope.ok === false) {
      // Checked by hand, not with zod: this runs in the entry chunk, before zod has loaded.
      if (isAppErrorShape(envelope.error)) return { ok: false, error: { code: envelope.error.code, message: envelope.error.message } };
    }
  }
  return failure('INTERNAL', 'Swarmdesk sent a reply this page cannot read.');
}

/**
 * The access token arrives in the URL fragment (`#token=…`). Take it, remove it
 * from the address bar and history, and keep it for this tab only so a reload
 * still connects.
 */
export function takeTokenFromLocation(win: Window): string | null {
  const STORAGE_KEY = 'swarmdesk.token';
  const params = new URLSearchParams(win.location.hash.replace(/^#/, ''));
  const fromHash = params.get('token');
  if (fromHash) {
    win.history.replaceState(win.history.state, '', win.location.pathname + win.location.search);
    try {
      win.sessionStorage.setItem(STORAGE_KEY, fromHash);
    } catch {
      // Storage can be disabled; the token still works for this page load.
    }
    return fromHash;
  }
  try {
    return win.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function webSocketUrl(win: Window): string {
  const scheme = win.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${win.location.host}${WEB_SOCKET_PATH}`;
}
