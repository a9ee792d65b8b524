import type { SwarmdeskApi } from '../../../shared/ipc/api';
import { eventSchemas, type EventName, type EventPayload } from '../../../shared/ipc/events';
import { createRendererLogger } from '../log';

const log = createRendererLogger('events');

/**
 * Wraps a transport so every pushed payload is parsed against its event schema
 * before a listener (and so a store) sees it. A payload that does not parse is
 * dropped and logged: a placeholder title or a malformed row never reaches the UI.
 */
export function withValidatedEvents(api: SwarmdeskApi): SwarmdeskApi {
  return {
    invoke: (channel, input) => api.invoke(channel, input),
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      const schema = eventSchemas[event];
      return api.on(event, (payload: unknown) => {
        const parsed = schema.safeParse(payload);
        if (!parsed.success) {
          log.warn('dropped a push that does not match its schema', { event, issues: parsed.error.issues.slice(0, 3) });
          return;
        }
        listener(parsed.data as EventPayload<E>);
      });
    },
  };
}
