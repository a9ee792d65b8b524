import type { Result } from '../result';
import type { ChannelInput, ChannelName, ChannelOutput } from './contract';
import type { EventName, EventPayload } from './events';

/**
 * What the renderer sees as `window.swarmdesk` (preload) or the WebSocket bridge:
 * the same shape either way, so the rest of the renderer cannot tell them apart.
 */
export interface SwarmdeskApi {
  invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}
