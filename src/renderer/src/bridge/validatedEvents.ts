import type { SwarmdeskApi } from '../../../shared/ipc/api';
import { eventSchemas, type EventName, type EventPayload } from '../../../shared/ipc/events';
import { createRendererLogger } from '../log';

const log = createRendererLogger('events');

/**
 * A pushed payload parsed against its event schema, or null (dropped and
 * logged): a placeholder title or a malformed row never reaches the UI.
 */
export function validPush<E extends EventName>(event: E, payload: unknown): { payload: EventPayload<E> } | null {
  const parsed = eventSchemas[event].safeParse(payload);
  if (!parsed.success) {
    log.warn('dropped a push that does not match its schema', { event, issues: parsed.error.issues.slice(0, 3) });
    return null;
  }
  return { payload: parsed.data as EventPayload<E> };
}

/** Wraps a transport so every pushed payload is checked (`validPush`) before a listener (and so a store) sees it. */
export function withValidatedEvents(api: SwarmdeskApi): SwarmdeskApi {
  return {
    invoke: (channel, input) => api.invoke(channel, input),
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      return api.on(event, (payload: unknown) => {
        const valid = validPush(event, payload);
        if (valid) listener(valid.payload);
      });
    },
  };
}
