import { mkdirSync, mkdtempSync, readdirSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive as alive, setLogSink } from '../../src/main/core';
import type { FrontIdentity } from '../../src/main/transport/socket/hostClient';
import { contractFingerprint, settingsEnvDigest } from '../../src/main/transport/socket/hostFiles';
import { hostBundle } from '../../src/main/transport/ssh/hostBundle';
import { sshOptionsFromEnv } from '../../src/main/transport/ssh/sshArgs';
import { RemoteHostError } from '../../src/main/transport/ssh/sshErrors';
import { connectRemoteHost, stopRemoteHost } from '../../src/main/transport/ssh/sshHostConnection';
import { runSsh } from '../../src/main/transport/ssh/sshRun';
import { endSshMasters, ensureHostBuilt, REMOTE_TEST_ENV as REMOTE_ENV, testSshOptions, TestSshd } from '../support/sshd';
import { until } from '../support/until';

/*
 * What a remote host over SSH refuses (issue 17), each against a real sshd on 127.0.0.1
 * (test/support/sshd.ts) and the system ssh: OpenSSH's own words for a changed or unknown host key,
 * a refused login and a server that is not there; a platform Swarmdesk cannot serve; a running remote
 * host of another contract. The happy paths are in remote-ssh.test.ts.
 */
setLogSink(() => {});

const repoRoot = resolve(__dirname, '../..');
const me: FrontIdentity = { kind: 'web', version: '0.1.0', protocol: contractFingerprint(), url: null, env: settingsEnvDigest({}) };

