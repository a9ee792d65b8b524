import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionListRow, SessionRow } from '../../src/shared/domain/session';
import type { HostsView } from '../../src/shared/ipc/hosts';
import { isProcessAlive as alive, setLogSink } from '../../src/main/core';
import { connectToRunningHost, startHostDetached, type HostCommand } from '../../src/main/transport/socket/attach';
import type { FrontIdentity, HostConnection } from '../../src/main/transport/socket/hostClient';
import { stopHost } from '../../src/main/transport/socket/hostControl';
import { contractFingerprint, settingsEnvDigest } from '../../src/main/transport/socket/hostFiles';
import { hostBundle } from '../../src/main/transport/ssh/hostBundle';
import type { SshOptions } from '../../src/main/transport/ssh/sshArgs';
import { connectRemoteHost, stopRemoteHost } from '../../src/main/transport/ssh/sshHostConnection';
import { startModelServer, type ModelServer } from '../support/model-server';
import { endSshMasters, ensureHostBuilt, REMOTE_TEST_ENV, TestSshd } from '../support/sshd';
import { until } from '../support/until';

/*
 * One swarm across machines (issue 17), every part real: a local session host (src/main/host.ts, a
 * detached process with its own data folder and SWARMDESK_SSH_CONFIG), Debian's sshd on 127.0.0.1, the
 * system ssh, the remote host installed and run through it, real PTYs, and a model stand-in the remote's
 * chat talks to. The test is a front of the local host only; it looks at the remote side directly
 * (its files, a link of its own) only to check what happened there.
 */
setLogSink(() => {});

const repoRoot = resolve(__dirname, '../..');
const ctx = { transport: 'web' as const };

interface Push {
  readonly event: string;
  readonly payload: Record<string, unknown>;
}

