import type { SwarmdeskApi } from '../../../shared/ipc/api';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../shared/ipc/contract';
import type { PreloadBridge } from '../../../shared/ipc/bridge';
import type { Result } from '../../../shared/result';

export function isPreloadBridge(value: unknown): value is PreloadBridge {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { call?: unknown; on?: unknown };
  return typeof candidate.call === 'object' && candidate.call !== null && typeof candidate.on === 'function';
}

/** Adapts preload's per-channel functions to the renderer's `SwarmdeskApi`. */
export function createPreloadApi(bridge: PreloadBridge): SwarmdeskApi {
  return {
    async invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>> {
      const fn = bridge.call[channel] as ((input: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>) | undefined;
      if (typeof fn !== 'function') {
        return { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `This build of Swarmdesk has no ${channel}.` } };
      }
      try {
        return await fn(input);
      } catch {
        // Electron wraps a failed invoke in an Error whose text we never show.
        return { ok: false, error: { code: 'UNAVAILABLE', message: 'Swarmdesk did not answer. Try again.' } };
      }
    },
    on(event, listener) {
      return bridge.on(event, listener);
    },
  };
}
