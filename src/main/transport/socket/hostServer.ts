import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { STATUS_LEVEL, valueAtLevel } from '../../../shared/domain/statusLevels';
import { MAX_REQUEST_DEPTH, TOO_DEEP_MESSAGE } from '../../../shared/jsonDepth';
import { fail } from '../../../shared/result';
import { RateLimitedWarnings, type FrontAbilities, type Logger } from '../../core';
import { frontAbilities, judgeHello } from './frontAdmission';
import type { EventSource, RouterLike } from '../router-like';
import { ClientFrameSchema, encodeFrame, FrameReader, MAX_CLIENT_FRAME_CHARS, type FrontAbility, type FrontKind, type HostFrame, type HostStatus } from './frames';
import { envDifferences } from './hostFiles';
import { NarrowedPushes } from '../openedSessions';

/** A front must say hello this soon after connecting. */
const HELLO_TIMEOUT_MS = 5_000;
/** A front this far behind on reading is dropped (it re-attaches and reloads) rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 256 * 1024 * 1024;
/** Requests one front may have in flight; more get UNAVAILABLE. */
const MAX_IN_FLIGHT = 256;
/** A question asked of a front (a folder picker is a person choosing) waits at most this long. */
const ASK_TIMEOUT_MS = 10 * 60_000;
/** Lines one front can provoke (frames refused, requests that failed) per minute; the rest are counted in one line. */
const MAX_LINES_PER_MINUTE = 10;

export interface AttachedFront {
  readonly kind: FrontKind;
  readonly pid: number;
  readonly url: string | null;
}

export interface HostServerOptions {
  readonly socketPath: string;
  readonly secret: string;
  readonly protocol: string;
  /** This contract at older status levels: fronts that say one are admitted and told the words of their level. */
  readonly olderProtocols?: ReadonlyMap<string, number>;
  readonly version: string;
  readonly startedAt: string;
  readonly dataDir: string;
  readonly router: RouterLike;
  readonly events: EventSource;
  /** The settings variables the host was started with (digests). */
  readonly env: Record<string, string>;
  readonly liveAgents: () => number;
  /** `--stop` or "Quit and Stop Agents": the host ends everything. Called once. */
  readonly onStop: (reason: string) => void;
  /** The attached fronts changed (the idle timer and the "missed while away" list watch this). */
  readonly onClientsChanged?: (count: number) => void;
  readonly log: Logger;
}

export interface HostServer {
  clients(): AttachedFront[];
  status(): HostStatus;
  /** Tells every front the host is stopping on purpose, then stops listening. */
  announceStop(reason: string): void;
  close(): Promise<void>;
}

/**
 * The host's side of the socket: each front says hello with the per-start
 * secret and the contract's fingerprint, then sends requests (answered with
 * the router's envelopes) and gets every core event. A front's abilities (a
 * folder picker, OS notifications) are asked of the front that made the request.
 */
