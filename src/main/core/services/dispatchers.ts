import type { Entry, SessionKind, SessionRow } from '../../../shared/domain/session';

/**
 * An agent backend's entry point for the composer. When one is registered
 * for a session's kind, `sessions:send` and `sessions:stop` go to it; it
 * commits the user's entry itself (through `SessionsService.appendEntry`).
 */
export interface AgentDispatcher {
  send(row: SessionRow, text: string): Promise<Entry>;
  stop(row: SessionRow): Promise<void>;
}

export class DispatcherRegistry {
  private readonly byKind = new Map<SessionKind, AgentDispatcher>();

  /** Registers `d` for `kind`, replacing any earlier one; returns an unregister function. */
  register(kind: SessionKind, d: AgentDispatcher): () => void {
    this.byKind.set(kind, d);
    return () => {
      if (this.byKind.get(kind) === d) this.byKind.delete(kind);
    };
  }

  get(kind: SessionKind): AgentDispatcher | undefined {
    return this.byKind.get(kind);
  }
}
