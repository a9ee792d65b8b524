import { eventSchemas, type EventName, type EventPayload } from '../../shared/ipc/events';
import { createLogger } from './logger';

const log = createLogger('events');

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/**
 * Main's push channel. Every payload is parsed against its schema before it
 * goes out, so (like replies) a placeholder title cannot leave main.
 */
export class CoreEvents {
  private readonly listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const parsed = eventSchemas[event].safeParse(payload);
    if (!parsed.success) {
      log.error('dropped an event that does not match its schema', { event, issues: parsed.error.issues.slice(0, 3) });
      return;
    }
    for (const listener of this.listeners) {
      try {
        listener(event, parsed.data as EventPayload<E>);
      } catch (err) {
        log.error('event listener threw', { event, err });
      }
    }
  }
}
