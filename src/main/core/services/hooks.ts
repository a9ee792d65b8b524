import type { Entry, SessionRow } from '../../../shared/domain/session';
import { createLogger } from '../logger';

const log = createLogger('hooks');

/**
 * What the core tells the rest of main after a change is committed: the
 * sessions service's hooks and the agent runtime's (turn ends, subagents,
 * background tasks). The ambient engine subscribes here directly; nothing
 * re-emits them through a port of its own. Listeners run synchronously in order; an
 * async listener's promise is not awaited, and its rejection is only logged.
 */
export interface CoreHookMap {
  /** Any entry committed through the service (not bulk imports). */
  entryCommitted: [entry: Entry, row: SessionRow];
  sessionCreated: [row: SessionRow];
  /** A 'user' entry committed (after entryCommitted for the same entry). */
  userMessage: [row: SessionRow, entry: Entry];
  /** The user opened the session (its last page was asked for); null = never opened before. */
  sessionOpened: [row: SessionRow, previousOpenedAt: number | null];
  /** The title record changed: a new title, or its pin taken off ("Let Swarmdesk title this"; its handler asks for a title itself). */
  titleChanged: [row: SessionRow];
  /** An agent finished the turn the user started (the session now waits for the user). */
  turnCompleted: [row: SessionRow];
  /**
   * A terminal's turn ended (issue 32): a submitted line's command ended, a known TUI's turn did, or the
   * agent CLI's own hook said `Stop` (TerminalService.turnEnded). The ambient titles count these.
   */
  terminalTurnEnded: [row: SessionRow];
  /** A status change was stored (a terminal going quiet is its "turn end"). */
  statusChanged: [row: SessionRow];
  /** An agent started a subagent, shown as `child` under `parent` in the swarm. */
  subagentStarted: [parent: SessionRow, child: SessionRow, description: string];
  /** An agent started a shell command in the background. */
  backgroundTaskStarted: [row: SessionRow, command: string];
}

export type HookName = keyof CoreHookMap;
export type HookListener<K extends HookName> = (...args: CoreHookMap[K]) => void | Promise<void>;

export class CoreHooks {
  private readonly listeners: { [K in HookName]: Set<HookListener<K>> } = {
    entryCommitted: new Set(),
    sessionCreated: new Set(),
    userMessage: new Set(),
    sessionOpened: new Set(),
    titleChanged: new Set(),
    turnCompleted: new Set(),
    terminalTurnEnded: new Set(),
    statusChanged: new Set(),
    subagentStarted: new Set(),
    backgroundTaskStarted: new Set(),
  };

  on<K extends HookName>(name: K, listener: HookListener<K>): () => void {
    const set = this.listeners[name] as Set<HookListener<K>>;
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit<K extends HookName>(name: K, ...args: CoreHookMap[K]): void {
    for (const listener of this.listeners[name] as Set<HookListener<K>>) {
      try {
        const out = listener(...args);
        if (out instanceof Promise) out.catch((err: unknown) => log.error('async hook listener failed', { hook: name, err }));
      } catch (err) {
        log.error('hook listener threw', { hook: name, err });
      }
    }
  }
}
