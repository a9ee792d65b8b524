import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { HostsView } from '../../src/shared/ipc/hosts';
import type { Result } from '../../src/shared/result';
import { isProcessAlive as alive } from '../../src/main/core';
import { connectToRunningHost, startHostDetached } from '../../src/main/transport/socket/attach';
import type { FrontIdentity, HostConnection } from '../../src/main/transport/socket/hostClient';
import { stopHost } from '../../src/main/transport/socket/hostControl';
import { contractFingerprint, settingsEnvDigest } from '../../src/main/transport/socket/hostFiles';
import { hostBundle } from '../../src/main/transport/ssh/hostBundle';
import type { SshOptions } from '../../src/main/transport/ssh/sshArgs';
import { stopRemoteHost } from '../../src/main/transport/ssh/sshHostConnection';
import { startModelServer, type ModelServer, type ReplyPolicy } from './model-server';
import { endSshMasters, ensureHostBuilt, REMOTE_TEST_ENV, TestSshd } from './sshd';
import { until } from './until';

const repoRoot = resolve(__dirname, '../..');
const ctx = { transport: 'web' as const };

export interface Push {
  readonly event: string;
  readonly payload: Record<string, unknown>;
}

/**
 * A swarm of two machines, every part real (issue 17): a local session host (`src/main/host.ts`, a detached
 * process with its own data folder), Debian's sshd on 127.0.0.1, the system ssh, and the remote host `box`
 * installed and started through it (the built host of out/, its own data folder under `sshd.remoteHome`),
 * added with `hosts:add` and connected. The test is a front of the local host only; `box`'s chat talks to
 * the model stand-in (this machine's host has no key at all).
 */
export interface SwarmWithBox {
  readonly sshd: TestSshd;
  readonly model: ModelServer;
  readonly front: HostConnection;
  /** Every push the front got, in order. */
  readonly pushes: Push[];
  /** A channel through the local host; throws with the error's code and message when refused. */
  call<T = Record<string, unknown>>(channel: string, input: unknown): Promise<T>;
  /** A channel through the local host, its result as is. */
  handle(channel: string, input: unknown): Promise<Result<unknown>>;
  /** Stops the local host, box's host (through a control link), the ssh masters, sshd and the stand-in; removes the temp folders. */
  stop(): Promise<void>;
}

export async function startSwarmWithBox(policy: ReplyPolicy): Promise<SwarmWithBox> {
  await ensureHostBuilt(repoRoot);
  const model = await startModelServer({ policy });
  const sshd = new TestSshd({ setEnv: REMOTE_TEST_ENV, serverSetEnv: { ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'test-remote-key' } });
  const dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-box-local-'));
  const runtimeDir = mkdtempSync(join(tmpdir(), 'swarmdesk-box-run-'));
  const env: NodeJS.ProcessEnv = { ...process.env, ...REMOTE_TEST_ENV, SWARMDESK_SSH_CONFIG: sshd.clientConfig, XDG_RUNTIME_DIR: runtimeDir };
  delete env.ANTHROPIC_API_KEY;
  delete env.ANTHROPIC_BASE_URL;
  const me: FrontIdentity = { kind: 'web', version: '0.1.0', protocol: contractFingerprint(), url: null, env: settingsEnvDigest(env) };
  // The local host's ssh multiplexing folder (under its XDG_RUNTIME_DIR): ended with the swarm.
  const ssh: SshOptions = { configFile: sshd.clientConfig, controlDir: join(runtimeDir, `swarmdesk-ssh-${process.getuid?.() ?? 0}`) };
  let localPid = 0;
  let front: HostConnection | null = null;
  const pushes: Push[] = [];

  const stop = async (): Promise<void> => {
    if (front) await stopHost(dataDir, { ...me, kind: 'cli' }, 15_000).catch(() => undefined);
    if (localPid > 0) await until(() => !alive(localPid), { timeoutMs: 15_000, message: 'the local host to stop' }).catch(() => undefined);
    const remotePid = readPid(join(sshd.remoteHome, 'data', 'host.json'));
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
    endSshMasters(ssh, ['box']);
    await sshd.stop();
    await model.close();
    for (const dir of [dataDir, runtimeDir]) rmSync(dir, { recursive: true, force: true });
  };

  try {
    await sshd.start();
    const started = await startHostDetached(dataDir, { command: process.execPath, args: ['--import', 'tsx', 'src/main/host.ts'], env });
    if ('error' in started) throw new Error(started.error);
    localPid = started.pid;
    front = await connectToRunningHost({ dataDir, me, abilities: null });
    if (front === null) throw new Error('the local host did not take a front');
    front.subscribe((event, payload) => pushes.push({ event, payload: payload as Record<string, unknown> }));
    const connected = front;
    const handle = (channel: string, input: unknown): Promise<Result<unknown>> => connected.handle(channel, input, ctx);
    const call = async <T>(channel: string, input: unknown): Promise<T> => {
      const result = await handle(channel, input);
      if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
      return result.value as T;
    };
    await call('hosts:add', { destination: 'box' });
    const boxState = (): string | undefined =>
      (pushes.filter((p) => p.event === 'hosts:changed').at(-1)?.payload as HostsView | undefined)?.hosts.find((h) => h.name === 'box')?.state;
    await until(() => boxState() === 'connected', { timeoutMs: 120_000, message: 'box to connect' });
    return { sshd, model, front: connected, pushes, call, handle, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

function readPid(card: string): number | null {
  try {
    return (JSON.parse(readFileSync(card, 'utf8')) as { pid: number }).pid;
  } catch {
    return null;
  }
}
