import type { Bridge } from '../bridge';

/** The longest the start waits for the socket before the app runs anyway (a socket that neither opens nor fails). */
export const SOCKET_WAIT_MS = 1_000;

/**
 * Settles true once the requests that waited for the socket are on the wire (its hello is sent, with them
 * right behind it), false when it
 * failed or did not settle within `boundMs`. At once over Electron's IPC. Part of the entry chunk: it
 * holds nothing heavy, so the socket's events are not held behind a long evaluation.
 */
export function socketSettled(bridge: Pick<Bridge, 'settled' | 'onSettled'>, boundMs: number = SOCKET_WAIT_MS): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    if (bridge.settled()) {
      resolve(true);
      return;
    }
    const bound = setTimeout(() => {
      off();
      resolve(false);
    }, boundMs);
    const off = bridge.onSettled((ready) => {
      off();
      clearTimeout(bound);
      // On `ready` the bridge sends what waits right after telling its listeners: resolve after that.
      queueMicrotask(() => resolve(ready));
    });
  });
}
