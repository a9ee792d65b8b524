import type { RawData, WebSocket } from 'ws';
import { isChannelName } from '../../../shared/ipc/contract';
import { WEB_CLOSE, type WebRequestId, type WebServerMessage } from '../../../shared/ipc/bridge';
import { MAX_REQUEST_DEPTH, TOO_DEEP_MESSAGE, valueDeeperThan } from '../../../shared/jsonDepth';
import { fail, type AppErrorShape, type Result } from '../../../shared/result';
import { RateLimitedWarnings, type Logger } from '../../core';
import type { EventSource, RouterLike } from '../router-like';
import { tokensEqual } from './access';
import { NarrowedPushes } from '../openedSessions';

export interface SocketSessionOptions {
  readonly token: string;
  readonly router: RouterLike;
  readonly events: EventSource;
  readonly log: Logger;
  readonly helloTimeoutMs: number;
  /** Requests longer than this (characters) get a TOO_LARGE reply, unread. */
  readonly maxRequestChars: number;
  /** Concurrent requests per socket; more get UNAVAILABLE. */
  readonly maxInFlight: number;
  /** A client this far behind on reading is dropped rather than buffered without bound. */
  readonly maxBufferedBytes: number;
  /** Malformed frames (and unknown channels) an authenticated socket may send per minute before it is closed. */
  readonly maxBadFramesPerMinute?: number;
  /** Refused-frame warnings logged per socket per minute; the rest are counted in one summary line. */
  readonly maxWarningsPerMinute?: number;
  readonly now?: () => number;
}

const MINUTE_MS = 60_000;
export const DEFAULT_MAX_BAD_FRAMES_PER_MINUTE = 1_000;
export const DEFAULT_MAX_WARNINGS_PER_MINUTE = 10;

type Incoming = Record<string, unknown>;

function asId(value: unknown): WebRequestId | null {
  if (typeof value === 'string' && value.length > 0 && value.length <= 128) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  return null;
}

function rawToText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/**
 * One browser tab's WebSocket (protocol in src/shared/ipc/bridge.ts): the
 * first frame must be a hello with the token; after that each request frame
 * goes to the router and its envelope comes back with the same id, and core
 * events are pushed. Nothing here throws into the server.
 *
 * Under abuse: a socket that has not said hello is closed at its first bad
 * frame (after its typed reply); an authenticated one gets a typed reply per
 * bad frame but is closed (1008) past `maxBadFramesPerMinute`; warnings are
 * rate-limited per socket with a summary count.
 */
