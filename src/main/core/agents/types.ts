import type { Entry, EntryKind, SessionKind, SessionRow, SessionStatus } from '../../../shared/domain/session';
import type { TurnUsage } from '../../../shared/domain/usage';

/** What a backend produces for the transcript; the runtime commits it (seq, time). */
export interface NewEntry {
  readonly kind: EntryKind;
  readonly text: string;
  readonly meta?: Entry['meta'];
}

/**
 * The typed event stream of one live session (SPEC §8). `child` names a subagent by
 * the key its `subagent` event gave (the Task tool use id): the runtime maps it to
 * the child session's row.
 */
export type AgentEvent =
  /** A completed transcript item: committed to the store as it arrives. */
  | { readonly type: 'entry'; readonly entry: NewEntry; readonly child?: string }
  /** A message in progress, whole text so far; `text: ''` clears it (a discarded attempt). */
  | { readonly type: 'streaming'; readonly kind: 'assistant' | 'thinking'; readonly text: string; readonly child?: string }
  | { readonly type: 'status'; readonly status: SessionStatus; readonly reason?: string; readonly child?: string }
  /**
   * The turn ended with the agent's answer (SPEC §2): the runtime makes the row waiting when that answer
   * hands the turn to the user (a question, "let me know": `isWaitingForUser`), else idle, which the
   * answer's unread mark shows as done. A permission request is a plain `status: 'waiting'` instead.
   */
  | { readonly type: 'answered' }
  /** The turn the user started has ended (the agent now waits for the user). */
  | { readonly type: 'turn-completed' }
  | { readonly type: 'subagent'; readonly child: string; readonly description: string; readonly prompt: string; readonly agentType: string | null }
  | { readonly type: 'background-task'; readonly command: string; readonly description: string | null }
  /** What one turn used (see `TurnUsage`). */
  | ({ readonly type: 'usage' } & TurnUsage)
  /** The backend's own id for resuming (the CLI's session id). */
  | { readonly type: 'backend-id'; readonly backendId: string };

export type AgentEventSink = (event: AgentEvent) => void;

/** What a backend knows about the session it runs. */
export interface AgentSessionContext {
  readonly row: SessionRow;
  /** The committed transcript, oldest first (the chat backend rebuilds its history from it). */
  readonly entries: () => readonly Entry[];
  /** The CLI's permission mode for this session, read at each run (a change applies from the next turn). */
  readonly permissionMode: () => string | null;
}

/** One live session of a backend. */
export interface AgentSession {
  /** A new turn with the user's text (the runtime has already committed the user entry). */
  send(text: string): Promise<void>;
  /** The user's text while the agent works: it reaches the agent inside the running turn. */
  steer(text: string): Promise<void>;
  /** Ends the turn now; for a process, the whole process group (SIGTERM, then SIGKILL within 2 s). */
  stop(): Promise<void>;
  /** Whether a turn is running (typing now steers). */
  readonly working: boolean;
  /** Frees everything (the session was closed or the app quits). */
  dispose(): Promise<void>;
}

/** A kind of agent: opens live sessions; `resume` is opening one whose row has a backend id or entries. */
export interface AgentBackend {
  readonly kind: Extract<SessionKind, 'chat' | 'claude-code' | 'acp'>;
  /** Why this backend cannot run (no CLI, no key), or null when it can; with a row, for that session's own options. */
  unavailable(row?: SessionRow): string | null;
  open(ctx: AgentSessionContext, sink: AgentEventSink): AgentSession;
}