describe('the federation: remote hosts in one swarm (real sshd, ssh, hosts)', () => {
  let sshd: TestSshd;
  let model: ModelServer;
  let dataDir: string;
  let runtimeDir: string;
  let host: HostCommand;
  let me: FrontIdentity;
  let front: HostConnection;
  let ssh: SshOptions;
  let pushes: Push[] = [];
  const scratch: string[] = [];
  let localPid = 0;

  async function startLocalHost(): Promise<void> {
    const started = await startHostDetached(dataDir, host);
    if ('error' in started) throw new Error(started.error);
    localPid = started.pid;
    const connection = await connectToRunningHost({ dataDir, me, abilities: null });
    if (connection === null) throw new Error('the local host did not take a front');
    front = connection;
    pushes = [];
    front.subscribe((event, payload) => pushes.push({ event, payload: payload as Record<string, unknown> }));
  }

  async function call<T = Record<string, unknown>>(channel: string, input: unknown): Promise<T> {
    const result = await front.handle(channel, input, ctx);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  }

  const hostState = (): string | undefined => {
    const last = pushes.filter((p) => p.event === 'hosts:changed').at(-1)?.payload as HostsView | undefined;
    return last?.hosts.find((h) => h.name === 'box')?.state;
  };
  const output = (id: string): string =>
    pushes
      .filter((p) => p.event === 'terminal:data' && p.payload.sessionId === id)
      .map((p) => p.payload.data as string)
      .join('');

  beforeAll(async () => {
    await ensureHostBuilt(repoRoot);
    model = await startModelServer({ policy: () => ({ text: 'Answered on box.' }) });
    // The remote's own environment: its chat talks to the stand-in (this machine's host has no key at all).
    sshd = new TestSshd({ setEnv: REMOTE_TEST_ENV, aliases: { stranger: { unauthorizedKey: true } }, serverSetEnv: { ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'test-remote-key' } });
    await sshd.start();
    dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-fed-local-'));
    runtimeDir = mkdtempSync(join(tmpdir(), 'swarmdesk-fed-run-'));
    scratch.push(dataDir, runtimeDir);
    const env: NodeJS.ProcessEnv = { ...process.env, ...REMOTE_TEST_ENV, SWARMDESK_SSH_CONFIG: sshd.clientConfig, XDG_RUNTIME_DIR: runtimeDir };
    delete env.ANTHROPIC_API_KEY;
    delete env.ANTHROPIC_BASE_URL;
    host = { command: process.execPath, args: ['--import', 'tsx', 'src/main/host.ts'], env };
    me = { kind: 'web', version: '0.1.0', protocol: contractFingerprint(), url: null, env: settingsEnvDigest(env) };
    // The local host's ssh multiplexing folder (under its XDG_RUNTIME_DIR): ended with the test.
    ssh = { configFile: sshd.clientConfig, controlDir: join(runtimeDir, `swarmdesk-ssh-${process.getuid?.() ?? 0}`) };
    await startLocalHost();
  }, 300_000);

  afterAll(async () => {
    if (front) await stopHost(dataDir, { ...me, kind: 'cli' }, 15_000).catch(() => undefined);
    if (localPid > 0) await until(() => !alive(localPid), { timeoutMs: 15_000, message: 'the local host to stop' }).catch(() => undefined);
    // The remote host (and its agents) outlive the local one: stopped here through a control link.
    const remotePid = (() => {
      try {
        return (JSON.parse(readFileSync(join(sshd.remoteHome, 'data', 'host.json'), 'utf8')) as { pid: number }).pid;
      } catch {
        return null;
      }
    })();
    if (remotePid !== null && alive(remotePid)) {
      await stopRemoteHost({ destination: 'box', ssh, bundle: hostBundle(repoRoot), me, abilities: null }, 'test over').catch(() => undefined);
      await until(() => !alive(remotePid), { timeoutMs: 15_000, message: 'the remote host to stop' }).catch(() => {
        for (const target of [-remotePid, remotePid]) {
          try {
            process.kill(target, 'SIGKILL');
          } catch {
            // gone
          }
        }
      });
    }
    endSshMasters(ssh, ['box', 'stranger']);
    await sshd?.stop();
    await model?.close();
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  }, 90_000);

  it('adds box: saved in the data folder, connected (installed through the link), and answers hosts:list', async () => {
    const added = await call<HostsView>('hosts:add', { destination: 'box' });
    expect(added.hosts).toEqual([{ name: 'box', state: 'connecting', message: 'Connecting to box…', hint: null }]);
    expect(added.sshConfig).toEqual({ path: sshd.clientConfig, source: 'env' });
    await until(() => hostState() === 'connected', { timeoutMs: 120_000, message: 'hosts:changed to connected' });
    expect(await call<HostsView>('hosts:list', {})).toMatchObject({ hosts: [{ name: 'box', state: 'connected', message: 'Connected to box.', hint: null }] });
    expect(statSync(join(dataDir, 'hosts.json')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dataDir, 'hosts.json'), 'utf8'))).toMatchObject({ hosts: [{ name: 'box' }] });
    expect(await front.handle('sessions:create', { kind: 'terminal', host: 'elsewhere' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT', message: expect.stringContaining('No host named "elsewhere"') },
    });
  }, 150_000);

  it('a host that refuses the login is unreachable, in OpenSSH\'s words and with what to do; the others are untouched', async () => {
    await call<HostsView>('hosts:add', { destination: 'stranger' });
    const stranger = (): HostsView['hosts'][number] | undefined =>
      (pushes.filter((p) => p.event === 'hosts:changed').at(-1)?.payload as HostsView | undefined)?.hosts.find((h) => h.name === 'stranger');
    await until(() => stranger()?.state === 'unreachable', { timeoutMs: 30_000, message: 'stranger to be unreachable' });
    expect(stranger()?.message).toContain('Permission denied');
    expect(stranger()?.hint).toContain('refused the login');
    expect(hostState()).toBe('connected');
    // Reconnect tries again at once (the user fixed it, or not: here, still refused).
    const tries = (): number => pushes.filter((p) => p.event === 'hosts:changed' && (p.payload as unknown as HostsView).hosts.some((h) => h.name === 'stranger' && h.state === 'connecting')).length;
    const before = tries();
    expect((await call<HostsView>('hosts:reconnect', { name: 'stranger' })).hosts.find((h) => h.name === 'stranger')?.state).toBe('connecting');
    expect(tries()).toBe(before + 1);
    await until(() => stranger()?.state === 'unreachable', { timeoutMs: 30_000, message: 'stranger refused again' });
    expect(await front.handle('sessions:checkFolder', { folder: '/tmp', host: 'stranger' }, ctx)).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    expect((await call<HostsView>('hosts:remove', { name: 'stranger' })).hosts.map((h) => h.name)).toEqual(['box']);
  }, 60_000);

  it('a terminal on box sits in the one list beside a local one, tagged box; its output comes back through the local host', async () => {
    const local = await call<SessionRow>('sessions:create', { kind: 'terminal', command: '/bin/bash --norc --noprofile -i' });
    const remote = await call<SessionRow>('sessions:create', { kind: 'terminal', host: 'box', command: '/bin/bash --norc --noprofile -i' });
    expect(local.host).toBeUndefined();
    expect(remote.host).toBe('box');
    const list = await call<SessionListRow[]>('sessions:list', {});
    expect(list.find((r) => r.id === local.id)?.host).toBeUndefined();
    expect(list.find((r) => r.id === remote.id)?.host).toBe('box');
    // Pages of one row walk the same swarm.
    const paged: string[] = [];
    for (let after: SessionListRow | undefined, i = 0; i < 10; i += 1) {
      const page = await call<SessionListRow[]>('sessions:list', { limit: 1, ...(after && { after: { pinned: after.pinned, updatedAt: after.updatedAt, id: after.id } }) });
      if (page.length === 0) break;
      paged.push(...page.map((r) => r.id));
      after = page[0];
    }
    expect(paged).toEqual(list.map((r) => r.id));
    // The remote row's push came through, tagged.
    expect(pushes.some((p) => p.event === 'session:changed' && p.payload.id === remote.id && p.payload.host === 'box')).toBe(true);

    await call('terminal:open', { id: remote.id, cols: 80, rows: 24 });
    await call('terminal:input', { id: remote.id, data: 'echo "far-$((6*7))-$PPID"\r' });
    await until(() => /far-42-\d+/.test(output(remote.id)), { timeoutMs: 15_000, message: 'the remote terminal output through the federation' });
    // It ran under the remote host (its data folder is box's), not this one.
    const got = await call<SessionRow>('sessions:get', { id: remote.id });
    expect(got.host).toBe('box');
    const remoteDb = join(sshd.remoteHome, 'data');
    expect(existsSync(remoteDb)).toBe(true);
  }, 60_000);

  it('a chat on box answers from the model stand-in box reaches; search finds it; folders are checked on box', async () => {
    const chat = await call<SessionRow>('sessions:create', { kind: 'chat', host: 'box', folder: sshd.remoteHome });
    expect(chat.host).toBe('box');
    const before = model.requests.length;
    await call('sessions:send', { id: chat.id, text: 'Which zebrafish live on box?' });
    await until(() => pushes.some((p) => p.event === 'entry:added' && p.payload.sessionId === chat.id && p.payload.kind === 'assistant'), {
      timeoutMs: 30_000,
      message: 'the remote chat to answer',
    });
    expect(model.requests.length).toBeGreaterThan(before);
    const answer = pushes.find((p) => p.event === 'entry:added' && p.payload.sessionId === chat.id && p.payload.kind === 'assistant');
    expect(answer?.payload.text).toContain('Answered on box.');
    const page = await call<{ entries: Array<{ kind: string; text: string }> }>('entries:page', { id: chat.id });
    expect(page.entries.map((e) => e.kind)).toEqual(expect.arrayContaining(['user', 'assistant']));

    const found = await call<{ ids: string[] }>('sessions:search', { query: 'zebrafish' });
    expect(found.ids).toContain(chat.id);

    const check = await call<{ folder: string | null; problem: string | null }>('sessions:checkFolder', { folder: join(sshd.remoteHome, 'data'), host: 'box' });
    expect(check).toMatchObject({ folder: join(sshd.remoteHome, 'data'), problem: null });
    const missing = await call<{ problem: string | null }>('sessions:checkFolder', { folder: join(sshd.remoteHome, 'nowhere'), host: 'box' });
    expect(missing.problem).toBe('missing');
    const suggested = await call<{ folders: string[] }>('sessions:folderSuggestions', { folder: join(sshd.remoteHome, 'da'), host: 'box' });
    expect(suggested.folders).toEqual([join(sshd.remoteHome, 'data')]);
  }, 60_000);

  it('a dropped connection: box says reconnecting, its terminal keeps writing, then connected again and terminal:open shows what was written meanwhile', async () => {
    const row = await call<SessionRow>('sessions:create', { kind: 'terminal', host: 'box', command: '/bin/bash --norc --noprofile -i' });
    await call('terminal:open', { id: row.id, cols: 80, rows: 24 });
    const log = join(mkdtempSync(join(tmpdir(), 'swarmdesk-fed-tick-')), 'ticks.log');
    scratch.push(join(log, '..'));
    await call('terminal:input', { id: row.id, data: `i=0; while [ ! -e ${log}.stop ] && [ $i -lt 900 ]; do i=$((i+1)); echo "tick-$i" | tee -a ${log}; sleep 0.1; done\r` });
    const ticks = (): number => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0);
    try {
      await until(() => ticks() >= 3, { timeoutMs: 15_000, message: 'the writer to start' });
      pushes = pushes.filter((p) => p.event !== 'hosts:changed');
      expect(sshd.dropConnections().length).toBeGreaterThan(0);
      await until(() => hostState() === 'reconnecting', { timeoutMs: 15_000, message: 'hosts:changed to reconnecting' });
      expect(await front.handle('terminal:input', { id: row.id, data: 'x' }, ctx)).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE', message: 'Reconnecting to box…' } });
      // The row stays in the swarm while box is away.
      expect((await call<SessionListRow[]>('sessions:list', {})).some((r) => r.id === row.id)).toBe(true);
      const atDrop = ticks();
      await until(() => hostState() === 'connected', { timeoutMs: 30_000, message: 'box back by itself' });
      expect(ticks()).toBeGreaterThan(atDrop);
      const whileAway = ticks();
      const screen = await call<{ running: boolean; scrollback: string }>('terminal:open', { id: row.id, cols: 80, rows: 24 });
      expect(screen.running).toBe(true);
      expect(screen.scrollback).toContain(`tick-${whileAway}`);
    } finally {
      writeFileSync(`${log}.stop`, ''); // the writer ends by its own condition
    }
    await call('terminal:input', { id: row.id, data: 'echo "loop-$((1+1))-over"\r' });
    await until(() => output(row.id).includes('loop-2-over'), { timeoutMs: 15_000, message: 'live output after the reconnect' });
  }, 90_000);

  it('a restart of the local host reconnects box by itself, and its rows are back in the list', async () => {
    const remoteIds = (await call<SessionListRow[]>('sessions:list', {})).filter((r) => r.host === 'box').map((r) => r.id);
    expect(remoteIds.length).toBeGreaterThanOrEqual(3);
    front.close();
    await stopHost(dataDir, { ...me, kind: 'cli' }, 15_000);
    await until(() => !alive(localPid), { timeoutMs: 15_000, message: 'the local host to stop' });
    await startLocalHost();
    await until(() => hostState() === 'connected', { timeoutMs: 60_000, message: 'box reconnected after the restart' });
    await until(
      async () => {
        const ids = new Set((await call<SessionListRow[]>('sessions:list', {})).filter((r) => r.host === 'box').map((r) => r.id));
        return remoteIds.every((id) => ids.has(id));
      },
      { timeoutMs: 15_000, message: "box's rows back in the list" },
    );
  }, 120_000);

  it('removing box takes its rows out of the swarm; box still has them', async () => {
    const remoteIds = (await call<SessionListRow[]>('sessions:list', {})).filter((r) => r.host === 'box').map((r) => r.id);
    const removedBefore = pushes.filter((p) => p.event === 'session:removed').length;
    const view = await call<HostsView>('hosts:remove', { name: 'box' });
    expect(view.hosts).toEqual([]);
    expect((await call<SessionListRow[]>('sessions:list', {})).filter((r) => r.host === 'box')).toEqual([]);
    expect(pushes.filter((p) => p.event === 'session:removed').length - removedBefore).toBe(remoteIds.length);
    expect(JSON.parse(readFileSync(join(dataDir, 'hosts.json'), 'utf8'))).toMatchObject({ hosts: [] });
    // On box, nothing was deleted.
    const direct = await connectRemoteHost({ destination: 'box', ssh, bundle: hostBundle(repoRoot), me, abilities: null });
    try {
      const there = await direct.connection.handle('sessions:list', {}, ctx);
      expect(there.ok && (there.value as SessionListRow[]).map((r) => r.id)).toEqual(expect.arrayContaining(remoteIds));
    } finally {
      direct.close();
    }
  }, 60_000);
});
