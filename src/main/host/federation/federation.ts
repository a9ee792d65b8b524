import { channels, isChannelName, type ChannelName } from '../../../shared/ipc/contract';
import type { EventName, EventPayload } from '../../../shared/ipc/events';
import type { RemovedWorktreeItem } from '../../../shared/ipc/gitRemoved';
import type { HostsFileProblem, HostsView } from '../../../shared/ipc/hosts';
import type { SessionListRow, SessionRow } from '../../../shared/domain/session';
import type { SearchSnippet } from '../../../shared/domain/searchSnippet';
import { fail, ok, type Result } from '../../../shared/result';
import type { EventListener, Logger, RequestContext } from '../../core';
import type { EventSource, RouterLike } from '../../transport/router-like';
import { HostsFileError, loadSavedHosts, writeSavedHosts, type SavedHosts } from './hostsFile';
import { RemoteMember, type HostLinkLike } from './remoteMember';
import { RemoteMissed } from './remoteMissed';
import { mergeRemovedWorktrees } from './removedWorktrees';
import { ROUTES, ROW_REPLIES } from './routes';
import { interleave, mergePage, moveTargetOnHost } from './swarmOrder';

export interface FederationOptions {
  /** This machine's core: what every local route and every merge's own part asks. */
  readonly core: { readonly router: RouterLike; readonly events: EventSource };
  readonly dataDir: string;
  /** `SWARMDESK_SSH_CONFIG` (it wins over the setting); null when unset. */
  readonly envSshConfig: string | null;
  /** Makes the link to a host with the ssh config in force (null: ssh's own). */
  readonly makeLink: (destination: string, sshConfig: string | null) => HostLinkLike;
  readonly log: Logger;
}

type Input = Record<string, unknown> | null | undefined;

/**
 * The session host's federation (issue 17, one swarm): a router and event
 * stream over this machine's core and the remote hosts' links, served to every
 * front in the core's place. Requests go by the table in routes.ts; the list,
 * search and snippets are merged across hosts; remote rows carry their host's
 * name. The list of hosts is saved in the data folder and reconnected at start.
 */
export class Federation implements RouterLike, EventSource {
  private readonly listeners = new Set<EventListener>();
  private readonly members = new Map<string, RemoteMember>();
  private saved: SavedHosts;
  /** hosts.json did not read at start (set aside): said in the view until a change saves a fresh list. */
  private fileProblem: HostsFileProblem | null;
  private readonly missed = new RemoteMissed();
  private readonly offCore: () => void;

  constructor(private readonly opts: FederationOptions) {
    const loaded = loadSavedHosts(opts.dataDir);
    this.saved = loaded.saved;
    this.fileProblem = loaded.problem;
    if (loaded.problem) opts.log.warn('hosts.json did not read: starting with no remote hosts', { ...loaded.problem });
    this.offCore = opts.core.events.subscribe((event, payload) => this.emit(event, payload));
  }

  /** Starts the links of the hosts saved before (each reconnects by itself). */
  start(): void {
    for (const { name } of this.saved.hosts) this.join(name).start();
  }

  /** Closes every link; the remote hosts and their agents stay. */
  close(): void {
    this.offCore();
    for (const m of this.members.values()) m.close({ removeRows: false });
    this.members.clear();
  }

