/**
 * Which terminals' output one socket gets when its hello asked for only the terminals it opened
 * (`terminalOutput: 'opened'`): a terminal's `terminal:data` flows from the socket's `terminal:open`
 * request on, before the reply, so nothing after the snapshot's offset is missed (the pane skips what
 * the snapshot holds). One that failed to open, with no other open of it pending or done, sends
 * nothing; one opened once keeps flowing to that socket.
 */
export class OpenedTerminals {
  private readonly opened = new Set<string>();
  /** Opens in flight, per terminal. */
  private readonly pending = new Map<string, number>();

  wants(sessionId: string): boolean {
    return this.opened.has(sessionId) || this.pending.has(sessionId);
  }

  /** A request on the socket: for a `terminal:open`, its terminal's id (settle it with the reply); else null. */
  begin(channel: string, input: unknown): string | null {
    if (channel !== 'terminal:open' || typeof input !== 'object' || input === null) return null;
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
