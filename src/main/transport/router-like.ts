import type { Result } from '../../shared/result';
import type { EventListener, RequestContext } from '../core';

/**
 * What a transport needs from the core: the router's one entry point and the
 * event stream. Both transports take these narrow views, so their tests can
 * pass a Router built over a tiny handler map instead of the whole core.
 */
export interface RouterLike {
  handle(channel: unknown, input: unknown, ctx: RequestContext): Promise<Result<unknown>>;
}

export interface EventSource {
  subscribe(listener: EventListener): () => void;
}