  /** No front attached (away) or one back: what remote sessions start waiting meanwhile is kept for `app:missed`. */
  setAway(away: boolean): void {
    this.missed.setAway(away, () => [...this.members.values()].flatMap((m) => [...m.listRows()]));
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  view(): HostsView {
    const env = this.opts.envSshConfig;
    return {
      hosts: [...this.members.values()].map((m) => m.info()),
      sshConfig: env !== null ? { path: env, source: 'env' } : { path: this.saved.sshConfig, source: this.saved.sshConfig === null ? null : 'setting' },
      ...(this.fileProblem && { fileProblem: this.fileProblem }),
    };
  }

  async handle(channel: unknown, input: unknown, ctx: RequestContext): Promise<Result<unknown>> {
    if (!isChannelName(channel)) return this.opts.core.router.handle(channel, input, ctx);
    const core = (): Promise<Result<unknown>> => this.opts.core.router.handle(channel, input, ctx);
    const args = (typeof input === 'object' && input !== null ? input : {}) as Input & object;
    switch (ROUTES[channel]) {
      case 'local':
        return core();
      case 'bySession': {
        const member = this.ownerOf(args.id ?? args.sessionId);
        return member ? this.forward(member, channel, input, ctx) : core();
      }
      case 'byHost': {
        if (args.host === undefined) return core();
        const member = typeof args.host === 'string' ? this.members.get(args.host.trim()) : undefined;
        if (!member) return fail('BAD_INPUT', `No host named "${String(args.host).slice(0, 255)}": add it in Settings, Hosts.`);
        const { host: _host, ...rest } = args;
        return this.forward(member, channel, rest, ctx);
      }
      case 'hosts':
        return this.hosts(channel, input);
      case 'list':
        return this.list(input, ctx);
      case 'search':
        return this.search(input, ctx);
      case 'ids':
        return this.snippets(input, ctx);
      case 'move':
        return this.move(input, ctx);
      case 'reorder':
        return this.reorder(input, ctx);
      case 'fanOut':
        return this.changeSummaries(input, ctx);
      case 'removed':
        return this.removedWorktrees(input, ctx);
      case 'missed': {
        const local = await core();
        if (!local.ok) return local;
        return ok({ sessions: [...(local.value as { sessions: unknown[] }).sessions, ...this.missed.take()] });
      }
    }
  }

  private ownerOf(id: unknown): RemoteMember | undefined {
    if (typeof id !== 'string') return undefined;
    for (const m of this.members.values()) if (m.owns(id)) return m;
    return undefined;
  }

  private async forward(member: RemoteMember, channel: ChannelName, input: unknown, ctx: RequestContext): Promise<Result<unknown>> {
    const reply = await member.link.handle(channel, input, ctx);
    if (reply.ok && ROW_REPLIES.has(channel)) return ok(member.tag(reply.value as SessionRow));
    return reply;
  }

  private connected(): RemoteMember[] {
    return [...this.members.values()].filter((m) => m.connected());
  }

  private async list(input: unknown, ctx: RequestContext): Promise<Result<unknown>> {
    const parsed = channels['sessions:list'].input.safeParse(input ?? {});
    const local = await this.opts.core.router.handle('sessions:list', input, ctx);
    if (!parsed.success || !local.ok || this.members.size === 0) return local;
    const remote = [...this.members.values()].flatMap((m) => [...m.listRows()]);
    return ok(mergePage(local.value as SessionListRow[], remote, parsed.data));
  }

  private async search(input: unknown, ctx: RequestContext): Promise<Result<unknown>> {
    const parsed = channels['sessions:search'].input.safeParse(input ?? {});
    const local = await this.opts.core.router.handle('sessions:search', input, ctx);
    if (!parsed.success || !local.ok) return local;
    const remote = await Promise.all(this.connected().map((m) => m.link.handle('sessions:search', parsed.data, ctx)));
    const lists = [local, ...remote].filter((r) => r.ok).map((r) => (r.value as { ids: string[] }).ids);
    return ok({ ids: interleave(lists, parsed.data.limit) });
  }

  private async snippets(input: unknown, ctx: RequestContext): Promise<Result<unknown>> {
    const parsed = channels['sessions:snippets'].input.safeParse(input ?? {});
    if (!parsed.success || this.members.size === 0) return this.opts.core.router.handle('sessions:snippets', input, ctx);
    const byOwner = new Map<RemoteMember | null, string[]>();
    for (const id of parsed.data.ids) {
      const owner = this.ownerOf(id) ?? null;
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), id]);
    }
    const replies = await Promise.all(
      [...byOwner].map(([owner, ids]) => (owner?.link ?? this.opts.core.router).handle('sessions:snippets', { query: parsed.data.query, ids }, ctx)),
    );
    const failed = replies.find((r) => !r.ok);
    if (failed && byOwner.size === 1) return failed;
    return ok({ snippets: replies.flatMap((r) => (r.ok ? (r.value as { snippets: SearchSnippet[] }).snippets : [])) });
  }

  private async changeSummaries(input: unknown, ctx: RequestContext): Promise<Result<unknown>> {
    const local = await this.opts.core.router.handle('git:changeSummaries', input, ctx);
    if (!local.ok) return local;
    const remote = await Promise.all(this.connected().map((m) => m.link.handle('git:changeSummaries', {}, ctx)));
    const items = [local, ...remote].flatMap((r) => (r.ok ? (r.value as { items: unknown[] }).items : []));
    return ok({ items });
  }

  /** This machine's removed worktrees and every connected host's, tagged (a host that cannot say is left out). */
  private async removedWorktrees(input: unknown, ctx: RequestContext): Promise<Result<unknown>> {
    const local = await this.opts.core.router.handle('git:removedWorktrees', input, ctx);
    if (!local.ok) return local;
    const replies = await Promise.all(this.connected().map(async (m) => ({ host: m.name, reply: await m.link.handle('git:removedWorktrees', {}, ctx) })));
    const remote = replies.flatMap(({ host, reply }) => (reply.ok ? [{ host, items: (reply.value as { items: RemovedWorktreeItem[] }).items }] : []));
    return ok({ items: mergeRemovedWorktrees((local.value as { items: RemovedWorktreeItem[] }).items, remote) });
  }

  /** Same host: that host moves it. Across hosts: before the nearest row of its own host at or after the target. */
  private async move(input: unknown, ctx: RequestContext): Promise<Result<unknown>> {
    const parsed = channels['sessions:move'].input.safeParse(input ?? {});
    if (!parsed.success) return this.opts.core.router.handle('sessions:move', input, ctx);
    const { id, beforeId } = parsed.data;
    const owner = this.ownerOf(id);
    const send = (target: string | null): Promise<Result<unknown>> =>
      owner ? this.forward(owner, 'sessions:move', { id, beforeId: target }, ctx) : this.opts.core.router.handle('sessions:move', { id, beforeId: target }, ctx);
    if (beforeId === null || this.ownerOf(beforeId) === owner) return send(beforeId);
    const all = await this.list({ includeArchived: true }, ctx);
    if (!all.ok) return all;
    const swarm = all.value as SessionListRow[];
    const moving = swarm.find((r) => r.id === id);
    if (!moving) return send(beforeId); // its host says what is wrong with it
    return send(moveTargetOnHost(swarm, moving, beforeId));
  }

  /**
   * A group's rows in a new order: each host places its own rows among themselves (positions are
   * each host's own), in the order given; a host with fewer than two of them has nothing to do.
   */
  private async reorder(input: unknown, ctx: RequestContext): Promise<Result<unknown>> {
    const parsed = channels['sessions:reorder'].input.safeParse(input ?? {});
    if (!parsed.success) return this.opts.core.router.handle('sessions:reorder', input, ctx);
    const byOwner = new Map<RemoteMember | null, string[]>();
    for (const id of parsed.data.ids) {
      const owner = this.ownerOf(id) ?? null;
      const ids = byOwner.get(owner);
      if (ids) ids.push(id);
      else byOwner.set(owner, [id]);
    }
    let moved = 0;
    for (const [owner, ids] of byOwner) {
      if (ids.length < 2) continue;
      const reply = owner
        ? await this.forward(owner, 'sessions:reorder', { ids }, ctx)
        : await this.opts.core.router.handle('sessions:reorder', { ids }, ctx);
      if (!reply.ok) return reply;
      moved += (reply.value as { moved: number }).moved;
    }
    return ok({ moved });
  }

  private async hosts(channel: ChannelName, input: unknown): Promise<Result<unknown>> {
    const spec = channels[channel];
    const parsed = spec.input.safeParse(input ?? {});
    if (!parsed.success) return fail('BAD_INPUT', `Invalid input for ${channel}: ${parsed.error.issues[0]?.message ?? 'does not match'}`);
    try {
      return this.changeHosts(channel, parsed.data as { destination?: string; name?: string; path?: string | null });
    } catch (err) {
      if (err instanceof HostsFileError) return fail('CONFLICT', err.message);
      // hosts.json could not be written (a full disk, a read-only folder), or no private ssh control folder.
      this.opts.log.error('changing the remote hosts failed', { channel, err });
      return fail('UNAVAILABLE', `The remote hosts could not be changed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private changeHosts(channel: ChannelName, args: { destination?: string; name?: string; path?: string | null }): Result<unknown> {
    switch (channel) {
      case 'hosts:list':
        return ok(this.view());
      case 'hosts:add': {
        const name = args.destination as string;
        if (this.members.has(name)) return fail('BAD_INPUT', `${name} is already added.`);
        const member = this.join(name);
        try {
          this.save({ ...this.saved, hosts: [...this.saved.hosts, { name }] });
        } catch (err) {
          this.members.delete(name);
          member.close({ removeRows: false });
          throw err;
        }
        member.start();
        this.changed();
        return ok(this.view());
      }
      case 'hosts:remove': {
        const member = this.members.get(args.name as string);
        if (!member) return fail('NOT_FOUND', `No host named "${args.name}".`);
        this.save({ ...this.saved, hosts: this.saved.hosts.filter((h) => h.name !== member.name) });
        this.members.delete(member.name);
        member.close({ removeRows: true });
        this.changed();
        return ok(this.view());
      }
      case 'hosts:reconnect': {
        const member = this.members.get(args.name as string);
        if (!member) return fail('NOT_FOUND', `No host named "${args.name}".`);
        member.link.reconnectNow();
        return ok(this.view());
      }
      case 'hosts:setSshConfig': {
        const path = args.path ?? null;
        if (path === this.saved.sshConfig) return ok(this.view());
        this.save({ ...this.saved, sshConfig: path });
        // The variable wins: the links already use it.
        if (this.opts.envSshConfig === null) this.relinkAll();
        this.changed();
        return ok(this.view());
      }
      default:
        return fail('UNKNOWN_CHANNEL', 'No such channel.');
    }
  }

  private save(next: SavedHosts): void {
    const problem = this.fileProblem;
    if (problem && problem.keptAs === null) {
      throw new HostsFileError(`${problem.file} did not read and could not be moved aside, so it is not written over: move or fix it, then restart the session host.`);
    }
    writeSavedHosts(this.opts.dataDir, next);
    this.saved = next;
    this.fileProblem = null;
  }

  private sshConfig(): string | null {
    return this.opts.envSshConfig ?? this.saved.sshConfig;
  }

  private join(name: string): RemoteMember {
    const member = new RemoteMember(
      name,
      this.opts.makeLink(name, this.sshConfig()),
      (event, payload) => this.fromRemote(event, payload),
      () => this.changed(),
      this.opts.log,
    );
    this.members.set(name, member);
    return member;
  }

  /** Another ssh config: every link is made again with it (its rows leave the view until read again). */
  private relinkAll(): void {
    for (const old of [...this.members.values()]) {
      old.close({ removeRows: true });
      this.join(old.name).start();
    }
  }

  private changed(): void {
    this.emit('hosts:changed', this.view());
  }

  private fromRemote<E extends EventName>(event: E, payload: EventPayload<E>): void {
    if (event === 'session:changed') this.missed.changed(payload as SessionRow);
    else if (event === 'session:removed') this.missed.removed((payload as { id: string }).id);
    this.emit(event, payload);
  }

  private emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const l of this.listeners) l(event, payload);
  }
}