export function attachSocketSession(ws: WebSocket, opts: SocketSessionOptions): void {
  const { log } = opts;
  let authenticated = false;
  let unsubscribe: (() => void) | null = null;
  /** The pushes this socket gets, as its hello narrowed them (only the terminals it opened, the transcripts it read). */
  let narrowed: NarrowedPushes | null = null;
  let inFlight = 0;
  const now = opts.now ?? Date.now;
  const warnings = new RateLimitedWarnings(log, opts.maxWarningsPerMinute ?? DEFAULT_MAX_WARNINGS_PER_MINUTE, MINUTE_MS, now);
  const failures = new RateLimitedWarnings(log, opts.maxWarningsPerMinute ?? DEFAULT_MAX_WARNINGS_PER_MINUTE, MINUTE_MS, now, 'error');
  const maxBad = opts.maxBadFramesPerMinute ?? DEFAULT_MAX_BAD_FRAMES_PER_MINUTE;
  let badWindowStart = Number.NEGATIVE_INFINITY;
  let badInWindow = 0;
  /** Once closing, later frames (already on the wire) are dropped unanswered. */
  let closing = false;
  const closeSocket = (code: number, reason: string): void => {
    closing = true;
    warnings.flush();
    failures.flush();
    ws.close(code, reason);
  };

  const helloTimer = setTimeout(() => {
    if (!authenticated) {
      log.warn('closing a socket that sent no hello in time');
      closeSocket(WEB_CLOSE.HELLO_TIMEOUT, 'hello timeout');
    }
  }, opts.helloTimeoutMs);

  const send = (message: WebServerMessage): void => {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > opts.maxBufferedBytes) {
      log.warn('dropping a client that stopped reading', { buffered: ws.bufferedAmount });
      ws.terminate();
      return;
    }
    ws.send(JSON.stringify(message));
  };
  const reply = (id: WebRequestId | null, result: Result<unknown>): void => send({ id, result });
  const countBadFrame = (): void => {
    const t = now();
    if (t - badWindowStart >= MINUTE_MS) {
      badWindowStart = t;
      badInWindow = 0;
    }
    badInWindow += 1;
    if (badInWindow > maxBad && !closing) {
      log.warn('closing a socket that sent too many bad frames', { perMinute: maxBad });
      closeSocket(WEB_CLOSE.TOO_MANY_BAD_FRAMES, 'too many bad frames');
    }
  };
  /** A typed reply and a (rate-limited) warning; `malformed` frames count toward the close. */
  const refuse = (id: WebRequestId | null, error: AppErrorShape, reason: string, malformed = true): void => {
    warnings.warn('refused a message', { reason, code: error.code });
    reply(id, fail(error.code, error.message));
    if (!authenticated) closeSocket(WEB_CLOSE.FORBIDDEN, 'forbidden');
    else if (malformed) countBadFrame();
  };

  const onHello = (id: WebRequestId | null, msg: Incoming): void => {
    if (msg.type === 'hello' && tokensEqual(opts.token, msg.token)) {
      authenticated = true;
      clearTimeout(helloTimer);
      const pushes = new NarrowedPushes(msg);
      narrowed = pushes;
      unsubscribe = opts.events.subscribe((event, payload) => {
        if (pushes.wants(event, payload)) send({ event, payload });
      });
      send({ type: 'ready' });
      return;
    }
    refuse(id, { code: 'FORBIDDEN', message: 'Send {type:"hello", token} with the access token first.' }, 'bad or missing hello');
  };

  const onRequest = (text: string, msg: Incoming): void => {
    const id = asId(msg.id);
    if (id === null) return refuse(null, { code: 'BAD_INPUT', message: 'A request needs an id (string or integer).' }, 'missing id');
    if (text.length > opts.maxRequestChars) return refuse(id, { code: 'TOO_LARGE', message: 'The request is too large.' }, 'too large', false);
    if (typeof msg.channel !== 'string') return refuse(id, { code: 'BAD_INPUT', message: 'A request needs a channel name.' }, 'missing channel');
    // Answered here (as the router would) so a made-up channel counts as a bad frame at once.
    if (!isChannelName(msg.channel)) return refuse(id, { code: 'UNKNOWN_CHANNEL', message: 'No such channel.' }, 'unknown channel');
    if (inFlight >= opts.maxInFlight) return refuse(id, { code: 'UNAVAILABLE', message: 'Too many requests in flight; retry shortly.' }, 'too many in flight', false);
    inFlight += 1;
    const settle = narrowed?.begin(msg.channel, msg.input);
    opts.router
      .handle(msg.channel, msg.input, { transport: 'web' })
      .then((result) => {
        settle?.(result.ok);
        reply(id, result);
      })
      .catch((err: unknown) => {
        // The router already turns handler errors into envelopes; this is a last resort.
        failures.warn('router failed', { err });
        settle?.(false);
        reply(id, fail('INTERNAL', 'Something went wrong in Swarmdesk; details are in the log.'));
      })
      .finally(() => {
        inFlight -= 1;
      });
  };

  ws.on('message', (data: RawData, isBinary: boolean) => {
    if (closing) return;
    if (isBinary) return refuse(null, { code: 'BAD_INPUT', message: 'Send JSON text frames.' }, 'binary frame');
    const text = rawToText(data);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return refuse(null, { code: 'BAD_INPUT', message: 'The message is not valid JSON.' }, 'malformed JSON');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return refuse(null, { code: 'BAD_INPUT', message: 'The message must be a JSON object.' }, 'not an object');
    }
    const msg = parsed as Incoming;
    // Before anything walks it (the relay's JSON.stringify, a schema): 5,000 levels overflow the stack.
    if (valueDeeperThan(msg, MAX_REQUEST_DEPTH + 1)) return refuse(asId(msg.id), { code: 'BAD_INPUT', message: TOO_DEEP_MESSAGE }, 'nested too deeply');
    if (!authenticated) return onHello(asId(msg.id), msg);
    if (msg.type === 'hello') return refuse(null, { code: 'BAD_INPUT', message: 'Already authenticated.' }, 'second hello');
    onRequest(text, msg);
  });

  ws.on('close', () => {
    closing = true;
    warnings.flush();
    failures.flush();
    clearTimeout(helloTimer);
    unsubscribe?.();
    unsubscribe = null;
  });
  ws.on('error', (err) => {
    // e.g. a frame over maxPayload: ws closes the socket with 1009 itself.
    log.warn('socket error', { err });
  });
}
