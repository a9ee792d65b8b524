import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { isProcessAlive } from '../../core';
import { HostConnection, HostRefusedError, type AbilityHandler, type FrontIdentity } from './hostClient';
import { HOST_LOG_FILE, readHostInfo, stoppedSince } from './hostFiles';
import type { FrontAbility } from './frames';

/** How long a front waits for a host it started (or found starting) before giving up. */
export const HOST_START_TIMEOUT_MS = 30_000;

export class HostStartError extends Error {
  override readonly name = 'HostStartError';
}

/** A front re-attaching after its host died found the folder's host stopped on purpose meanwhile: it must not bring one back. */
export class HostStoppedError extends Error {
  override readonly name = 'HostStoppedError';
}

/** How to run the host detached: the command and its arguments (the data folder and report pipe are added). */
export interface HostCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
}

export interface AttachOptions {
  readonly dataDir: string;
  readonly me: FrontIdentity;
  readonly abilities: { has: FrontAbility[]; handle: AbilityHandler } | null;
  /** Absent: attach only (a control connection never starts a host). */
  readonly host?: HostCommand;
  readonly timeoutMs?: number;
  /**
   * Re-attaching after the host that started at this time died: a deliberate
   * stop of it or of a later host (one a peer front started) ends the attempt
   * with HostStoppedError, and a host this front starts refuses in that case.
   */
  readonly lostHostStartedAt?: string;
}

export interface Attached {
  readonly connection: HostConnection;
  /** This front started the host (else it was running). */
  readonly started: boolean;
}

/** Connects to the host recorded in the data folder; null when none runs there (or it does not answer). */
export async function connectToRunningHost(opts: Pick<AttachOptions, 'dataDir' | 'me' | 'abilities'>): Promise<HostConnection | null> {
  const info = readHostInfo(opts.dataDir);
  if (info === null || !isProcessAlive(info.pid)) return null;
  try {
    return await HostConnection.open(info.socket, info.secret, opts.me, opts.abilities);
  } catch (err) {
    if (err instanceof HostRefusedError && err.code !== 'STOPPING') throw err;
    return null;
  }
}

/**
 * Starts the host detached: its own session and process group (it outlives
 * this front and the terminal it ran in), stdio to the log file in the data
 * folder, and a pipe on fd 3 on which it says once whether it started.
 */
export function startHostDetached(dataDir: string, host: HostCommand, unlessStoppedSince?: string): Promise<{ pid: number } | { error: string; stopped?: boolean }> {
  const logFd = openSync(join(dataDir, HOST_LOG_FILE), 'a', 0o600);
  try {
    const guard = unlessStoppedSince === undefined ? [] : ['--unless-stopped-since', unlessStoppedSince];
    const child = spawn(host.command, [...host.args, '--data-dir', dataDir, '--report-fd', '3', ...guard], {
      detached: true,
      stdio: ['ignore', logFd, logFd, 'pipe'],
      env: host.env,
    });
    const pipe = child.stdio[3] as Readable | null;
    child.unref();
    return new Promise((resolve) => {
      let text = '';
      let done = false;
      const finish = (value: { pid: number } | { error: string; stopped?: boolean }): void => {
        if (done) return;
        done = true;
        pipe?.destroy();
        resolve(value);
      };
      child.once('error', (err) => finish({ error: `The session host could not be started: ${err.message}` }));
      child.once('exit', (code, signal) => finish({ error: text.includes('"error"') ? parseReport(text) : `The session host exited at start (${signal ?? code}); see ${join(dataDir, HOST_LOG_FILE)}.` }));
      pipe?.setEncoding('utf8');
      pipe?.on('data', (chunk: string) => {
        text += chunk;
        if (!text.includes('\n')) return;
        const report = text.includes('"ready"') ? { pid: child.pid ?? -1 } : { error: parseReport(text), stopped: text.includes('"stopped":true') };
        finish(report);
      });
      pipe?.on('error', () => undefined);
    });
  } finally {
    closeSync(logFd);
  }
}

function parseReport(text: string): string {
  try {
    const parsed = JSON.parse(text.split('\n')[0] ?? '') as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error : 'The session host failed to start.';
  } catch {
    return 'The session host failed to start.';
  }
}

function throwIfStopped(dataDir: string, lostHostStartedAt: string): void {
  const stop = stoppedSince(dataDir, lostHostStartedAt);
  if (stop !== null) throw new HostStoppedError(`The session host was stopped on purpose at ${stop.stoppedAt} (${stop.reason}).`);
}

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * A front's way in (VS Code's pty host does the same): attach to the data
 * folder's running host, else start one detached and attach to it. Two fronts
 * starting at once both try; the data folder's lock lets one host win and the
 * other front attaches to it. Throws HostRefusedError (another contract) or
 * HostStartError (the host's own start-up error, in its words).
 */
export async function attachOrStart(opts: AttachOptions): Promise<Attached> {
  const { value, started } = await reachOrStart(opts, () => connectToRunningHost(opts));
  return { connection: value, started };
}

/**
 * attachOrStart's loop with another way of reaching the host: `reach` answers
 * null while no host runs (the remote bridge reaches the socket itself and
 * relays it; transport/ssh).
 */
export async function reachOrStart<T>(opts: Pick<AttachOptions, 'dataDir' | 'host' | 'timeoutMs' | 'lostHostStartedAt'>, reach: () => Promise<T | null>): Promise<{ value: T; started: boolean }> {
  const deadline = Date.now() + (opts.timeoutMs ?? HOST_START_TIMEOUT_MS);
  let started = false;
  let lastError = 'The session host did not start in time.';
  for (let attempt = 0; Date.now() < deadline; attempt += 1) {
    // Between attempts a peer's host may have come up and been stopped (`--stop`): that stop stands.
    if (opts.lostHostStartedAt !== undefined) throwIfStopped(opts.dataDir, opts.lostHostStartedAt);
    const value = await reach();
    if (value !== null) return { value, started };
    if (!opts.host) throw new HostStartError('No session host runs for this data folder.');
    if (!started || attempt % 10 === 9) {
      const result = await startHostDetached(opts.dataDir, opts.host, opts.lostHostStartedAt);
      if ('error' in result) {
        if (result.stopped) throw new HostStoppedError(result.error);
        lastError = result.error;
        // Lost the race to another front's host: attach to that one. Anything else is the host's own failure.
        if (!/already running on the data folder/.test(result.error)) throw new HostStartError(result.error);
      } else {
        started = true;
      }
    }
    await pause(Math.min(50 * 2 ** Math.min(attempt, 4), 800));
  }
  throw new HostStartError(lastError);
}
