import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { Duplex } from 'node:stream';
import type { FrontAbility } from '../socket/frames';
import { HostConnection, HostRefusedError, type AbilityHandler, type FrontIdentity } from '../socket/hostClient';
import type { BridgeLine } from './bridge';
import { localNodeForLinuxX64, type HostBundle } from './hostBundle';
import { installHost } from './remoteInstall';
import { isServablePlatform, probeRemote, remoteNodeOf, type RemoteProbe } from './remoteProbe';
import { remoteSh, shQuote, sshArgs, type SshOptions } from './sshArgs';
import { RemoteHostError, sshFailure } from './sshErrors';

/** From ssh's start to the bridge's line: the connection, and a host started on the remote if need be. */
const BRIDGE_TIMEOUT_MS = 60_000;
/** A login script may print before the bridge: this much is skipped at most. */
const MAX_PREAMBLE_CHARS = 64 * 1024;

export interface RemoteHostOptions {
  /** As the user typed it: `user@box` or a Host alias. */
  readonly destination: string;
  readonly ssh: SshOptions;
  readonly bundle: HostBundle;
  readonly me: FrontIdentity;
  readonly abilities: { has: FrontAbility[]; handle: AbilityHandler } | null;
  /** A Node binary to bring to a Linux x64 remote without a suitable one (default: localNodeForLinuxX64()). */
  readonly localNode?: string | null;
}

export interface RemoteHost {
  readonly connection: HostConnection;
  readonly destination: string;
  readonly probe: RemoteProbe;
  /** `<remote home>/<install id>`, the host's folder on the remote. */
  readonly installDir: string;
  /** The remote host's data folder, `<remote home>/data`. */
  readonly dataDir: string;
  /** This call installed the host there (it was missing or of another version). */
  readonly installed: boolean;
  /** The remote host's pid (on the remote) and whether the bridge started it. */
  readonly hostPid: number;
  readonly hostStarted: boolean;
  /** Settles when ssh has exited (after `leave`, `close`, or a dropped connection). */
  readonly ended: Promise<void>;
  /** Ends this link (ssh and its channel); the remote host and its agents stay. */
  close(): void;
}

/**
 * Reaches the session host on another machine (issue 17): probes it, installs
 * the host bundle when missing or of another version, runs the bridge there
 * through the system ssh, and speaks the host socket's own frames over the
 * SSH channel's stdio. Throws RemoteHostError (OpenSSH's words and what to
 * do; a platform it cannot serve; an install that failed) or what
 * HostConnection.over throws (a refusal by the host).
 */
export async function connectRemoteHost(opts: RemoteHostOptions): Promise<RemoteHost> {
  const { destination, bundle, ssh } = opts;
  const probe = await probeRemote(destination, bundle.installId, ssh);
  const installDir = `${probe.home}/${bundle.installId}`;
  let node = remoteNodeOf(probe, installDir);
  let installed = false;
  if (!probe.installed || node === null) {
    if (!isServablePlatform(probe)) {
      throw new RemoteHostError('PLATFORM', destination, '', `${destination} runs ${probe.os} ${probe.arch}; Swarmdesk can install its host only on Linux x64 today.`);
    }
    const bring = node === null ? (opts.localNode === undefined ? localNodeForLinuxX64() : opts.localNode) : null;
    if (node === null && bring === null) {
      throw new RemoteHostError('PLATFORM', destination, '', `${destination} has no Node 22.12 or newer (${probe.systemNode ?? 'none'}) and Swarmdesk has no Node 24 for Linux x64 here to bring; install Node 22.12+ on ${destination}.`);
    }
    // Installed, but its Node is gone (it used the remote's own, now missing or too old): replaced with one that brings Node.
    await installHost(destination, probe.home, bundle, bring, ssh, probe.installed);
    installed = true;
    node = bring !== null ? `${installDir}/node/bin/node` : 'node';
  }
  const dataDir = `${probe.home}/data`;
  const command = remoteSh(`exec ${node === 'node' ? 'node' : shQuote(node)} ${shQuote(`${installDir}/out/main/host-bridge.js`)} --data-dir ${shQuote(dataDir)}`);
  const child = spawn(ssh.ssh ?? 'ssh', sshArgs(destination, command, ssh), { stdio: ['pipe', 'pipe', 'pipe'] });
  const line = await readBridgeLine(destination, child);
  if (line.t === 'bridgeError') {
    child.kill();
    throw new RemoteHostError('BRIDGE', destination, '', `Swarmdesk's host on ${destination} could not start: ${line.message}`);
  }
  const channel = Duplex.from({ readable: child.stdout, writable: child.stdin });
  const ended = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  void ended.then(() => channel.destroy());
  let connection: HostConnection;
  try {
    connection = await HostConnection.over(channel, line.secret, opts.me, opts.abilities);
  } catch (err) {
    child.kill();
    if (err instanceof HostRefusedError && err.code === 'VERSION_MISMATCH') {
      // An older build of this contract (it differs only in the status words): attached again at its level.
      if (opts.me.olderProtocols?.includes(err.hostProtocol)) return connectRemoteHost({ ...opts, me: { ...opts.me, protocol: err.hostProtocol, olderProtocols: [] } });
      throw new RemoteHostError(
        'HOST_VERSION',
        destination,
        '',
        `${destination} runs Swarmdesk's host ${err.hostVersion} (contract ${err.hostProtocol}, pid ${err.hostPid}); this is ${opts.me.version} (contract ${opts.me.protocol}). Its agents keep running; restart that host with this version to connect.`,
      );
    }
    throw err;
  }
  return {
    connection,
    destination,
    probe,
    installDir,
    dataDir,
    installed,
    hostPid: line.pid,
    hostStarted: line.started,
    ended,
    close: () => {
      connection.close();
      child.kill();
    },
  };
}

