import type { SessionListRow, SessionRow } from '../../../shared/domain/session';
import type { EventName, EventPayload } from '../../../shared/ipc/events';
import type { RemoteHostInfo } from '../../../shared/ipc/hosts';
import type { Logger, RequestContext } from '../../core';
import type { EventSource, RouterLike } from '../../transport/router-like';
import type { RemoteLinkState } from '../../transport/ssh/remoteHostLink';
import { EVENT_RELAY } from './routes';
import { toListRow } from './swarmOrder';

/** What the federation needs of a link to one remote host (RemoteHostLink; a fake in unit tests). */
export interface HostLinkLike extends RouterLike, EventSource {
  start(): void;
  reconnectNow(): void;
  close(): void;
  state(): RemoteLinkState;
  onState(listener: (state: RemoteLinkState) => void): () => void;
}

/** How many rows a mirror reads a request (keyset pages of the host's `sessions:list`). */
const MIRROR_PAGE = 1_000;
const ctx: RequestContext = { transport: 'web' };

type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/**
 * One remote host in the swarm: its link, and its rows in memory (read when
 * the link connects, then kept by the host's pushes), each tagged with the
 * host's name. Rows stay in view while the link is down (their host says it
 * is reconnecting); a reconnect re-reads them and pushes what changed meanwhile.
 */
export class RemoteMember {
  private readonly rows = new Map<string, SessionListRow>();
  /** Ids a push touched while the mirror was being read: the push is newer than the page. */
  private touched: Set<string> | null = null;
  private readonly offs: Array<() => void> = [];
  private syncs = 0;
  private closed = false;

  constructor(
    readonly name: string,
    readonly link: HostLinkLike,
    private readonly emit: Emit,
    private readonly onStateChanged: () => void,
    private readonly log: Logger,
  ) {
    this.offs.push(link.subscribe((event, payload) => this.relay(event, payload)));
    this.offs.push(
      link.onState((state) => {
        if (state.state === 'connected') void this.resync();
        this.onStateChanged();
      }),
    );
  }

  start(): void {
    this.link.start();
  }

  connected(): boolean {
    return this.link.state().state === 'connected';
  }

  owns(id: string): boolean {
    return this.rows.has(id);
  }

  listRows(): IterableIterator<SessionListRow> {
    return this.rows.values();
  }

  /** A reply's row: tagged, and kept (the push may come later than the reply). */
  tag(row: SessionRow): SessionRow {
    const tagged = { ...row, host: this.name };
    this.rows.set(row.id, toListRow(tagged));
    return tagged;
  }

  info(): RemoteHostInfo {
    return hostInfo(this.name, this.link.state());
  }

  /** Leaves the swarm: the link closes, the rows leave the view (they stay on that machine). */
  close(opts: { removeRows: boolean }): void {
    this.closed = true;
    for (const off of this.offs.splice(0)) off();
    this.link.close();
    if (opts.removeRows) for (const id of this.rows.keys()) this.emit('session:removed', { id });
    this.rows.clear();
  }

  private relay(event: EventName, payload: unknown): void {
    switch (EVENT_RELAY[event]) {
      case 'drop':
        return;
      case 'row': {
        const row = { ...(payload as SessionRow), host: this.name };
        this.touched?.add(row.id);
        this.rows.set(row.id, toListRow(row));
        this.emit('session:changed', row);
        return;
      }
      case 'removed': {
        const { id } = payload as EventPayload<'session:removed'>;
        this.touched?.add(id);
        this.rows.delete(id);
        this.emit('session:removed', { id });
        return;
      }
      case 'relay':
        this.emit(event, payload as EventPayload<typeof event>);
    }
  }

  /** Reads the host's rows again (a connect or reconnect) and pushes what differs from what the swarm showed. */
  private async resync(): Promise<void> {
    const sync = ++this.syncs;
    this.touched = new Set();
    try {
      const fresh = new Map<string, SessionListRow>();
      let after: SessionListRow | undefined;
      for (;;) {
        const page = await this.link.handle(
          'sessions:list',
          { includeArchived: true, limit: MIRROR_PAGE, ...(after && { after: { pinned: after.pinned, updatedAt: after.updatedAt, id: after.id } }) },
          ctx,
        );
        if (!page.ok) throw new Error(`${page.error.code}: ${page.error.message}`);
        const rows = page.value as SessionListRow[];
        for (const r of rows) fresh.set(r.id, { ...r, host: this.name });
        if (rows.length < MIRROR_PAGE) break;
        after = rows[rows.length - 1];
      }
      if (sync !== this.syncs || this.closed) return; // a newer read is under way, or the host left the swarm
      const touched = this.touched;
      for (const id of [...this.rows.keys()]) {
        if (fresh.has(id) || touched.has(id)) continue;
        this.rows.delete(id);
        this.emit('session:removed', { id });
      }
      const changed: string[] = [];
      for (const [id, row] of fresh) {
        if (touched.has(id)) continue;
        const before = this.rows.get(id);
        if (before !== undefined && JSON.stringify(before) === JSON.stringify(row)) continue;
        this.rows.set(id, row);
        changed.push(id);
      }
      // A push carries a whole row (SessionRowSchema): what changed is read whole, one at a time over the one link.
      for (const id of changed) {
        const full = await this.link.handle('sessions:get', { id }, ctx);
        if (full.ok && !this.closed && this.rows.has(id)) this.emit('session:changed', { ...(full.value as SessionRow), host: this.name });
      }
      this.log.info('remote rows read', { host: this.name, rows: fresh.size, changed: changed.length });
    } catch (err) {
      this.log.warn('reading a remote host’s rows failed', { host: this.name, err });
    } finally {
      if (sync === this.syncs) this.touched = null;
    }
  }
}

/** A link's state in the contract's words: `failed` and `stopped` are `unreachable`, with what to do. */
export function hostInfo(name: string, state: RemoteLinkState): RemoteHostInfo {
  switch (state.state) {
    case 'connecting':
    case 'connected':
    case 'reconnecting':
      return { name, state: state.state, message: state.message, hint: null };
    case 'stopped':
      return { name, state: 'unreachable', message: state.message, hint: `Choose Reconnect to start Swarmdesk's host on ${name} again.` };
    case 'failed': {
      const { sshSays, advice } = state.error;
      return sshSays.length > 0
        ? { name, state: 'unreachable', message: sshSays.slice(0, 4000), hint: advice.slice(0, 2000) }
        : { name, state: 'unreachable', message: advice.slice(0, 4000), hint: 'Fix what it says, then choose Reconnect.' };
    }
  }
}
