import { CHANNEL_NAMES, type ChannelName } from '../shared/ipc/contract';
import { isEventName, type BridgeCalls, type PreloadBridge } from '../shared/ipc/bridge';
import type { EventName, EventPayload } from '../shared/ipc/events';
import type { Result } from '../shared/result';

/** The parts of ipcRenderer the bridge uses; the real one stays inside the preload. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * Build `window.swarmdesk` from the contract's names only: one function per
 * channel, and `on` for known events. The page gets plain functions; the
 * IpcRendererEvent (which carries `sender`) never reaches it.
 */
export function buildPreloadBridge(ipc: IpcRendererLike): PreloadBridge {
  const call: Record<string, (input: unknown) => Promise<Result<unknown>>> = {};
  for (const channel of CHANNEL_NAMES) {
    const name: ChannelName = channel;
    call[name] = (input: unknown) => ipc.invoke(name, input) as Promise<Result<unknown>>;
  }
  Object.freeze(call);

  const on = <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): (() => void) => {
    if (!isEventName(event)) throw new Error(`Unknown Swarmdesk event: ${String(event).slice(0, 80)}`);
    if (typeof listener !== 'function') throw new Error('A listener must be a function.');
    const wrapped = (_event: unknown, payload: unknown): void => listener(payload as EventPayload<E>);
    ipc.on(event, wrapped);
    return () => {
      ipc.removeListener(event, wrapped);
    };
  };

  return Object.freeze({ call: call as unknown as BridgeCalls, on });
}
