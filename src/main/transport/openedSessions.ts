/** The requests that open a session's live pushes to one socket: a terminal pane's, and a transcript's. */
export type OpeningChannel = 'terminal:open' | 'entries:page';
/** The request that ends them again: the terminal pane closed. */
export type ClosingChannel = 'terminal:close';

/** An open in flight, to settle with its reply. */
export interface Opening {
  readonly id: string;
  /** The session's closes before it: an open overtaken by a close is not counted when it settles. */
  readonly closes: number;
}

/**
 * Which sessions' live pushes one socket gets when its hello asked for only those it opened: a
 * terminal's `terminal:data` from the socket's `terminal:open` on (`terminalOutput: 'opened'`) until
 * its `terminal:close`, an agent's `entry:streaming` from its `entries:page` on (`streaming: 'opened'`).
 * They flow from the request on, before the reply, so nothing after the reply's snapshot is missed (a
 * terminal pane skips what its snapshot holds; the next streaming push holds the whole text so far).
 * One that failed to open, with no other open of it pending or done, sends nothing; one opened keeps
 * flowing until it is closed. Requests are noted in the order the socket sent them, so a pane closed
 * and opened again (a reload of its screen) ends with its output flowing.
 */
export class OpenedSessions {
  private readonly opened = new Set<string>();
  /** Opens in flight, per session. */
  private readonly pending = new Map<string, number>();
  /** How many times each session was closed on this socket. */
  private readonly closes = new Map<string, number>();

  constructor(
    private readonly opening: OpeningChannel,
    private readonly closing: ClosingChannel | null = null,
  ) {}

  wants(sessionId: string): boolean {
    return this.opened.has(sessionId) || this.pending.has(sessionId);
  }

  /**
   * A request on the socket, in order: an open starts the session's pushes (settle it with the reply);
   * a close ends them at once. Anything else, or a malformed id, is no open (null).
   */
  begin(channel: string, input: unknown): Opening | null {
    if (channel !== this.opening && channel !== this.closing) return null;
    if (typeof input !== 'object' || input === null) return null;
    const id = (input as { id?: unknown }).id;
    if (typeof id !== 'string' || id.length > 128) return null;
    if (channel === this.closing) {
      this.opened.delete(id);
      this.pending.delete(id);
      this.closes.set(id, (this.closes.get(id) ?? 0) + 1);
      return null;
    }
    this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
    return { id, closes: this.closes.get(id) ?? 0 };
  }

  settle(open: Opening, ok: boolean): void {
    // Closed since it was sent: its pending count went with the close, and a late reply opens nothing.
    if ((this.closes.get(open.id) ?? 0) !== open.closes) return;
    const left = (this.pending.get(open.id) ?? 1) - 1;
    if (left > 0) this.pending.set(open.id, left);
    else this.pending.delete(open.id);
    if (ok) this.opened.add(open.id);
  }
}

/** What a front's hello asked to narrow ('opened'); anything else, or absent, is every push. */
export interface NarrowingAsked {
  readonly terminalOutput?: unknown;
  readonly streaming?: unknown;
}

/**
 * One socket's narrowed pushes, as its hello asked: `terminal:data` only for the terminals it opened
 * (until their pane closed), `entry:streaming` only for the transcripts it read. Used alike by a web
 * page's socket and by the host's socket for a front.
 */
export class NarrowedPushes {
  private readonly byEvent = new Map<string, OpenedSessions>();

  constructor(asked: NarrowingAsked) {
    if (asked.terminalOutput === 'opened') this.byEvent.set('terminal:data', new OpenedSessions('terminal:open', 'terminal:close'));
    if (asked.streaming === 'opened') this.byEvent.set('entry:streaming', new OpenedSessions('entries:page'));
  }

  /** Whether this socket gets the push. */
  wants(event: string, payload: unknown): boolean {
    const only = this.byEvent.get(event);
    return !only || only.wants((payload as { sessionId: string }).sessionId);
  }

  /** A request on the socket, noted in the order it came; call the result with whether it succeeded. */
  begin(channel: string, input: unknown): (ok: boolean) => void {
    const openings: Array<{ set: OpenedSessions; opening: Opening }> = [];
    for (const set of this.byEvent.values()) {
      const opening = set.begin(channel, input);
      if (opening) openings.push({ set, opening });
    }
    return (ok) => {
      for (const { set, opening } of openings) set.settle(opening, ok);
    };
  }
}