export async function startHostServer(opts: HostServerOptions): Promise<HostServer> {
  const { log } = opts;
  const fronts = new Map<Socket, AttachedFront>();
  let stopping = false;

  const send = (socket: Socket, frame: HostFrame): void => {
    if (socket.destroyed) return;
    if (socket.writableLength > MAX_BUFFERED_BYTES) {
      log.warn('dropping a front that stopped reading', { buffered: socket.writableLength });
      socket.destroy();
      return;
    }
    socket.write(encodeFrame(frame));
  };

  const status = (): HostStatus => ({
    pid: process.pid,
    version: opts.version,
    protocol: opts.protocol,
    startedAt: opts.startedAt,
    dataDir: opts.dataDir,
    clients: [...fronts.values()].filter((f) => f.kind !== 'cli'),
    liveAgents: opts.liveAgents(),
  });
  const changed = (): void => opts.onClientsChanged?.([...fronts.values()].filter((f) => f.kind !== 'cli').length);

  /** Each front's pushes, as its hello narrowed them (`terminalOutput` / `streaming: 'opened'`). */
  const pushesOf = new Map<Socket, NarrowedPushes>();
  /** The status level of each front admitted at an older one (absent: this host's own). */
  const levelOf = new Map<Socket, number>();
  /** A reply or push as the front reads it: a front at an older level gets the words it knows. */
  const atLevel = (socket: Socket, value: unknown): unknown => {
    const level = levelOf.get(socket);
    return level === undefined ? value : valueAtLevel(value, level);
  };
  const unsubscribe = opts.events.subscribe((name, payload) => {
    for (const [socket, f] of fronts) {
      if (f.kind === 'cli') continue;
      if (pushesOf.get(socket)?.wants(name, payload) === false) continue;
      // A terminal's output holds no row: never walked.
      send(socket, { t: 'event', name, payload: name === 'terminal:data' ? payload : atLevel(socket, payload) });
    }
  });

  const onConnection = (socket: Socket): void => {
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    let front: AttachedFront | null = null;
    let control = false;
    let inFlight = 0;
    let nextAsk = 1;
    const asks = new Map<number, { resolve: (value: unknown) => void; timer: NodeJS.Timeout }>();
    const helloTimer = setTimeout(() => socket.destroy(), HELLO_TIMEOUT_MS);
    const warnings = new RateLimitedWarnings(log, MAX_LINES_PER_MINUTE, 60_000);
    const failures = new RateLimitedWarnings(log, MAX_LINES_PER_MINUTE, 60_000, Date.now, 'error');

    const ask = (ability: FrontAbility, args: unknown[]): Promise<unknown> =>
      new Promise((resolve) => {
        const id = nextAsk++;
        const timer = setTimeout(() => {
          asks.delete(id);
          resolve(null);
        }, ASK_TIMEOUT_MS);
        asks.set(id, { resolve, timer });
        send(socket, { t: 'ask', id, ability, args });
      });

    let abilities: FrontAbilities | undefined;
    const reader = new FrameReader(
      MAX_CLIENT_FRAME_CHARS,
      (raw) => {
        const parsed = ClientFrameSchema.safeParse(raw);
        if (!parsed.success) {
          log.warn('closing a front that sent a malformed frame');
          socket.destroy();
          return;
        }
        const frame = parsed.data;
        if (front === null) {
          const verdict = judgeHello(frame, opts, stopping);
          if (!verdict.admitted) {
            if (verdict.reason === 'secret') log.warn('closing a connection without the host secret');
            send(socket, verdict.refusal);
            socket.end();
            return;
          }
          clearTimeout(helloTimer);
          control = verdict.control;
          const hello = verdict.hello;
          front = { kind: control ? 'cli' : hello.front.kind, pid: hello.front.pid, url: hello.front.url };
          abilities = frontAbilities(hello.front.kind, new Set(hello.abilities), ask);
          fronts.set(socket, front);
          pushesOf.set(socket, new NarrowedPushes(hello));
          if (verdict.level < STATUS_LEVEL) levelOf.set(socket, verdict.level);
          send(socket, {
            t: 'welcome',
            pid: process.pid,
            version: opts.version,
            protocol: opts.protocol,
            startedAt: opts.startedAt,
            envDiffers: envDifferences(opts.env, hello.env),
            liveAgents: opts.liveAgents(),
          });
          log.info('front attached', { kind: front.kind, pid: front.pid, fronts: fronts.size });
          changed();
          return;
        }
        if (control && frame.t !== 'status' && frame.t !== 'stop') {
          socket.destroy();
          return;
        }
        switch (frame.t) {
          case 'hello':
            socket.destroy();
            return;
          case 'req': {
            if (inFlight >= MAX_IN_FLIGHT) {
              send(socket, { t: 'res', id: frame.id, result: fail('UNAVAILABLE', 'Too many requests in flight; retry shortly.') });
              return;
            }
            inFlight += 1;
            const transport = front.kind === 'electron' ? 'electron' : 'web';
            // A terminal's output (a transcript's streaming) flows to an 'opened' front from its open (read) on,
            // before the reply (the pane skips what the snapshot holds; the next streaming push holds all the text).
            const settle = pushesOf.get(socket)?.begin(frame.channel, frame.input);
            opts.router
              .handle(frame.channel, frame.input, { transport, front: abilities })
              .then((result) => {
                settle?.(result.ok);
                send(socket, { t: 'res', id: frame.id, result: atLevel(socket, result) });
              })
              .catch((err: unknown) => {
                settle?.(false);
                failures.warn('router failed', { err });
                send(socket, { t: 'res', id: frame.id, result: fail('INTERNAL', 'Something went wrong in Swarmdesk; details are in the log.') });
              })
              .finally(() => {
                inFlight -= 1;
              });
            return;
          }
          case 'answer': {
            const pending = asks.get(frame.id);
            if (pending === undefined) return;
            asks.delete(frame.id);
            clearTimeout(pending.timer);
            pending.resolve(frame.value);
            return;
          }
          case 'status':
            send(socket, { t: 'status', status: status() });
            return;
          case 'stop':
            log.info('asked to stop', { reason: frame.reason, by: front.kind });
            opts.onStop(frame.reason);
            return;
          case 'url':
            front = { ...front, url: frame.url };
            fronts.set(socket, front);
            return;
          case 'bye':
            if (frame.stopAgents && [...fronts.entries()].every(([s, f]) => s === socket || f.kind === 'cli')) {
              log.info('the last front quit and asked to stop the agents');
              opts.onStop('the last window quit with "stop agents when I quit" on');
            }
            return;
        }
      },
      (reason) => {
        log.warn('closing a front', { reason });
        socket.destroy();
      },
      // A request is answered BAD_INPUT and the front carries on; before its hello the connection is closed (SPEC §11).
      {
        maxDepth: MAX_REQUEST_DEPTH + 1,
        onTooDeep: (raw) => {
          const frame = (typeof raw === 'object' && raw !== null ? raw : {}) as { t?: unknown; id?: unknown };
          if (front === null) {
            warnings.warn('closing a connection whose first frame is nested too deeply');
            socket.destroy();
            return;
          }
          warnings.warn('refused a frame nested too deeply', { t: typeof frame.t === 'string' ? frame.t.slice(0, 20) : null });
          const id = frame.id;
          if (frame.t === 'req' && typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) {
            send(socket, { t: 'res', id, result: fail('BAD_INPUT', TOO_DEEP_MESSAGE) });
          } else if (frame.t === 'answer' && typeof id === 'number') {
            const pending = asks.get(id);
            asks.delete(id);
            if (pending) {
              clearTimeout(pending.timer);
              pending.resolve(null);
            }
          } else {
            socket.destroy();
          }
        },
      },
    );
    socket.on('data', (chunk: string) => reader.push(chunk));
    socket.on('close', () => {
      clearTimeout(helloTimer);
      warnings.flush();
      failures.flush();
      for (const pending of asks.values()) {
        clearTimeout(pending.timer);
        pending.resolve(null);
      }
      asks.clear();
      pushesOf.delete(socket);
      levelOf.delete(socket);
      if (fronts.delete(socket) && front !== null) {
        log.info('front detached', { kind: front.kind, pid: front.pid, fronts: fronts.size });
        changed();
      }
    });
  };

  // We hold the data folder's lock, so a socket file left here is a dead host's.
  rmSync(opts.socketPath, { force: true });
  const server: Server = createServer(onConnection);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(opts.socketPath, 0o600);

  return {
    clients: () => [...fronts.values()].filter((f) => f.kind !== 'cli'),
    status,
    announceStop(reason) {
      stopping = true;
      for (const socket of fronts.keys()) send(socket, { t: 'stopping', reason });
      server.close();
    },
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe();
        server.close(() => resolve());
        for (const socket of fronts.keys()) socket.end();
        // A front that does not finish its side in time is cut.
        setTimeout(() => {
          for (const socket of fronts.keys()) socket.destroy();
          resolve();
        }, 1_000).unref();
        rmSync(opts.socketPath, { force: true });
      }),
  };
}
