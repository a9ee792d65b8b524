import { earlyLayout, paintEarlyRows } from './boot/earlyPaint';
import { startEarly } from './boot/earlyStart';
import { startBridge } from './bridge';
import type { Result } from '../../shared/result';

/**
 * Imported first by main.tsx, so it runs before React and the app's modules
 * are evaluated: the socket opens, says hello and asks for the first page of
 * the swarm while the rest of the page starts.
 */
export const bridge = startBridge(window);

/** The longest the app's code waits for the socket before it runs anyway. */
const APP_START_WAIT_MS = 1_000;
/** The longest it then waits for the first page's reply (a slow or silent server must not keep the app away). */
const FIRST_PAGE_WAIT_MS = 1_000;
export const early = startEarly(bridge.api);

/** What the window remembers (`ui:state`): asked for before the list, so its reply is in before the list's. */
let uiState: Result<unknown> | null = null;
early.uiState.then(
  (result) => {
    uiState = result;
  },
  () => undefined,
);

/** Whether the first page's rows were drawn before React (then the app's code waits for them to be on screen). */
const painted: Promise<boolean> = early.list
  .then((result) => result.ok && paintEarlyRows(document.getElementById('root'), result.value, earlyLayout(uiState), Date.now()))
  // A picture only: whatever goes wrong drawing it, the app starts and draws the list itself.
  .catch(() => false);

/** Settles after the frame now being prepared has been painted. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Once the socket said ready (at once over Electron's IPC), or failed, or after `APP_START_WAIT_MS`:
 * whether the first page's request is on the wire.
 */
const socketSettled: Promise<boolean> = new Promise((resolve) => {
  if (bridge.settled()) {
    resolve(true);
    return;
  }
  // A socket that neither opens nor fails soon must not keep the app (and its connection banner) away.
  const bound = setTimeout(() => resolve(false), APP_START_WAIT_MS);
  const off = bridge.onStateChange((state) => {
    off();
    clearTimeout(bound);
    // The bridge sends what waits right after telling its listeners: resolve after that.
    queueMicrotask(() => resolve(state === 'open'));
  });
});

/**
 * When the app's code may be evaluated. Evaluating the app chunk is one long
 * task (0.2–1 s on a loaded machine): run earlier, it would hold the socket's
 * events, the first page's reply and so its rows behind it. So: once the
 * request is on the wire (`socketSettled`), and then once the first page's rows
 * are on screen (drawn by `paintEarlyRows` and painted), or the reply did not
 * come within `FIRST_PAGE_WAIT_MS`, or there was nothing to draw.
 */
export const appMayStart: Promise<void> = socketSettled.then((asked) => {
  if (!asked) return undefined;
  const bound = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), FIRST_PAGE_WAIT_MS));
  return Promise.race([painted, bound]).then((drawn) => (drawn ? afterPaint() : undefined));
});
