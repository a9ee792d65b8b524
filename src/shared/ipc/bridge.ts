import type { Result } from '../result';
import type { ChannelInput, ChannelName, ChannelOutput } from './contract';
import type { EventName, EventPayload } from './events';
import { EVENT_NAMES as NAMES } from './eventNames';

/**
 * The two bridges the renderer can talk through (SPEC §3, §5). Both carry the
 * same contract; the renderer's adapters turn either into a `SwarmdeskApi`.
 */

/** Every push event name, in declaration order (zod-free: the renderer's entry chunk reads it). */
export const EVENT_NAMES: readonly EventName[] = NAMES;
const KNOWN_EVENTS: ReadonlySet<string> = new Set(NAMES);

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && KNOWN_EVENTS.has(name);
}

// ---------------------------------------------------------------------------
// Electron: what the preload exposes as `window.swarmdesk`.
// ---------------------------------------------------------------------------

/** One function per contract channel; nothing else is callable. */
export type BridgeCalls = { readonly [C in ChannelName]: (input: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>> };

export interface PreloadBridge {
  /** `swarmdesk.call['sessions:list']({})` resolves to a Result envelope, never throws for app errors. */
  readonly call: BridgeCalls;
  /** Subscribe to a known push event; returns the unsubscribe. Unknown names throw. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** The global name the preload uses: `window.swarmdesk`. */
export const PRELOAD_GLOBAL = 'swarmdesk';

// ---------------------------------------------------------------------------
// Web mode: the loopback WebSocket protocol (one JSON object per text frame).
//
//   page URL          http://127.0.0.1:<port>/#token=<token>   (the token never reaches the server over HTTP)
//   WebSocket URL     ws://<same host:port>/ws                 (Origin and Host are checked on the upgrade)
//   1. client → server  {type:'hello', token}                  (must be the first frame, within WEB_HELLO_TIMEOUT_MS)
//   2. server → client  {type:'ready'}; on a wrong token {id:null, result:{ok:false, error:{code:'FORBIDDEN'}}}
//                       and then close(WEB_CLOSE.FORBIDDEN)
//   3. client → server  {id, channel, input}                    (id: a string or number the client picks)
//      server → client  {id, result}                            (result: the Result envelope; id null if unreadable)
//      Requests may follow the hello at once, before 'ready': the server reads frames in order and checks the
//      hello first; behind a refused hello they are never read (the page saves a round trip at start).
//   4. server → client  {event, payload}                        (pushes, only after 'ready')
//      A hello with `terminalOutput: 'opened'` narrows one push: that socket gets `terminal:data` only for the
//      terminals it asked `terminal:open` for (from that request on), not the output of every live terminal;
//      with `streaming: 'opened'`, `entry:streaming` only for the sessions it asked `entries:page` for.
// ---------------------------------------------------------------------------

export const WEB_SOCKET_PATH = '/ws';
export const WEB_HELLO_TIMEOUT_MS = 5_000;
/**
 * Two size bounds: a request over 2,000,000 characters (main's MAX_REQUEST_CHARS)
 * gets a TOO_LARGE reply and the socket stays open; a frame over this many bytes
 * is not even read: the socket is closed with WEB_CLOSE.TOO_BIG. The hard bound is
 * above 3 bytes per character so a maximal non-ASCII request still gets its typed reply.
 */
export const WEB_MAX_FRAME_BYTES = 8 * 1024 * 1024;

export const WEB_CLOSE = {
  /** Wrong or missing token, or a request before the hello. */
  FORBIDDEN: 4403,
  /** No hello within WEB_HELLO_TIMEOUT_MS. */
  HELLO_TIMEOUT: 4408,
  /** A frame over WEB_MAX_FRAME_BYTES (the standard 1009, sent by the ws library). */
  TOO_BIG: 1009,
  /** Too many malformed frames in a minute (the standard 1008, policy violation): not retried. */
  TOO_MANY_BAD_FRAMES: 1008,
} as const;

export interface WebHello {
  type: 'hello';
  token: string;
  /**
   * 'opened': send this socket `terminal:data` only for terminals it opened (`terminal:open`); a page
   * that shows one terminal need not read the output of forty. Absent: every push, as before.
   */
  terminalOutput?: 'opened';
  /**
   * 'opened': send this socket `entry:streaming` only for sessions whose transcript it read
   * (`entries:page`): ten busy agents stream a few hundred pushes a second, each the whole text so far,
   * and a page shows one or two transcripts. Absent: every push, as before.
   */
  streaming?: 'opened';
}
export interface WebReady {
  type: 'ready';
}
export type WebRequestId = string | number;
export interface WebRequest {
  id: WebRequestId;
  channel: string;
  input?: unknown;
}
export interface WebReply {
  id: WebRequestId | null;
  result: Result<unknown>;
}
export interface WebPush {
  event: EventName;
  payload: unknown;
}
export type WebServerMessage = WebReady | WebReply | WebPush;
