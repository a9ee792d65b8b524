import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../src/main/core/logger';
import type { HostsView } from '../../src/shared/ipc/hosts';
import { connectToRunningHost } from '../../src/main/transport/socket/attach';
import type { FrontIdentity, HostConnection } from '../../src/main/transport/socket/hostClient';
import { stopHost } from '../../src/main/transport/socket/hostControl';
import { contractFingerprint, settingsEnvDigest } from '../../src/main/transport/socket/hostFiles';
import { REAL_HOST, startRealHost } from '../support/realHost';
import { until } from '../support/until';

/*
 * A hosts.json that does not read does not stop the session host (a real detached host process on a
 * real data folder): it starts with no remote hosts, the file is kept aside, host.log says so, and
 * `hosts:list` reports it until a change saves a fresh list.
 */
setLogSink(() => {});

const me: FrontIdentity = { kind: 'web', version: '0.1.0', protocol: contractFingerprint(), url: null, env: settingsEnvDigest(REAL_HOST.env) };
const ctx = { transport: 'web' as const };
const dirs: string[] = [];
const pids: number[] = [];

afterEach(async () => {
  for (const dir of dirs.splice(0)) {
    await stopHost(dir, { ...me, kind: 'cli' }, 5_000);
    rmSync(dir, { recursive: true, force: true });
  }
  for (const pid of pids.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // stopped, as it should be
    }
  }
});

async function startAndConnect(dataDir: string): Promise<HostConnection> {
  await startRealHost(dataDir, pids);
  const front = await connectToRunningHost({ dataDir, me, abilities: null });
  if (front === null) throw new Error('the host did not take a front');
  return front;
}

async function call<T>(front: HostConnection, channel: string, input: unknown): Promise<T> {
  const reply = await front.handle(channel, input, ctx);
  if (!reply.ok) throw new Error(`${channel}: ${reply.error.code} ${reply.error.message}`);
  return reply.value as T;
}

describe('a corrupt hosts.json (real session host, real data folder)', () => {
  it('the host starts with no remote hosts, keeps the file aside, logs it and reports it until a fresh list is saved', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-hostsfile-'));
    dirs.push(dataDir);
    const corrupt = '{"version":1,"hosts":[{"name":"box"},'; // cut off mid-write
    writeFileSync(join(dataDir, 'hosts.json'), corrupt, { mode: 0o600 });

    const front = await startAndConnect(dataDir);
    const pushes: HostsView[] = [];
    front.subscribe((event, payload) => {
      if (event === 'hosts:changed') pushes.push(payload as HostsView);
    });
    const view = await call<HostsView>(front, 'hosts:list', {});
    expect(view.hosts).toEqual([]);
    expect(view.fileProblem).toMatchObject({ file: join(dataDir, 'hosts.json'), reason: expect.stringMatching(/^not JSON \(/) });
    const keptAs = view.fileProblem!.keptAs!;
    expect(keptAs.startsWith(join(dataDir, 'hosts.json.bad-'))).toBe(true);
    expect(readFileSync(keptAs, 'utf8')).toBe(corrupt);
    expect(existsSync(join(dataDir, 'hosts.json'))).toBe(false);
    // The rest of the host works.
    expect(await call<unknown[]>(front, 'sessions:list', {})).toEqual([]);
    await until(() => readFileSync(join(dataDir, 'host.log'), 'utf8').includes('hosts.json did not read'), { message: 'the host log to say it' });
    expect(readFileSync(join(dataDir, 'host.log'), 'utf8')).toContain(keptAs);

    // A change saves a fresh list (no ssh needed for this one); the old file stays kept.
    const after = await call<HostsView>(front, 'hosts:setSshConfig', { path: '/etc/ssh/other_config' });
    expect(after).not.toHaveProperty('fileProblem');
    await until(() => pushes.length > 0, { message: 'the hosts:changed push' });
    expect(pushes.at(-1)).not.toHaveProperty('fileProblem');
    expect(JSON.parse(readFileSync(join(dataDir, 'hosts.json'), 'utf8'))).toEqual({ version: 1, hosts: [], sshConfig: '/etc/ssh/other_config' });
    expect(readFileSync(keptAs, 'utf8')).toBe(corrupt);
    expect(readdirSync(dataDir).filter((f) => f.startsWith('hosts.json.bad-'))).toHaveLength(1);
    front.close();
  }, 60_000);
});
