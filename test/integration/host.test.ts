import { connect } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, setLogSink } from '../../src/main/core/logger';
import { HostLink } from '../../src/main/transport/socket/hostLink';
import { attachOrStart, HostStoppedError, startHostDetached, type HostCommand } from '../../src/main/transport/socket/attach';
import { HostConnection, HostRefusedError, type FrontIdentity } from '../../src/main/transport/socket/hostClient';
import { stopHost } from '../../src/main/transport/socket/hostControl';
import { contractFingerprint, readHostInfo, settingsEnvDigest, writeHostStopped } from '../../src/main/transport/socket/hostFiles';
import { REAL_HOST, startRealHost } from '../support/realHost';
import { until } from '../support/until';

/*
 * The session host as a real detached process (src/main/host.ts under tsx): its socket and card are
 * private, a front must present the per-start secret, a second host on the folder refuses and names the
 * first, a socket path too long for the platform falls back to the runtime folder, a front started with
 * other settings variables is told, and with no front and no live agent the host exits by itself.
 */
setLogSink(() => {});

const HOST = REAL_HOST;
const dirs: string[] = [];
const hosts: number[] = [];

function dataDir(name = 'swarmdesk-host-'): string {
  const dir = mkdtempSync(join(tmpdir(), name));
  dirs.push(dir);
  return dir;
}

function me(env: NodeJS.ProcessEnv = HOST.env): FrontIdentity {
  return { kind: 'web', version: '0.1.0', protocol: contractFingerprint(), url: null, env: settingsEnvDigest(env) };
}

async function start(dir: string, command: HostCommand = HOST): Promise<number> {
  return startRealHost(dir, hosts, command);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterEach(async () => {
  for (const dir of dirs.splice(0)) {
    await stopHost(dir, { ...me(), kind: 'cli' }, 5_000);
    rmSync(dir, { recursive: true, force: true });
  }
  for (const pid of hosts.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // stopped, as it should be
    }
  }
});

