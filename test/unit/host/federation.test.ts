import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { channels, CHANNEL_NAMES } from '../../../src/shared/ipc/contract';
import type { EventName } from '../../../src/shared/ipc/events';
import { HostsViewSchema, type HostsView } from '../../../src/shared/ipc/hosts';
import type { SessionListRow, SessionRow } from '../../../src/shared/domain/session';
import { fail, ok, type Result } from '../../../src/shared/result';
import { createLogger, setLogSink, type EventListener } from '../../../src/main/core';
import { Federation } from '../../../src/main/host/federation/federation';
import { HostsFileError, loadSavedHosts, readSavedHosts } from '../../../src/main/host/federation/hostsFile';
import type { HostLinkLike } from '../../../src/main/host/federation/remoteMember';
import { hostInfo } from '../../../src/main/host/federation/remoteMember';
import { ROUTES, ROW_REPLIES } from '../../../src/main/host/federation/routes';
import type { RemoteLinkState } from '../../../src/main/transport/ssh/remoteHostLink';
import { RemoteHostError } from '../../../src/main/transport/ssh/sshErrors';
import { sessionRow } from '../../support/sessionRow';
import { until } from '../../support/until';

/*
 * The federation's routing and one swarm over fakes (a unit): a fake core and fake links that answer
 * from rows in memory. The real thing, with sshd, ssh and a remote host, is test/integration/federation.test.ts.
 */
setLogSink(() => {});
const ctx = { transport: 'web' as const };

/** A row at `position`, its time as newer as the position is lower (the swarm orders by time: the same order). */
function row(id: string, position: number, extra: Partial<SessionRow> = {}): SessionRow {
  return sessionRow({ id, position, createdAt: 1, updatedAt: 100 - position, ...extra });
}
const listRow = ({ backendId: _b, createdAt: _c, ...r }: SessionRow): SessionListRow => r;

