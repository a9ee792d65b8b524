import type { AcpSessionOptions } from '../../../../shared/ipc/acp';
import type { Store } from '../../store';
import type { CoreEvents } from '../../events';

export type ChoiceKind = 'mode' | 'model';
const KEY = { mode: 'acpMode', model: 'acpModel' } as const;

/**
 * What each ACP session's agent offers (as it last reported, in memory: known once it has run in
 * this core) and what the user chose (the session's own options `acpMode` / `acpModel`, kept
 * across restarts and applied whenever its agent starts). Every change is pushed.
 */
export class AcpChoiceBook {
  private readonly known = new Map<string, AcpSessionOptions>();

  constructor(
    private readonly store: Pick<Store, 'sessionOptions'>,
    events: Pick<CoreEvents, 'subscribe'>,
    private readonly push: (sessionId: string, options: AcpSessionOptions) => void,
  ) {
    // A deleted session's agent offers nothing any more (held in memory only: a swarm of deletions would keep them all).
    events.subscribe((event, payload) => {
      if (event === 'session:removed') this.known.delete((payload as { id: string }).id);
    });
  }

  chosen(sessionId: string, kind: ChoiceKind): string | null {
    const v = this.store.sessionOptions.get(sessionId, KEY[kind]);
    return typeof v === 'string' && v !== '' ? v : null;
  }

  choose(sessionId: string, kind: ChoiceKind, id: string): void {
    this.store.sessionOptions.set(sessionId, KEY[kind], id);
  }

  forget(sessionId: string, kind: ChoiceKind): void {
    this.store.sessionOptions.remove(sessionId, KEY[kind]);
  }

  /** The agent's modes and models as last reported; both null when it has not run in this core. */
  options(sessionId: string): AcpSessionOptions {
    return this.known.get(sessionId) ?? { modes: null, models: null };
  }

  /** How many sessions' offers are held (a test checks deletions free them). */
  size(): number {
    return this.known.size;
  }

  reported(sessionId: string, options: AcpSessionOptions): void {
    const before = this.known.get(sessionId);
    this.known.set(sessionId, options);
    if (!before || JSON.stringify(before) !== JSON.stringify(options)) this.push(sessionId, options);
  }
}
