import { startEarly } from './boot/earlyStart';
import { startBridge } from './bridge';

/**
 * Imported first by main.tsx, so it runs before React and the app's modules
 * are evaluated: the socket opens, says hello and asks for the swarm while the
 * rest of the page starts.
 */
export const bridge = startBridge(window);
export const early = startEarly(bridge.api);