/**
 * Waits for the bridge's first line on ssh's stdout (skipping what a login
 * script printed before it) and puts back what followed it. ssh ending first
 * is its own failure, in its words.
 */
function readBridgeLine(destination: string, child: ChildProcessWithoutNullStreams): Promise<BridgeLine> {
  return new Promise((resolve, reject) => {
    let text = '';
    let stderr = '';
    let settled = false;
    const onStderr = (c: Buffer): void => {
      stderr = (stderr + c.toString('utf8')).slice(-20_000);
    };
    const settle = (outcome: BridgeLine | Error, rest?: Buffer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
      if (outcome instanceof Error) {
        child.kill();
        return reject(outcome);
      }
      child.stdout.pause();
      if (rest && rest.length > 0) child.stdout.unshift(rest);
      resolve(outcome);
    };
    const onData = (chunk: Buffer): void => {
      const before = text.length;
      text += chunk.toString('latin1'); // one char per byte: the offset below is a byte offset
      for (let from = 0, nl = text.indexOf('\n'); nl >= 0; from = nl + 1, nl = text.indexOf('\n', from)) {
        const candidate = text.slice(from, nl);
        if (!candidate.startsWith('{"t":"bridge')) continue;
        try {
          const parsed = JSON.parse(Buffer.from(candidate, 'latin1').toString('utf8')) as BridgeLine;
          return settle(parsed, chunk.subarray(nl + 1 - before));
        } catch {
          return settle(new RemoteHostError('BRIDGE', destination, '', `${destination} sent a bridge line Swarmdesk cannot read.`));
        }
      }
      if (text.length > MAX_PREAMBLE_CHARS) settle(new RemoteHostError('BRIDGE', destination, '', `${destination} printed too much before Swarmdesk's bridge answered (a login script?).`));
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
      // Give stderr's last lines a moment to arrive: they are OpenSSH's words.
      setTimeout(() => settle(sshFailure(destination, stderr, code ?? signal)), 50);
    };
    const onError = (err: Error): void =>
      settle(new RemoteHostError('SSH_FAILED', destination, err.message, 'Swarmdesk runs the system OpenSSH client (ssh): install it, or put it on PATH.'));
    const timer = setTimeout(() => settle(new RemoteHostError('UNREACHABLE', destination, stderr.trim(), `${destination}'s host did not answer within ${BRIDGE_TIMEOUT_MS / 1000} s.`)), BRIDGE_TIMEOUT_MS);
    child.stderr.on('data', onStderr);
    child.stdout.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
    child.stdin.on('error', () => undefined);
  });
}

/** How long a remote host may take to stop its agents and itself (as `--stop` allows locally). */
const REMOTE_STOP_TIMEOUT_MS = 20_000;

/**
 * Stops the remote's running host, whatever contract it was built from: a
 * control connection through the bridge (status and stop only, accepted
 * across versions), then `stop`; resolves once that host has closed the link.
 * How a newer front restarts an older remote host, after asking the user.
 */
export async function stopRemoteHost(opts: RemoteHostOptions, reason: string): Promise<{ pid: number }> {
  const remote = await connectRemoteHost({ ...opts, me: { ...opts.me, kind: 'cli', control: true }, abilities: null });
  const pid = remote.connection.welcome.pid;
  remote.connection.stop(reason);
  const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), REMOTE_STOP_TIMEOUT_MS).unref());
  const outcome = await Promise.race([remote.ended.then(() => 'ended' as const), timer]);
  remote.close();
  if (outcome === 'late') throw new RemoteHostError('BRIDGE', opts.destination, '', `Swarmdesk's host on ${opts.destination} (pid ${pid}) did not stop within ${REMOTE_STOP_TIMEOUT_MS / 1000} s.`);
  return { pid };
}
