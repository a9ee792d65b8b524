/** The requests that open a session's live pushes to one socket: a terminal pane's, and a transcript's. */
export type OpeningChannel = 'terminal:open' | 'entries:page';

/**
 * Which sessions' live pushes one socket gets when its hello asked for only those it opened: a
 * terminal's `terminal:data` from the socket's `terminal:open` on (`terminalOutput: 'opened'`), an
 * agent's `entry:streaming` from its `entries:page` on (`streaming: 'opened'`). They flow from the
 * request on, before the reply, so nothing after the reply's snapshot is missed (a terminal pane skips
 * what its snapshot holds; the next streaming push holds the whole text so far). One that failed to
 * open, with no other open of it pending or done, sends nothing; one opened once keeps flowing to that
 * socket.
 */
export class OpenedSessions {
  private readonly opened = new Set<string>();
  /** Opens in flight, per session. */
  private readonly pending = new Map<string, number>();

  constructor(private readonly channel: OpeningChannel) {}

  wants(sessionId: string): boolean {
    return this.opened.has(sessionId) || this.pending.has(sessionId);
  }

  /** A request on the socket: for this set's opening channel, its session's id (settle it with the reply); else null. */
  begin(channel: string, input: unknown): string | null {
    if (channel !== this.channel || typeof input !== 'object' || input === null) return null;
    const id = (input as { id?: unknown }).id;
    if (typeof id !== 'string' || id.length > 128) return null;
    this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
    return id;
  }

  settle(id: string, ok: boolean): void {
    const left = (this.pending.get(id) ?? 1) - 1;
    if (left > 0) this.pending.set(id, left);
    else this.pending.delete(id);
    if (ok) this.opened.add(id);
  }
}
