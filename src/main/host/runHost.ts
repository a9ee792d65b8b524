import { closeSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { acquireDataDirLock, createCore, createLogger, ensurePrivateDataDir, setLogSink, type DataDirLock, type SecretBox, type SwarmCore } from '../core';
import { startHostServer, type HostServer } from '../transport/socket/hostServer';
import { contractFingerprint, olderContractFingerprints, HOST_LOG_FILE, hostSocketPath, newHostSecret, removeHostInfo, settingsEnvDigest, stoppedSince, writeHostInfo, writeHostStopped } from '../transport/socket/hostFiles';
import { createHostFederation, type Federation } from './federation';
import { RotatingLog } from './rotatingLog';

const log = createLogger('host');

/** A stop that takes longer than this is cut short (exit 1). */
const STOP_BOUND_MS = 12_000;
/** How often the idle exit is considered. */
const IDLE_CHECK_MS = 5_000;

export interface RunHostOptions {
  readonly dataDir: string;
  readonly env: NodeJS.ProcessEnv;
  readonly version: string;
  /** better-sqlite3's binding for this runtime (the Electron binary passes its own). */
  readonly nativeBinding?: string;
  /** safeStorage where the host is the app's own binary. */
  readonly secrets?: SecretBox;
  /** A pipe the starting front reads: one JSON line, ready or the start-up error. */
  readonly reportFd?: number | null;
  /** The contract fingerprint to present (a test fakes an older host with this). */
  readonly protocol?: string;
  /**
   * Started by a front re-attaching after its host died: the `startedAt` of the
   * host it lost. If that host or a later one was stopped on purpose meanwhile,
   * this one does not start (HostStoppedMeanwhileError): the stop stands.
   */
  readonly unlessStoppedSince?: string | null;
  /** The app's folder (package.json, out/main, node_modules): the host bundle a remote host is installed from. */
  readonly appRoot: string;
}

/** A re-attaching front's host found that the folder's host was stopped on purpose meanwhile. */
export class HostStoppedMeanwhileError extends Error {
  override readonly name = 'HostStoppedMeanwhileError';
  constructor(readonly stoppedAt: string, readonly reason: string) {
    super(`The session host was stopped on purpose at ${stoppedAt} (${reason}); not starting another.`);
  }
}

export interface RunningHost {
  readonly core: SwarmCore;
  /** What the fronts are served: this machine's core and the remote hosts (federation/). */
  readonly federation: Federation;
  readonly server: HostServer;
  stop(reason: string): Promise<void>;
}

function report(fd: number | null | undefined, message: { ready: true; pid: number } | { error: string; stopped?: true }): void {
  if (fd === null || fd === undefined) return;
  try {
    writeSync(fd, `${JSON.stringify(message)}\n`);
    closeSync(fd);
  } catch {
    // the front that started us is gone: nothing to tell
  }
}

/**
 * The session host (SPEC §5.1): takes the data folder's one-writer lock, opens
 * the core, and serves it on the folder's socket to every front. It lives on
 * when fronts go; it ends on `stop` (SIGTERM, `--stop`, "Quit and Stop Agents"),
 * or by itself after the idle time with no front and no live agent.
 */
export async function runHost(opts: RunHostOptions): Promise<RunningHost> {
  // No process-wide umask: agents, terminals and git make files the user's way (the umask the host
  // was started with); the data folder's own files are given their modes where they are created.
  ensurePrivateDataDir(opts.dataDir);
  const file = new RotatingLog(join(opts.dataDir, HOST_LOG_FILE));
  setLogSink((line) => file.write(line));

  let lock: DataDirLock;
  let core: SwarmCore;
  let server: HostServer;
  let federation: Federation;
  const protocol = opts.protocol ?? contractFingerprint();
  // An older front of this contract (it differs only in the status words) is served at its level; a host
  // given another contract's fingerprint (a test standing in for another build) speaks only that one.
  const olderProtocols = opts.protocol === undefined ? olderContractFingerprints() : new Map<string, number>();
  const startedAt = new Date().toISOString();
  try {
    lock = acquireDataDirLock(opts.dataDir, 'host');
    // Under the lock, so no stop can slip in between this look and the start.
    const stoppedMeanwhile = opts.unlessStoppedSince ? stoppedSince(opts.dataDir, opts.unlessStoppedSince) : null;
    if (stoppedMeanwhile !== null) {
      lock.release();
      throw new HostStoppedMeanwhileError(stoppedMeanwhile.stoppedAt, stoppedMeanwhile.reason);
    }
    try {
      core = await createCore({
        dataDir: opts.dataDir,
        env: opts.env,
        version: opts.version,
        nativeBinding: opts.nativeBinding,
        // The host has no window: what only a window can do is asked of the front that asked (RequestContext.front).
        platform: { transport: 'web', openExternal: async () => false, ...(opts.secrets && { secrets: opts.secrets }) },
      });
    } catch (err) {
      lock.release();
      throw err;
    }
    // Before any front can attach (so before any agent can start): end what a killed host left running.
    const leftovers = await core.endLeftoverAgents().catch((err: unknown) => {
      log.error('ending leftover agents failed', { err });
      return 0;
    });
    if (leftovers > 0) log.warn('ended agents left running by a host that stopped unexpectedly', { count: leftovers });
    try {
      federation = createHostFederation({ core, dataDir: opts.dataDir, env: opts.env, version: opts.version, protocol, olderProtocols: [...olderProtocols.keys()], appRoot: opts.appRoot, log: log.child('federation') });
    } catch (err) {
      await core.close();
      lock.release();
      throw err;
    }
    const secret = newHostSecret();
    const socketPath = hostSocketPath(opts.dataDir, opts.env);
    let stopRequested: (reason: string) => void = () => undefined;
    let lastBusy = Date.now();
    server = await startHostServer({
      socketPath,
      secret,
      protocol,
      olderProtocols,
      version: opts.version,
      startedAt,
      dataDir: opts.dataDir,
      // The fronts see one swarm: this machine's core and the remote hosts' (federation/README.md).
      router: federation,
      events: federation,
      env: settingsEnvDigest(opts.env),
      liveAgents: () => core.liveAgents(),
      log: log.child('socket'),
      onStop: (reason) => stopRequested(reason),
      onClientsChanged: (count) => {
        lastBusy = Date.now();
        // With no window attached, what starts waiting is kept for the first one back (`app:missed`).
        core.setAway(count === 0);
        federation.setAway(count === 0); // and for the remote hosts' sessions
        log.info('fronts attached', { count });
      },
    });
    writeHostInfo(opts.dataDir, { pid: process.pid, version: opts.version, protocol, socket: socketPath, secret, startedAt });
    // Hosts added before reconnect by themselves (in the background: a slow remote never delays this host's start).
    federation.start();

    let stopping: Promise<void> | null = null;
    const stop = (reason: string): Promise<void> => {
      stopping ??= (async () => {
        log.info('stopping', { reason, liveAgents: core.liveAgents() });
        // First, while the lock is ours: a front that missed the 'stopping' frame (it was between attempts to
        // re-attach) reads this, and the host such a front starts refuses, rather than bring the host back.
        try {
          writeHostStopped(opts.dataDir, { pid: process.pid, startedAt, stoppedAt: new Date().toISOString(), reason });
        } catch (err) {
          log.error('could not record the stop', { err });
        }
        clearInterval(idle);
        const bound = setTimeout(() => {
          log.error('stopping took too long; exiting');
          process.exit(1);
        }, STOP_BOUND_MS);
        bound.unref();
        server.announceStop(reason);
        federation.close(); // the remote hosts and their agents stay
        await core.close();
        await server.close();
        removeHostInfo(opts.dataDir, process.pid);
        lock.release();
        log.info('stopped');
        clearTimeout(bound);
      })();
      return stopping;
    };
    stopRequested = (reason) => {
      void stop(reason).then(
        () => process.exit(0),
        (err: unknown) => {
          log.error('stopping failed', { err });
          process.exit(1);
        },
      );
    };
    const idle = setInterval(() => {
      if (server.clients().length > 0 || core.liveAgents() > 0) {
        lastBusy = Date.now();
        return;
      }
      const minutes = core.hostSettings().idleExitMinutes;
      if (Date.now() - lastBusy >= minutes * 60_000) stopRequested(`no front and no live agent for ${minutes} min`);
    }, Math.min(IDLE_CHECK_MS, Math.max(250, core.hostSettings().idleExitMinutes * 60_000 / 4)));

    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopRequested(`signal ${signal}`));
    process.on('SIGHUP', () => undefined); // a closed terminal is not a reason to end the agents
    process.on('exit', () => {
      removeHostInfo(opts.dataDir, process.pid);
      lock.release();
    });

    log.info('session host ready', { pid: process.pid, dataDir: opts.dataDir, socket: socketPath, version: opts.version, protocol });
    report(opts.reportFd, { ready: true, pid: process.pid });
    return { core, federation, server, stop };
  } catch (err) {
    if (err instanceof HostStoppedMeanwhileError) log.info('not starting: the host was stopped on purpose meanwhile', { stoppedAt: err.stoppedAt });
    else log.error('the session host failed to start', { err });
    report(opts.reportFd, { error: err instanceof Error ? err.message : String(err), ...(err instanceof HostStoppedMeanwhileError && { stopped: true as const }) });
    throw err;
  }
}
