import { connect, type Socket } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import { ensurePrivateDataDir, isProcessAlive } from '../../core';
import { reachOrStart, type HostCommand } from '../socket/attach';
import { readHostInfo, type HostInfo } from '../socket/hostFiles';

/**
 * The first line the bridge writes on its stdout, before any byte of the
 * host's: the card's secret (the SSH channel is the authenticated boundary;
 * the secret reaches the local front's memory, never its disk), or why the
 * host could not be reached.
 */
export type BridgeLine =
  | { t: 'bridge'; secret: string; pid: number; version: string; started: boolean }
  | { t: 'bridgeError'; message: string };

export interface BridgeOptions {
  readonly dataDir: string;
  /** How to start the host detached when none runs (its own session and process group: it outlives SSH). */
  readonly host: HostCommand;
  readonly input: Readable;
  readonly output: Writable;
  readonly timeoutMs?: number;
}

function connectRaw(path: string): Promise<Socket | null> {
  return new Promise((resolve) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', () => resolve(null));
  });
}

/** The running host of the folder and a raw socket to it, or null when none answers. */
async function reachHost(dataDir: string): Promise<{ socket: Socket; info: HostInfo } | null> {
  const info = readHostInfo(dataDir);
  if (info === null || !isProcessAlive(info.pid)) return null;
  const socket = await connectRaw(info.socket);
  return socket === null ? null : { socket, info };
}

/**
 * The remote side of an SSH link (issue 17), run by `ssh <dest> node
 * host-bridge.js --data-dir DIR`: attaches to the folder's session host or
 * starts it detached (as a local front does), says the bridge line, then
 * relays its stdin to the host's socket and the socket to its stdout, byte
 * for byte: the frames are the local socket's own. Nothing listens on the
 * network. Resolves with the exit code once either side has closed.
 */
export async function runBridge(opts: BridgeOptions): Promise<number> {
  const say = (line: BridgeLine): void => {
    opts.output.write(`${JSON.stringify(line)}\n`);
  };
  let reached: { value: { socket: Socket; info: HostInfo }; started: boolean };
  try {
    ensurePrivateDataDir(opts.dataDir);
    reached = await reachOrStart({ dataDir: opts.dataDir, host: opts.host, timeoutMs: opts.timeoutMs }, () => reachHost(opts.dataDir));
  } catch (err) {
    say({ t: 'bridgeError', message: err instanceof Error ? err.message : String(err) });
    return 1;
  }
  const { socket, info } = reached.value;
  say({ t: 'bridge', secret: info.secret, pid: info.pid, version: info.version, started: reached.started });
  return new Promise((resolve) => {
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      socket.destroy();
      opts.input.unpipe(socket);
      // What the host said last still reaches the front before this process exits.
      opts.output.end(() => resolve(0));
    };
    opts.input.pipe(socket);
    socket.pipe(opts.output, { end: false });
    opts.input.once('end', () => socket.end());
    opts.input.once('error', finish);
    opts.output.once('error', finish);
    socket.once('close', finish);
    socket.on('error', finish);
  });
}
