import { earlyPaintGate } from './boot/earlyGate';
import { startEarly } from './boot/earlyStart';
import { startBridge } from './bridge';

/**
 * Imported first by main.tsx, so it runs before React and the app's modules
 * are evaluated: the socket opens, says hello and asks for the first page of
 * the swarm while the rest of the page starts.
 */
export const bridge = startBridge(window);

export const early = startEarly(bridge.api);

/**
 * When the app's code may be evaluated: once the first page's request is on the wire and its
 * rows, drawn before React, are on screen (each wait bounded; `boot/earlyGate.ts`).
 */
export const appMayStart: Promise<void> = earlyPaintGate(bridge, early, () => document.getElementById('root'));