describe('what ssh and the remote refuse', () => {
  beforeAll(() => ensureHostBuilt(repoRoot), 300_000);

  it('a host key that changed is refused with OpenSSH\'s own words and what to do', async () => {
    const sshd = new TestSshd({ setEnv: REMOTE_ENV });
    await sshd.start();
    const ssh = testSshOptions(sshd);
    try {
      // First contact records the key (accept-new); then the master is ended so the next run checks the key again.
      expect((await runSsh('box', 'true', ssh, { timeoutMs: 20_000 })).code).toBe(0);
      endSshMasters(ssh);
      mkdirSync(ssh.controlDir, { recursive: true, mode: 0o700 });
      await sshd.regenerateHostKey();
      const error = await connectRemoteHost({ destination: 'box', ssh, bundle: hostBundle(repoRoot), me, abilities: null }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(RemoteHostError);
      const e = error as RemoteHostError;
      expect(e.code).toBe('HOST_KEY_CHANGED');
      expect(e.sshSays).toContain('REMOTE HOST IDENTIFICATION HAS CHANGED');
      expect(e.sshSays).toContain('Host key verification failed.');
      expect(e.advice).toMatch(/not the one you trusted/);
      expect(readdirSync(sshd.remoteHome)).toEqual([]); // nothing was installed or started there
    } finally {
      endSshMasters(ssh);
      await sshd.stop();
    }
  }, 60_000);

  it('a refused login, an unknown host key and a server that is not there come back as OpenSSH says them, with what to do', async () => {
    const sshd = new TestSshd({ setEnv: REMOTE_ENV, aliases: { stranger: { unauthorizedKey: true }, newbox: { strangeHostKey: true } } });
    await sshd.start();
    const ssh = testSshOptions(sshd);
    const failure = (destination: string): Promise<unknown> =>
      connectRemoteHost({ destination, ssh, bundle: hostBundle(repoRoot), me, abilities: null }).then(
        () => null,
        (err: unknown) => err,
      );
    try {
      const refused = (await failure('stranger')) as RemoteHostError;
      expect(refused).toBeInstanceOf(RemoteHostError);
      expect(refused.code).toBe('AUTH_REFUSED');
      expect(refused.sshSays).toMatch(/Permission denied \(publickey\)/);
      expect(refused.advice).toContain('ssh stranger');

      const unknown = (await failure('newbox')) as RemoteHostError;
      expect(unknown.code).toBe('HOST_KEY_UNKNOWN');
      expect(unknown.sshSays).toMatch(/No ED25519 host key is known for \[127\.0\.0\.1\]:\d+ and you have requested strict checking\.\nHost key verification failed\./);
      expect(unknown.advice).toBe('Swarmdesk does not accept a new host key for you: run "ssh newbox" once in a terminal, check the fingerprint and accept it.');

      await sshd.stop({ keepFiles: true }); // nothing listens on its port now
      const gone = (await failure('box')) as RemoteHostError;
      expect(gone).toBeInstanceOf(RemoteHostError);
      expect(gone.code).toBe('CONNECTION_REFUSED');
      expect(gone.sshSays).toMatch(/connect to host 127\.0\.0\.1 port \d+: Connection refused/);
      expect(readdirSync(sshd.remoteHome)).toEqual([]);
    } finally {
      endSshMasters(ssh);
      await sshd.stop();
    }
  }, 60_000);

  it('a remote host built from another contract is refused with both versions, keeps running, and is restarted only when asked', async () => {
    // `oldbox` starts its host with another contract fingerprint (the test hook the local host tests use,
    // SWARMDESK_TEST_HOST_PROTOCOL, carried by SetEnv): as if an older Swarmdesk had started it.
    const sshd = new TestSshd({ setEnv: REMOTE_ENV, aliases: { oldbox: { setEnv: { SWARMDESK_TEST_HOST_PROTOCOL: 'an-older-contract' } } } });
    await sshd.start();
    const ssh = testSshOptions(sshd);
    const bundle = hostBundle(repoRoot);
    let pids: number[] = [];
    try {
      const refused = await connectRemoteHost({ destination: 'oldbox', ssh, bundle, me, abilities: null }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(RemoteHostError);
      expect((refused as RemoteHostError).code).toBe('HOST_VERSION');
      expect((refused as RemoteHostError).message).toContain(`contract an-older-contract`);
      expect((refused as RemoteHostError).message).toContain(`contract ${me.protocol}`);
      const card = JSON.parse(readFileSync(join(sshd.remoteHome, 'data', 'host.json'), 'utf8')) as { pid: number; protocol: string };
      pids.push(card.pid);
      expect(card.protocol).toBe('an-older-contract');
      expect(alive(card.pid)).toBe(true); // refused, not stopped

      // Asked to: stopped through a control connection over the bridge, then a host of this contract starts.
      expect(await stopRemoteHost({ destination: 'box', ssh, bundle, me, abilities: null }, 'restart with the newer version')).toEqual({ pid: card.pid });
      await until(() => !alive(card.pid), { timeoutMs: 15_000, message: 'the older remote host to exit' });
      const fresh = await connectRemoteHost({ destination: 'box', ssh, bundle, me, abilities: null });
      pids.push(fresh.hostPid);
      expect([fresh.installed, fresh.hostStarted, fresh.connection.welcome.protocol]).toEqual([false, true, me.protocol]);
      expect(fresh.hostPid).not.toBe(card.pid);
      await stopRemoteHost({ destination: 'box', ssh, bundle, me, abilities: null }, 'test over');
      fresh.close();
    } finally {
      const last = existsSync(join(sshd.remoteHome, 'data', 'host.json')) ? (JSON.parse(readFileSync(join(sshd.remoteHome, 'data', 'host.json'), 'utf8')) as { pid: number }).pid : null;
      if (last !== null) pids.push(last);
      for (const pid of pids) {
        try {
          process.kill(-pid, 'SIGKILL'); // only if a stop above failed
        } catch {
          // stopped, as it should be
        }
      }
      pids = [];
      endSshMasters(ssh, ['box', 'oldbox']);
      await sshd.stop();
    }
  }, 120_000);

  it('a remote host of this contract at an older status level is attached to at its level (issue 31), not refused', async () => {
    // `levelbox` starts its host with this contract's level-1 fingerprint, as the build before "exited" would.
    const older = contractFingerprint(1);
    const sshd = new TestSshd({ setEnv: REMOTE_ENV, aliases: { levelbox: { setEnv: { SWARMDESK_TEST_HOST_PROTOCOL: older } } } });
    await sshd.start();
    const ssh = testSshOptions(sshd);
    const bundle = hostBundle(repoRoot);
    const pids: number[] = [];
    try {
      const refused = await connectRemoteHost({ destination: 'levelbox', ssh, bundle, me, abilities: null }).then(
        () => null,
        (err: unknown) => err,
      );
      expect((refused as RemoteHostError).code).toBe('HOST_VERSION');
      const attached = await connectRemoteHost({ destination: 'levelbox', ssh, bundle, me: { ...me, olderProtocols: [older] }, abilities: null });
      pids.push(attached.hostPid);
      expect(attached.connection.welcome.protocol).toBe(older);
      expect((await attached.connection.handle('sessions:list', {}, { transport: 'web' })).ok).toBe(true);
      attached.close();
      await stopRemoteHost({ destination: 'levelbox', ssh, bundle, me, abilities: null }, 'test over');
    } finally {
      const card = join(sshd.remoteHome, 'data', 'host.json');
      if (existsSync(card)) pids.push((JSON.parse(readFileSync(card, 'utf8')) as { pid: number }).pid);
      for (const pid of pids) {
        try {
          process.kill(-pid, 'SIGKILL'); // only if the stop above failed
        } catch {
          // stopped, as it should be
        }
      }
      endSshMasters(ssh, ['levelbox']);
      await sshd.stop();
    }
  }, 120_000);

  it('a remote with no suitable Node on a platform Swarmdesk cannot serve gets a plain message', async () => {
    // The remote is faked honestly at its edge: its sshd sets a PATH (server-side SetEnv) whose first folder
    // holds a `uname` that says FreeBSD amd64 and a `node` that says v18; nothing in Swarmdesk knows it is a test.
    const fakeBin = mkdtempSync(join(tmpdir(), 'swarmdesk-fake-freebsd-'));
    writeFileSync(join(fakeBin, 'uname'), '#!/bin/sh\ncase "$1" in -s) echo FreeBSD ;; -m) echo amd64 ;; *) echo FreeBSD ;; esac\n', { mode: 0o755 });
    writeFileSync(join(fakeBin, 'node'), '#!/bin/sh\necho v18.20.4\n', { mode: 0o755 });
    const sshd = new TestSshd({ setEnv: REMOTE_ENV, serverSetEnv: { PATH: `${fakeBin}:/usr/bin:/bin` } });
    await sshd.start();
    // As a user sets it up: SWARMDESK_SSH_CONFIG names the config (ssh -F), the control folder is the default one.
    const runtime = mkdtempSync(join(tmpdir(), 'swarmdesk-runtime-'));
    const ssh = sshOptionsFromEnv({ SWARMDESK_SSH_CONFIG: sshd.clientConfig, XDG_RUNTIME_DIR: runtime });
    expect(ssh.configFile).toBe(sshd.clientConfig);
    expect(ssh.controlDir.startsWith(runtime)).toBe(true);
    try {
      const error = await connectRemoteHost({ destination: 'box', ssh, bundle: hostBundle(repoRoot), me, abilities: null }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(RemoteHostError);
      expect((error as RemoteHostError).code).toBe('PLATFORM');
      expect((error as RemoteHostError).message).toBe('box runs FreeBSD amd64; Swarmdesk can install its host only on Linux x64 today.');
      expect(readdirSync(sshd.remoteHome)).toEqual([]);
    } finally {
      endSshMasters(ssh);
      await sshd.stop();
      rmSync(fakeBin, { recursive: true, force: true });
      rmSync(runtime, { recursive: true, force: true });
    }
  }, 60_000);
});