describe('the session host process', () => {
  it('serves on a 0600 socket beside a 0600 card; a front without the secret is refused, with it welcomed', async () => {
    const dir = dataDir();
    const pid = await start(dir);
    const info = readHostInfo(dir);
    expect(info?.pid).toBe(pid);
    expect(statSync(info!.socket).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'host.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    await expect(HostConnection.open(info!.socket, 'not-the-secret', me(), null)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Garbage instead of a hello: the host closes the connection.
    const closed = await new Promise<boolean>((resolve) => {
      const socket = connect(info!.socket);
      socket.on('connect', () => socket.write('this is not json\n'));
      socket.on('close', () => resolve(true));
      socket.on('error', () => undefined);
    });
    expect(closed).toBe(true);

    const front = await HostConnection.open(info!.socket, info!.secret, me(), null);
    expect(front.welcome.pid).toBe(pid);
    const list = await front.handle('sessions:list', {}, { transport: 'web' });
    expect(list.ok).toBe(true);
    const bad = await front.handle('sessions:rename', { id: 42 }, { transport: 'web' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } }); // the host's router validates, as ever
    front.close();
  });

  it('a second host on the same folder refuses to start and names the first', async () => {
    const dir = dataDir();
    const pid = await start(dir);
    const second = await startHostDetached(dir, HOST);
    expect(second).toMatchObject({ error: expect.stringContaining(`process ${pid} (the session host`) });
    expect(readHostInfo(dir)?.pid).toBe(pid);
  });

  it('a data folder whose socket path is too long gets a short one under the runtime folder, recorded in the card', async () => {
    const runtime = dataDir('swarmdesk-rt-');
    const deep = join(dataDir(), 'a'.repeat(60), 'b'.repeat(60));
    mkdirSync(deep, { recursive: true });
    dirs.unshift(deep); // stopped first
    await start(deep, { ...HOST, env: { ...HOST.env, XDG_RUNTIME_DIR: runtime } });
    const info = readHostInfo(deep)!;
    expect(Buffer.byteLength(join(deep, 'host.sock'))).toBeGreaterThan(107);
    expect(info.socket.startsWith(join(runtime, 'swarmdesk-'))).toBe(true);
    expect(statSync(join(runtime, `swarmdesk-${process.getuid!()}`)).mode & 0o777).toBe(0o700);
    const front = await HostConnection.open(info.socket, info.secret, me(), null);
    expect(front.welcome.pid).toBe(info.pid);
    front.close();
  });

  it('tells a front started with other settings variables which ones differ (names only)', async () => {
    const dir = dataDir();
    await start(dir);
    const info = readHostInfo(dir)!;
    const front = await HostConnection.open(info.socket, info.secret, me({ ...HOST.env, SWARMDESK_CHAT_MODEL: 'another-model' }), null);
    expect(front.welcome.envDiffers).toEqual(['SWARMDESK_CHAT_MODEL']);
    front.close();
  });

  it('refuses a front built from another contract, but a control connection may still ask and stop', async () => {
    const dir = dataDir();
    await start(dir);
    const info = readHostInfo(dir)!;
    const other = { ...me(), protocol: 'another-contract' };
    const refused = await HostConnection.open(info.socket, info.secret, other, null).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HostRefusedError);
    expect((refused as HostRefusedError).code).toBe('VERSION_MISMATCH');
    const control = await HostConnection.open(info.socket, info.secret, { ...other, kind: 'cli', control: true }, null);
    expect((await control.status())?.pid).toBe(info.pid);
    control.close();
  });

  it('a front whose host dies says so to a page that connects meanwhile, then brings a new host up', async () => {
    const dir = dataDir();
    const states: string[] = [];
    const link = new HostLink({ dataDir: dir, me: me(), abilities: null, host: HOST, log: createLogger('test') });
    await link.open();
    const first = readHostInfo(dir)!.pid;
    hosts.push(first);
    process.kill(first, 'SIGKILL');
    await until(() => link.hostState().state === 'restarting', { timeoutMs: 10_000, message: 'the link to notice' });
    // A page connecting now is told the host is away, without waiting for the next change.
    link.subscribe((event, payload) => {
      if (event === 'host:state') states.push((payload as { state: string }).state);
    });
    await until(() => states.includes('restarting') && states.includes('connected'), { timeoutMs: 60_000, message: 'restarting, then connected' });
    expect(states[0]).toBe('restarting');
    const second = readHostInfo(dir)!.pid;
    hosts.push(second);
    expect(second).not.toBe(first);
    expect((await link.handle('sessions:list', {}, { transport: 'web' })).ok).toBe(true);
    await link.leave(false);
  });

  it('a front re-attaching after a kill -9 does not bring the host back when the host a peer started meanwhile was stopped on purpose', async () => {
    const dir = dataDir();
    // The link's hosts start behind a gate (test/support/gatedHost.ts): open for the first, closed after.
    const gate = join(dir, 'gate');
    writeFileSync(gate, '');
    const gated: HostCommand = { command: process.execPath, args: ['--import', 'tsx', 'test/support/gatedHost.ts'], env: { ...HOST.env, SWARMDESK_TEST_HOST_GATE: gate } };
    const stopped: string[] = [];
    const link = new HostLink({ dataDir: dir, me: me(), abilities: null, host: gated, log: createLogger('test'), onStopped: (reason) => stopped.push(reason) });
    await link.open();
    const first = readHostInfo(dir)!.pid;
    hosts.push(first);
    rmSync(gate);
    process.kill(first, 'SIGKILL');
    // The link found no host and is inside its start of one, held at the gate...
    const held = Number(await until(() => existsSync(`${gate}.waiting`) && readFileSync(`${gate}.waiting`, 'utf8'), { timeoutMs: 30_000, message: "the link's start of a host, at the gate" }));
    hosts.push(held);
    // ...while a peer front's host comes up and is stopped (`--stop`): the link never saw that host.
    await start(dir);
    expect((await stopHost(dir, { ...me(), kind: 'cli' })).exitCode).toBe(0);
    expect(readHostInfo(dir)).toBeNull();
    writeFileSync(gate, '');
    // The stop stands: the link's host refuses to start and the link ends as stopped, as on a 'stopping' frame.
    await until(() => stopped.length > 0, { timeoutMs: 30_000, message: 'the link to take the stop' });
    expect(stopped[0]).toMatch(/stopped on purpose at .*npm run serve -- --stop/);
    expect(link.hostState().state).toBe('stopped');
    await until(() => !alive(held), { timeoutMs: 30_000, message: 'the held host to end' });
    expect(readHostInfo(dir)).toBeNull();
    expect(existsSync(join(dir, 'swarmdesk.lock'))).toBe(false);
    expect(readFileSync(join(dir, 'host.log'), 'utf8')).toMatch(/not starting: the host was stopped on purpose meanwhile/);
  });

  it('a re-attaching front that finds a deliberate stop of a host as new as the one it lost starts none; an older stop does not count', async () => {
    const dir = dataDir();
    const lost = '2026-12-05T01:00:00.000Z';
    writeHostStopped(dir, { pid: 1, startedAt: '2026-12-05T01:00:05.000Z', stoppedAt: '2026-12-05T01:00:09.000Z', reason: 'npm run serve -- --stop' });
    const refused = await attachOrStart({ dataDir: dir, me: me(), abilities: null, host: HOST, lostHostStartedAt: lost }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HostStoppedError);
    expect((refused as Error).message).toMatch(/stopped on purpose at 2026-12-05T01:00:09.000Z/);
    expect(readHostInfo(dir)).toBeNull();
    // A stop of a host older than the one lost is history: the front brings a host up (through the host's own check).
    const { connection, started } = await attachOrStart({ dataDir: dir, me: me(), abilities: null, host: HOST, lostHostStartedAt: '2026-12-05T01:00:06.000Z' });
    hosts.push(connection.welcome.pid);
    expect(started).toBe(true);
    connection.close();
  });

  it("shows a web front's address in the status once it listens, and to a host that replaced a dead one", async () => {
    const dir = dataDir();
    const link = new HostLink({ dataDir: dir, me: me(), abilities: null, host: HOST, log: createLogger('test') });
    await link.open();
    const fronts = async (): Promise<Array<string | null>> => {
      const info = readHostInfo(dir)!;
      const control = await HostConnection.open(info.socket, info.secret, { ...me(), kind: 'cli', control: true }, null);
      const status = await control.status();
      control.close();
      return (status?.clients ?? []).map((c) => c.url);
    };
    expect(await fronts()).toEqual([null]); // attached before its server listens
    link.setUrl('http://127.0.0.1:4321/');
    await until(async () => (await fronts())[0] === 'http://127.0.0.1:4321/', { timeoutMs: 10_000, message: 'the status to show the address' });
    const first = readHostInfo(dir)!.pid;
    hosts.push(first);
    process.kill(first, 'SIGKILL');
    await until(() => { const info = readHostInfo(dir); return info !== null && info.pid !== first && link.hostState().state === 'connected'; }, { timeoutMs: 60_000, message: 'a new host, attached' });
    hosts.push(readHostInfo(dir)!.pid);
    expect(await fronts()).toEqual(['http://127.0.0.1:4321/']);
    await link.leave(false);
  });

  it('with no front and no live agent for the idle time, the host exits by itself and clears its card', async () => {
    const dir = dataDir();
    const pid = await start(dir);
    const info = readHostInfo(dir)!;
    const front = await HostConnection.open(info.socket, info.secret, me(), null);
    const set = await front.handle('host:setSettings', { idleExitMinutes: 0.05 }, { transport: 'web' });
    expect(set).toMatchObject({ ok: true, value: { idleExitMinutes: 0.05 } });
    // Attached, it stays (well past the idle time).
    await new Promise((r) => setTimeout(r, 4_000));
    expect(alive(pid)).toBe(true);
    await front.leave(false);
    await until(() => !alive(pid), { timeoutMs: 20_000, message: 'the idle host to exit' });
    expect(readHostInfo(dir)).toBeNull();
    expect(readFileSync(join(dir, 'host.log'), 'utf8')).toMatch(/no front and no live agent for 0.05 min/);
  });
});