/** A host's sessions and its answers: enough of a core for the routes. */
class FakeHost {
  readonly calls: Array<{ channel: string; input: unknown }> = [];
  readonly listeners = new Set<EventListener>();
  constructor(readonly rows: SessionRow[]) {}
  handle = (channel: unknown, input: unknown): Promise<Result<unknown>> => this.answer(channel, input);
  async answer(channel: unknown, input: unknown): Promise<Result<unknown>> {
    this.calls.push({ channel: String(channel), input });
    const i = (input ?? {}) as { id?: string; ids?: string[]; query?: string };
    switch (channel) {
      case 'sessions:list':
        return ok(this.rows.filter((r) => !r.archived || (input as { includeArchived?: boolean })?.includeArchived).map(listRow));
      case 'sessions:get':
      case 'sessions:move':
      case 'sessions:markRead': {
        const r = this.rows.find((x) => x.id === i.id);
        return r ? ok(r) : fail('NOT_FOUND', 'No such session.');
      }
      case 'sessions:search':
        return ok({ ids: this.rows.filter((r) => r.folder.includes(i.query ?? '')).map((r) => r.id) });
      case 'sessions:snippets':
        return ok({ snippets: (i.ids ?? []).map((id) => ({ sessionId: id, text: 'x', ranges: [] })) });
      case 'sessions:create':
        return ok(row(`new-${this.rows.length}`, 50));
      case 'git:changeSummaries':
        return ok({ items: [] });
      case 'sessions:reorder':
        return ok({ moved: (i.ids ?? []).length });
      default:
        return ok({ channel, input });
    }
  }
  subscribe = (l: EventListener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  push<E extends EventName>(event: E, payload: unknown): void {
    for (const l of this.listeners) l(event, payload as never);
  }
}

/** The next fake link's `sessions:list` waits for this (a slow read of its rows). */
let nextListGate: Promise<void> | null = null;

class FakeLink extends FakeHost implements HostLinkLike {
  private readonly listGate = nextListGate;
  current: RemoteLinkState = { state: 'connecting', message: 'Connecting to box…' };
  private readonly stateListeners = new Set<(s: RemoteLinkState) => void>();
  closed = false;
  override handle = async (channel: unknown, input: unknown): Promise<Result<unknown>> => {
    if (channel === 'sessions:list' && this.listGate) await this.listGate;
    return this.current.state === 'connected' ? this.answer(channel, input) : fail('UNAVAILABLE', this.current.message);
  };
  start(): void {
    this.set({ state: 'connected', message: 'Connected to box.', hostPid: 1 });
  }
  reconnectNow(): void {}
  close(): void {
    this.closed = true;
  }
  state(): RemoteLinkState {
    return this.current;
  }
  onState(l: (s: RemoteLinkState) => void): () => void {
    this.stateListeners.add(l);
    return () => this.stateListeners.delete(l);
  }
  set(s: RemoteLinkState): void {
    this.current = s;
    for (const l of this.stateListeners) l(s);
  }
}

/** Makes `dir`'s entries unchangeable for this user; the undo, or null when this machine cannot. */
function lockFolder(dir: string): (() => void) | null {
  const probe = join(dir, '.probe');
  const undo =
    process.getuid?.() === 0
      ? spawnSync('chattr', ['+i', dir]).status === 0
        ? () => void spawnSync('chattr', ['-i', dir])
        : null
      : (chmodSync(dir, 0o500), () => chmodSync(dir, 0o700));
  if (undo === null) return null;
  try {
    writeFileSync(probe, '');
  } catch {
    return undo; // locked, as wanted
  }
  rmSync(probe);
  undo();
  return null;
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(remoteRows: SessionRow[] = [row('r1', 2), row('r2', 4)]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-fed-'));
  dirs.push(dataDir);
  const core = new FakeHost([row('l1', 1), row('l2', 3)]);
  const links: FakeLink[] = [];
  const federation = new Federation({
    core: { router: core, events: core },
    dataDir,
    envSshConfig: null,
    log: createLogger('test'),
    makeLink: () => {
      const link = new FakeLink(remoteRows);
      links.push(link);
      return link;
    },
  });
  const events: Array<{ event: string; payload: unknown }> = [];
  federation.subscribe((event, payload) => events.push({ event, payload }));
  return { dataDir, core, links, federation, events };
}

describe('the routing table', () => {
  it('routes every channel with a session id by its session, every channel with a host by its host', () => {
    for (const name of CHANNEL_NAMES) {
      const input = channels[name].input as unknown as { shape?: Record<string, unknown> };
      const keys = Object.keys(input.shape ?? {});
      if (keys.includes('host')) expect(ROUTES[name], name).toBe('byHost');
      // A window's pane closing ends that window's output from this machine's transport: the remote host's link
      // to this one (which may serve other windows) keeps the output coming.
      else if (name === 'terminal:close') expect(ROUTES[name]).toBe('local');
      else if (keys.includes('id')) expect(['bySession', 'move'], name).toContain(ROUTES[name]);
      if (name.startsWith('hosts:')) expect(ROUTES[name]).toBe('hosts');
      const machineWide = ['app:', 'settings:', 'ui:', 'host:', 'import:'].some((p) => name.startsWith(p));
      if (machineWide && !keys.includes('id') && name !== 'app:missed') {
        expect(ROUTES[name], name).toBe('local');
      }
    }
    expect([...ROW_REPLIES].sort()).toEqual(expect.arrayContaining(['sessions:create', 'sessions:get', 'sessions:markRead', 'sessions:move', 'sessions:continueIn']));
    expect(ROW_REPLIES.has('sessions:list')).toBe(false);
  });
});

describe('the federation (fakes)', () => {
  it('adds a host (saved 0600), merges its rows into the list tagged with its name, and routes by session and by host', async () => {
    const { dataDir, core, links, federation, events } = setup();
    const added = await federation.handle('hosts:add', { destination: 'box' }, ctx);
    expect(added).toMatchObject({ ok: true, value: { hosts: [{ name: 'box', state: 'connected', hint: null }], sshConfig: { path: null, source: null } } });
    expect(events.some((e) => e.event === 'hosts:changed')).toBe(true);
    expect(readSavedHosts(dataDir).hosts).toEqual([{ name: 'box' }]);
    expect(statSync(join(dataDir, 'hosts.json')).mode & 0o777).toBe(0o600);
    expect(await federation.handle('hosts:add', { destination: 'box' }, ctx)).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });

    await until(() => federation.handle('sessions:list', {}, ctx).then((r) => r.ok && (r.value as unknown[]).length === 4), { message: 'the remote rows in the list' });
    const list = (await federation.handle('sessions:list', {}, ctx)) as { value: SessionListRow[] };
    expect(list.value.map((r) => [r.id, r.host ?? 'here'])).toEqual([['l1', 'here'], ['r1', 'box'], ['l2', 'here'], ['r2', 'box']]);

    const link = links[0] as FakeLink;
    expect(await federation.handle('sessions:get', { id: 'r1' }, ctx)).toMatchObject({ ok: true, value: { id: 'r1', host: 'box' } });
    expect(link.calls.at(-1)).toEqual({ channel: 'sessions:get', input: { id: 'r1' } });
    expect(await federation.handle('sessions:get', { id: 'l1' }, ctx)).toMatchObject({ ok: true, value: { id: 'l1' } });
    expect(core.calls.at(-1)?.channel).toBe('sessions:get');
    // A remote session's notification is shown here, by the front that asked.
    await federation.handle('app:notify', { sessionId: 'r1', title: 't', body: 'b' }, ctx);
    expect(core.calls.at(-1)?.channel).toBe('app:notify');
    // By host: the host is taken off the input; an unknown host is named.
    const created = await federation.handle('sessions:create', { kind: 'terminal', host: 'box' }, ctx);
    expect(created).toMatchObject({ ok: true, value: { host: 'box' } });
    expect(link.calls.at(-1)).toEqual({ channel: 'sessions:create', input: { kind: 'terminal' } });
    expect(await federation.handle('sessions:checkFolder', { folder: '/x', host: 'nowhere' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT', message: expect.stringContaining('No host named "nowhere"') },
    });
    await federation.handle('sessions:checkFolder', { folder: '/x' }, ctx);
    expect(core.calls.at(-1)).toEqual({ channel: 'sessions:checkFolder', input: { folder: '/x' } });
    federation.close();
  });

  it('relays pushes (rows tagged), says UNAVAILABLE with the link’s words while it is down, and catches up on reconnect', async () => {
    const remoteRows = [row('r1', 2), row('r2', 4)];
    const { links, federation, events } = setup(remoteRows);
    await federation.handle('hosts:add', { destination: 'box' }, ctx);
    const link = links[0] as FakeLink;
    await until(() => events.filter((e) => e.event === 'session:changed').length === 2, { message: 'the first read pushed' });
    link.push('session:changed', row('r3', 9));
    expect(events.at(-1)).toEqual({ event: 'session:changed', payload: expect.objectContaining({ id: 'r3', host: 'box' }) });
    link.push('terminal:data', { sessionId: 'r3', data: 'hi', offset: 2 });
    expect(events.at(-1)).toEqual({ event: 'terminal:data', payload: { sessionId: 'r3', data: 'hi', offset: 2 } });
    // A remote session's review comments changed there: its fronts here read them again (issue 35).
    link.push('review:changed', { sessionId: 'r3' });
    expect(events.at(-1)).toEqual({ event: 'review:changed', payload: { sessionId: 'r3' } });
    link.push('host:state', {});
    expect(events.at(-1)?.event).toBe('review:changed');

    link.set({ state: 'reconnecting', message: 'Reconnecting to box…', attempt: 1, lastError: null });
    expect(events.at(-1)).toMatchObject({ event: 'hosts:changed', payload: { hosts: [{ state: 'reconnecting', message: 'Reconnecting to box…' }] } });
    expect(await federation.handle('terminal:input', { id: 'r1', data: 'x' }, ctx)).toEqual(fail('UNAVAILABLE', 'Reconnecting to box…'));
    // The rows stay in view while their host is away.
    expect(((await federation.handle('sessions:list', {}, ctx)) as { value: unknown[] }).value).toHaveLength(5);

    // Meanwhile on box: r2 was deleted, r1 renamed; r3 was never in its list (it is gone too).
    remoteRows.splice(0, remoteRows.length, row('r1', 2, { title: 'Renamed' as SessionRow['title'], titleSource: 'user', titlePinned: true }));
    const before = events.length;
    link.set({ state: 'connected', message: 'Connected to box.', hostPid: 1 });
    await until(() => events.slice(before).some((e) => e.event === 'session:changed'), { message: 'the catch-up' });
    const caught = events.slice(before).filter((e) => e.event.startsWith('session:'));
    expect(caught).toEqual(
      expect.arrayContaining([
        { event: 'session:removed', payload: { id: 'r2' } },
        { event: 'session:removed', payload: { id: 'r3' } },
        { event: 'session:changed', payload: expect.objectContaining({ id: 'r1', title: 'Renamed', host: 'box' }) },
      ]),
    );
    expect(caught).toHaveLength(3);
    federation.close();
  });

  it('removing a host takes its rows out of the view and forgets it; search and snippets span the hosts', async () => {
    const { dataDir, links, federation, events } = setup([row('r1', 2, { folder: '/w/api' }), row('r2', 4)]);
    await federation.handle('hosts:add', { destination: 'box' }, ctx);
    await until(() => events.filter((e) => e.event === 'session:changed').length === 2, { message: 'the first read' });
    expect(await federation.handle('sessions:search', { query: '/w' }, ctx)).toEqual(ok({ ids: ['l1', 'r1', 'l2', 'r2'] }));
    expect(await federation.handle('sessions:search', { query: 'api' }, ctx)).toEqual(ok({ ids: ['r1'] }));
    const snippets = await federation.handle('sessions:snippets', { query: 'x', ids: ['r1', 'l1'] }, ctx);
    expect((snippets as { value: { snippets: Array<{ sessionId: string }> } }).value.snippets.map((s) => s.sessionId).sort()).toEqual(['l1', 'r1']);
    expect((links[0] as FakeLink).calls.at(-1)).toEqual({ channel: 'sessions:snippets', input: { query: 'x', ids: ['r1'] } });

    const summaries = await federation.handle('git:changeSummaries', {}, ctx);
    expect(summaries).toMatchObject({ ok: true });
    expect((links[0] as FakeLink).calls.at(-1)).toEqual({ channel: 'git:changeSummaries', input: {} });

    const removed = await federation.handle('hosts:remove', { name: 'box' }, ctx);
    expect(removed).toMatchObject({ ok: true, value: { hosts: [] } });
    expect((links[0] as FakeLink).closed).toBe(true);
    expect(events.filter((e) => e.event === 'session:removed').map((e) => (e.payload as { id: string }).id).sort()).toEqual(['r1', 'r2']);
    expect(((await federation.handle('sessions:list', {}, ctx)) as { value: unknown[] }).value).toHaveLength(2);
    expect(readSavedHosts(dataDir).hosts).toEqual([]);
    federation.close();
  });

  it('saved hosts start with the federation; the ssh config setting is saved, the variable wins', async () => {
    const { dataDir, federation } = setup();
    await federation.handle('hosts:add', { destination: 'user@devbox' }, ctx);
    expect(await federation.handle('hosts:setSshConfig', { path: '/etc/my_ssh' }, ctx)).toMatchObject({ ok: true, value: { sshConfig: { path: '/etc/my_ssh', source: 'setting' } } });
    federation.close();
    const configs: Array<string | null> = [];
    const again = new Federation({
      core: { router: new FakeHost([]), events: new FakeHost([]) },
      dataDir,
      envSshConfig: '/tmp/env_config',
      log: createLogger('test'),
      makeLink: (_name, config) => {
        configs.push(config);
        return new FakeLink([]);
      },
    });
    again.start();
    expect(again.view()).toMatchObject({ hosts: [{ name: 'user@devbox', state: 'connected' }], sshConfig: { path: '/tmp/env_config', source: 'env' } });
    expect(configs).toEqual(['/tmp/env_config']);
    again.close();
    writeFileSync(join(dataDir, 'hosts.json'), '{"version":1,"hosts":[{"name":"-oProxyCommand=x"}],"sshConfig":null}');
    expect(() => readSavedHosts(dataDir)).toThrow(HostsFileError);
    expect(readFileSync(join(dataDir, 'hosts.json'), 'utf8')).toContain('ProxyCommand'); // never silently emptied
  });

  it('a hosts.json that does not read is set aside: the federation starts with none, says so, and the next add saves a fresh list', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-fed-'));
    dirs.push(dataDir);
    const bad = '{"version":1,"hosts":[{"name":"-oProxyCommand=x"}],"sshConfig":null}';
    writeFileSync(join(dataDir, 'hosts.json'), bad);
    const made: string[] = [];
    const federation = new Federation({
      core: { router: new FakeHost([]), events: new FakeHost([]) },
      dataDir,
      envSshConfig: null,
      log: createLogger('test'),
      makeLink: (name) => {
        made.push(name);
        return new FakeLink([]);
      },
    });
    federation.start();
    expect(made).toEqual([]);
    const listed = (await federation.handle('hosts:list', {}, ctx)) as { ok: true; value: HostsView };
    expect(listed.value.hosts).toEqual([]);
    const problem = listed.value.fileProblem!;
    expect(problem).toMatchObject({ file: join(dataDir, 'hosts.json'), reason: expect.stringContaining('hosts.0.name') });
    expect(problem.keptAs).toMatch(/hosts\.json\.bad-\d{4}-\d\d-\d\dT[\d-]+Z$/);
    expect(readFileSync(problem.keptAs!, 'utf8')).toBe(bad);
    expect(existsSync(join(dataDir, 'hosts.json'))).toBe(false);
    expect(HostsViewSchema.safeParse(listed.value).success).toBe(true);

    const events: HostsView[] = [];
    federation.subscribe((event, payload) => event === 'hosts:changed' && events.push(payload as HostsView));
    const added = (await federation.handle('hosts:add', { destination: 'box' }, ctx)) as { ok: true; value: HostsView };
    expect(added.value).not.toHaveProperty('fileProblem');
    expect(events.at(-1)).not.toHaveProperty('fileProblem');
    expect(readSavedHosts(dataDir).hosts).toEqual([{ name: 'box' }]);
    expect(readFileSync(problem.keptAs!, 'utf8')).toBe(bad); // still kept
    federation.close();
  });

  it('a bad hosts.json that cannot be moved aside stays as it is: adding a host is refused (CONFLICT), never written over it', async (t) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-fed-'));
    dirs.push(dataDir);
    writeFileSync(join(dataDir, 'hosts.json'), 'not json');
    // A folder whose entries cannot change: immutable for root (chattr), read-only for anyone else.
    const locked = lockFolder(dataDir);
    if (!locked) return t.skip('this machine cannot make a folder read-only for this user');
    try {
      const federation = new Federation({ core: { router: new FakeHost([]), events: new FakeHost([]) }, dataDir, envSshConfig: null, log: createLogger('test'), makeLink: () => new FakeLink([]) });
      const view = federation.view();
      expect(view.hosts).toEqual([]);
      expect(view.fileProblem).toMatchObject({ file: join(dataDir, 'hosts.json'), keptAs: null });
      const refused = await federation.handle('hosts:add', { destination: 'box' }, ctx);
      expect(refused).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: expect.stringContaining('could not be moved aside, so it is not written over') } });
      expect(federation.view().hosts).toEqual([]);
      expect(federation.view().fileProblem).toMatchObject({ keptAs: null });
      federation.close();
    } finally {
      locked();
    }
    expect(readFileSync(join(dataDir, 'hosts.json'), 'utf8')).toBe('not json');
  });

  it('setting a bad hosts.json aside never writes over an older one kept; with no free name it stays where it is', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-fed-'));
    dirs.push(dataDir);
    const now = new Date('2026-12-05T04:50:00.000Z');
    const first = join(dataDir, 'hosts.json.bad-2026-12-05T04-50-00-000Z');
    writeFileSync(first, 'the older one');
    writeFileSync(join(dataDir, 'hosts.json'), 'not json at all');
    const loaded = loadSavedHosts(dataDir, now);
    expect(loaded.saved.hosts).toEqual([]);
    expect(loaded.problem).toMatchObject({ keptAs: `${first}-1`, reason: expect.stringMatching(/^not JSON \(/) });
    expect(readFileSync(first, 'utf8')).toBe('the older one');
    expect(readFileSync(`${first}-1`, 'utf8')).toBe('not json at all');

    for (let n = 1; n < 100; n++) writeFileSync(`${first}-${n}`, `kept ${n}`);
    writeFileSync(join(dataDir, 'hosts.json'), '[]');
    expect(loadSavedHosts(dataDir, now).problem).toMatchObject({ keptAs: null });
    expect(readFileSync(join(dataDir, 'hosts.json'), 'utf8')).toBe('[]');
    expect(readFileSync(`${first}-1`, 'utf8')).toBe('kept 1');
    // A missing file is no problem: none saved yet.
    rmSync(join(dataDir, 'hosts.json'));
    expect(loadSavedHosts(dataDir, now)).toEqual({ saved: { version: 1, hosts: [], sshConfig: null }, problem: null });
  });

  it('a move across hosts moves the row on its own host, before its host’s next row after the target', async () => {
    const { core, links, federation, events } = setup([row('r1', 2), row('r2', 4)]);
    await federation.handle('hosts:add', { destination: 'box' }, ctx);
    await until(() => events.filter((e) => e.event === 'session:changed').length === 2, { message: 'the first read' });
    const link = links[0] as FakeLink;
    // Swarm order: l1(1) r1(2) l2(3) r2(4). l1 dropped before r1: on this machine, before l2.
    await federation.handle('sessions:move', { id: 'l1', beforeId: 'r1' }, ctx);
    expect(core.calls.at(-1)).toEqual({ channel: 'sessions:move', input: { id: 'l1', beforeId: 'l2' } });
    // r2 dropped before l1: on box, before r1. Within box: as asked.
    await federation.handle('sessions:move', { id: 'r2', beforeId: 'l1' }, ctx);
    expect(link.calls.at(-1)).toEqual({ channel: 'sessions:move', input: { id: 'r2', beforeId: 'r1' } });
    await federation.handle('sessions:move', { id: 'r1', beforeId: 'r2' }, ctx);
    expect(link.calls.at(-1)).toEqual({ channel: 'sessions:move', input: { id: 'r1', beforeId: 'r2' } });
    // Dropped last (null): its own host's end.
    await federation.handle('sessions:move', { id: 'r1', beforeId: null }, ctx);
    expect(link.calls.at(-1)).toEqual({ channel: 'sessions:move', input: { id: 'r1', beforeId: null } });
    federation.close();
  });

  it('a group reordered across hosts: each host places its own rows among themselves, in the order given', async () => {
    const { core, links, federation, events } = setup([row('r1', 2), row('r2', 4), row('r3', 6)]);
    await federation.handle('hosts:add', { destination: 'box' }, ctx);
    await until(() => events.filter((e) => e.event === 'session:changed').length === 3, { message: 'the first read' });
    const link = links[0] as FakeLink;
    expect(await federation.handle('sessions:reorder', { ids: ['r3', 'l2', 'r1', 'l1', 'r2'] }, ctx)).toEqual(ok({ moved: 5 }));
    expect(core.calls.at(-1)).toEqual({ channel: 'sessions:reorder', input: { ids: ['l2', 'l1'] } });
    expect(link.calls.at(-1)).toEqual({ channel: 'sessions:reorder', input: { ids: ['r3', 'r1', 'r2'] } });
    // A host with one row of the group has nothing to place.
    const asked = core.calls.length;
    expect(await federation.handle('sessions:reorder', { ids: ['r2', 'l1', 'r1'] }, ctx)).toEqual(ok({ moved: 2 }));
    expect(core.calls.length).toBe(asked);
    federation.close();
  });

  it('what remote sessions did while no front was attached is told once by app:missed, after this machine’s', async () => {
    const { core, links, federation, events } = setup([row('r1', 2), row('r2', 4), row('r3', 6)]);
    await federation.handle('hosts:add', { destination: 'box' }, ctx);
    await until(() => events.filter((e) => e.event === 'session:changed').length === 3, { message: 'the first read' });
    const link = links[0] as FakeLink;
    link.push('session:changed', row('r1', 2, { status: 'waiting' })); // while a front is attached: not missed
    federation.setAway(true);
    link.push('session:changed', row('r2', 4, { status: 'waiting' }));
    link.push('session:changed', row('r2', 4, { status: 'waiting', subtitle: 'still' })); // not news
    link.push('session:changed', row('r3', 6, { status: 'error', parentId: 'r1' })); // a subagent never counts
    link.push('session:changed', row('r1', 2, { status: 'idle' }));
    federation.setAway(false);
    core.answer = async (channel, input) => (channel === 'app:missed' ? ok({ sessions: [{ sessionId: 'l1', status: 'error' }] }) : FakeHost.prototype.answer.call(core, channel, input));
    expect(await federation.handle('app:missed', {}, ctx)).toEqual(ok({ sessions: [{ sessionId: 'l1', status: 'error' }, { sessionId: 'r2', status: 'waiting' }] }));
    core.answer = async () => ok({ sessions: [] });
    expect(await federation.handle('app:missed', {}, ctx)).toEqual(ok({ sessions: [] }));
    federation.close();
  });

  it('Recently removed lists this machine’s and each connected host’s removed worktrees, a remote one tagged with its host, newest first', async () => {
    const { core, links, federation, events } = setup();
    await federation.handle('hosts:add', { destination: 'box' }, ctx);
    await until(() => events.filter((e) => e.event === 'session:changed').length === 2, { message: 'the first read' });
    const link = links[0] as FakeLink;
    const item = (id: string, removedAt: number) => ({ id, sessionId: `s-${id}`, repoRoot: '/r', path: `/r-${id}`, branch: `b-${id}`, how: 'deleted' as const, removedAt });
    const removed = (host: FakeHost, items: unknown[]) => async (channel: unknown, input: unknown) =>
      channel === 'git:removedWorktrees' ? ok({ items }) : FakeHost.prototype.answer.call(host, channel, input);
    core.answer = removed(core, [item('a000000000000001', 30), item('a000000000000002', 10)]);
    link.answer = removed(link, [item('b000000000000001', 20)]);
    const listed = await federation.handle('git:removedWorktrees', {}, ctx);
    expect(listed.ok && (listed.value as { items: Array<{ id: string; host?: string }> }).items.map((i) => [i.id, i.host ?? 'here'])).toEqual([
      ['a000000000000001', 'here'],
      ['b000000000000001', 'box'],
      ['a000000000000002', 'here'],
    ]);
    // Restore and "Open existing worktree" go to the item's host, the host taken off the input.
    await federation.handle('git:restoreRemovedWorktree', { removed: 'b000000000000001', host: 'box' }, ctx);
    expect(link.calls.at(-1)).toEqual({ channel: 'git:restoreRemovedWorktree', input: { removed: 'b000000000000001' } });
    await federation.handle('git:outsideWorktrees', { folder: '/r', host: 'box' }, ctx);
    expect(link.calls.at(-1)).toEqual({ channel: 'git:outsideWorktrees', input: { folder: '/r' } });
    // A host that is down is left out: this machine's list still answers.
    link.set({ state: 'reconnecting', message: 'Reconnecting to box…', attempt: 1, lastError: null });
    const alone = await federation.handle('git:removedWorktrees', {}, ctx);
    expect(alone.ok && (alone.value as { items: Array<{ id: string }> }).items.map((i) => i.id)).toEqual(['a000000000000001', 'a000000000000002']);
    federation.close();
  });

  it('a host removed while its rows are being read pushes none of them afterwards', async () => {
    const { links, federation, events } = setup();
    let open: () => void = () => undefined;
    nextListGate = new Promise<void>((resolve) => (open = resolve));
    await federation.handle('hosts:add', { destination: 'box' }, ctx);
    nextListGate = null;
    const link = links[0] as FakeLink;
    await federation.handle('hosts:remove', { name: 'box' }, ctx);
    const after = events.length;
    open();
    await until(() => link.calls.some((c) => c.channel === 'sessions:list'), { message: 'the read to finish' });
    // The fakes answer at once: a few turns of the event loop let the rest of the read run to its end.
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(events.slice(after).filter((e) => e.event.startsWith('session:'))).toEqual([]);
    expect(((await federation.handle('sessions:list', {}, ctx)) as { value: unknown[] }).value).toHaveLength(2);
    federation.close();
  });

  it('a list that cannot be saved is a clear error, and the host is not added', async () => {
    const { dataDir, links, federation } = setup();
    mkdirSync(join(dataDir, 'hosts.json', 'in-the-way'), { recursive: true }); // the file cannot be renamed over
    expect(await federation.handle('hosts:add', { destination: 'box' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'UNAVAILABLE', message: expect.stringContaining('The remote hosts could not be changed') },
    });
    expect(federation.view().hosts).toEqual([]);
    expect((links[0] as FakeLink).closed).toBe(true);
    federation.close();
  });

  it('a failed link is unreachable, with OpenSSH’s words and what to do', () => {
    const err = new RemoteHostError('HOST_KEY_CHANGED', 'box', '@@@ WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED! @@@', 'Remove the old key.');
    expect(hostInfo('box', { state: 'failed', message: err.message, error: err })).toEqual({
      name: 'box',
      state: 'unreachable',
      message: '@@@ WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED! @@@',
      hint: 'Remove the old key.',
    });
    expect(hostInfo('box', { state: 'stopped', message: "Swarmdesk's host on box was stopped." })).toMatchObject({ state: 'unreachable', hint: expect.stringContaining('Reconnect') });
  });
});
