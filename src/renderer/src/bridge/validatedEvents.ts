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

/**
 * Wraps a transport so every pushed payload is checked (`validPush`) before a listener (and so a store) sees
 * it: once per push, however many listeners an event has (one subscription per event on the transport,
 * dropped with its last listener). A listener that throws is logged and the others still run.
 */
export function withValidatedEvents(api: SwarmdeskApi): SwarmdeskApi {
  // Each subscription is its own entry (one function subscribed twice is called twice, as on the transport).
  const fanOut = new Map<EventName, { readonly listeners: Set<{ readonly call: (payload: unknown) => void }>; readonly off: () => void }>();
  return {
    invoke: (channel, input) => api.invoke(channel, input),
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      let entry = fanOut.get(event);
      if (!entry) {
        const listeners = new Set<{ readonly call: (payload: unknown) => void }>();
        const off = api.on(event, (payload: unknown) => {
          const valid = validPush(event, payload);
          if (!valid) return;
          for (const each of [...listeners]) {
            try {
              each.call(valid.payload);
            } catch (err) {
              log.error('an event listener threw', { event, err: String(err) });
            }
          }
        });
        entry = { listeners, off };
        fanOut.set(event, entry);
      }
      const subscription = { call: listener as (payload: unknown) => void };
      const { listeners, off } = entry;
      listeners.add(subscription);
      return () => {
        if (!listeners.delete(subscription) || listeners.size > 0) return;
        off();
        if (fanOut.get(event)?.listeners === listeners) fanOut.delete(event);
      };
    },
  };
}
