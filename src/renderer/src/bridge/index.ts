import type { SwarmdeskApi } from '../../../shared/ipc/api';
import { createPreloadApi, isPreloadBridge } from './preloadBridge';
import { takeTokenFromLocation, WebSocketBridge, webSocketUrl, type ConnectionState } from './wsBridge';

export type { ConnectionState } from './wsBridge';

export interface Bridge {
  /** The raw transport: its pushes are not schema-checked yet (`appStart` wraps it with `withValidatedEvents`). */
  api: SwarmdeskApi;
  /** Connection changes (web mode only; Electron IPC is always there). */
  onStateChange: (listener: (state: ConnectionState, reconnected: boolean) => void) => () => void;
  /** A reason the page cannot talk to Swarmdesk at all, if any. */
  problem: string | null;
  /** Past connecting: requests go out (or fail) at once (in web mode: the hello is sent). Always true over Electron's IPC. */
  settled: () => boolean;
  /** Told when it settles: true once requests go out (the hello is sent, or the server said ready), false when the socket failed. */
  onSettled: (listener: (ready: boolean) => void) => () => void;
}

/**
 * Picks the transport once at start: Electron's preload bridge when present,
 * else the loopback WebSocket of web mode. Both come out as a `SwarmdeskApi`.
 * This runs in the small entry chunk, so it holds no zod and no schemas: the
 * app's code checks pushes (`validatedEvents.ts`) once it has loaded.
 */
export function startBridge(win: Window): Bridge {
  const preload = (win as Window & { swarmdesk?: unknown }).swarmdesk;
  if (isPreloadBridge(preload)) {
    return { api: createPreloadApi(preload), onStateChange: () => () => undefined, problem: null, settled: () => true, onSettled: () => () => undefined };
  }
  const token = takeTokenFromLocation(win);
  const ws = new WebSocketBridge({ url: webSocketUrl(win), token: token ?? '' });
  ws.start();
  return {
    api: ws,
    onStateChange: (listener) => ws.onStateChange(listener),
    problem: token ? null : 'This page has no access token. Open the link that `npm run serve` printed.',
    settled: () => ws.connectionState() !== 'connecting' || ws.helloSent(),
    onSettled: (listener) => {
      const offHello = ws.onHelloSent(() => listener(true));
      const offState = ws.onStateChange((state) => listener(state === 'open'));
      return () => {
        offHello();
        offState();
      };
    },
  };
}

let current: SwarmdeskApi | null = null;

/** The api every action uses; set once at start (or by a test). */
export function setApi(api: SwarmdeskApi): void {
  current = api;
}

export function api(): SwarmdeskApi {
  if (!current) throw new Error('Swarmdesk api used before start');
  return current;
}
