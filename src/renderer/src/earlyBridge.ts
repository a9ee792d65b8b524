import { startEarly } from './boot/earlyStart';
import { startBridge } from './bridge';

/**
 * Imported first by main.tsx, so it runs before React and the app's modules
 * are evaluated: the socket opens, says hello and asks for the first page of
 * the swarm while the rest of the page starts.
 */
export const bridge = startBridge(window);

/** The longest the app's code waits for the socket before it runs anyway. */
const APP_START_WAIT_MS = 1_000;
export const early = startEarly(bridge.api);

/**
 * When the app's code may be evaluated: once the first page's request is on
 * the wire (the socket said ready; at once over Electron's IPC, or when the
 * socket cannot open). Evaluating the app chunk is one long task: run before,
 * it would hold the socket's open and ready events, and so the request, behind it.
 */
export const appMayStart: Promise<void> = new Promise((resolve) => {
  if (bridge.settled()) {
    resolve();
    return;
  }
  // A socket that neither opens nor fails soon must not keep the app (and its connection banner) away.
  const bound = setTimeout(resolve, APP_START_WAIT_MS);
  const off = bridge.onStateChange(() => {
    off();
    clearTimeout(bound);
    // The bridge sends what waits right after telling its listeners: resolve after that.
    queueMicrotask(resolve);
  });
});
