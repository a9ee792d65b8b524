import { startEarly } from './boot/earlyStart';
import { startBridge } from './bridge';

/**
 * Imported first by main.tsx, so it runs before React and the app's modules
 * are evaluated: the socket opens, says hello and asks for the first page of
 * the swarm while the rest of the page starts. It imports nothing more: the
 * early rows' code (`boot/earlyGate.ts`, with the label rules, 0.1-0.35 s to
 * evaluate) is a chunk of its own, evaluated once the socket is ready (main.tsx),
 * so the socket's events are not held behind it.
 */
export const bridge = startBridge(window);

export const early = startEarly(bridge.api);
