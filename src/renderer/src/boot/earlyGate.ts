import type { Result } from '../../../shared/result';
import type { Bridge } from '../bridge';
import { applyTheme } from '../features/settings/theme';
import { warmUpLabels } from '../label/sessionLabel';
import { earlyLayout, paintEarlyRows } from './earlyPaint';
import type { EarlyStart } from './earlyStart';
import { SOCKET_WAIT_MS, socketSettled } from './socketSettled';

export interface GateWaits {
  /** The longest the app's code waits for the socket before it runs anyway. */
  socketMs: number;
  /** The longest it then waits for the first page's reply (a slow or silent server must not keep the app away). */
  pageMs: number;
}

/** The performance measure of drawing the early rows. */
export const EARLY_ROWS_MEASURE = 'swarmdesk:early-rows';

export const GATE_WAITS: GateWaits = { socketMs: SOCKET_WAIT_MS, pageMs: 1_000 };

/** Settles after the frame now being prepared has been painted. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });
}

/**
 * Draws the first page's rows before React (`earlyPaint.ts`) and says when the app's code may be
 * evaluated. Evaluating the app chunk is one long task (0.2–1 s on a loaded machine): run earlier,
 * it would hold the socket's events, the first page's reply and so its rows behind it. So: once
 * the request is on the wire (the socket's hello is sent, the requests right behind it: at once over Electron's IPC; or failed; or
 * after `socketMs`), and then once the first page's rows are on screen (drawn and painted), or the
 * reply did not come within `pageMs`, or there was nothing to draw. Meanwhile the label rules are
 * used once (their first use is slow), while the server answers. Drawing them is a head start
 * only: whatever goes wrong there, the app starts and draws the list itself.
 */
export function earlyPaintGate(bridge: Pick<Bridge, 'settled' | 'onSettled'>, early: EarlyStart, root: () => HTMLElement | null, waits: GateWaits = GATE_WAITS): Promise<void> {
  // What the window remembers (`ui:state`): asked for before the list, so its reply is in before the list's.
  let uiState: Result<unknown> | null = null;
  early.uiState.then(
    (result) => {
      uiState = result;
    },
    () => undefined,
  );
  // The theme the user chose (`app:info`, asked for first): the rows are drawn in it, not the OS's.
  let theme: unknown = null;
  early.appInfo.then(
    (result) => {
      if (result.ok) theme = (result.value as { theme?: unknown }).theme;
    },
    () => undefined,
  );
  const painted: Promise<boolean> = early.list
    .then((result) => {
      if (!result.ok) return false;
      const start = performance.now();
      if (theme === 'light' || theme === 'dark' || theme === 'system') applyTheme(theme);
      const drawn = paintEarlyRows(root(), result.value, earlyLayout(uiState), Date.now());
      // For the ui-paint bench: how long drawing them took (the label rules' first use is in it).
      performance.measure(EARLY_ROWS_MEASURE, { start });
      return drawn;
    })
    .catch(() => false);

  return socketSettled(bridge, waits.socketMs).then((asked) => {
    if (!asked) return undefined;
    // The label rules' first use (their patterns compile) while the server answers, not after its reply.
    try {
      warmUpLabels();
    } catch {
      // the rows are then labelled without the head start
    }
    let bound: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => {
      bound = setTimeout(() => resolve(false), waits.pageMs);
    });
    return Promise.race([painted, late]).then((drawn) => {
      clearTimeout(bound);
      return drawn ? afterPaint() : undefined;
    });
  });
}
