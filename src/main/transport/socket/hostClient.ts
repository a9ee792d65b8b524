import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { isEventName } from '../../../shared/ipc/bridge';
import type { EventName, EventPayload } from '../../../shared/ipc/events';
import { MAX_PEER_DEPTH, MAX_REQUEST_DEPTH, TOO_DEEP_MESSAGE, valueDeeperThan } from '../../../shared/jsonDepth';
import { fail, type Result } from '../../../shared/result';
import { createLogger, RateLimitedWarnings, type EventListener, type RequestContext } from '../../core';
import type { EventSource, RouterLike } from '../router-like';
import { encodeFrame, FrameReader, MAX_HOST_FRAME_CHARS, type ClientFrame, type FrontAbility, type FrontKind, type HostFrame, type HostStatus } from './frames';

/** How long a front waits for the host's welcome. */
const WELCOME_TIMEOUT_MS = 10_000;
/** A reply slower than this is answered UNAVAILABLE (the host is wedged); the request may still run there. */
const REQUEST_TIMEOUT_MS = 5 * 60_000;

/** Frames from the host set aside as nested too deeply (a bug or a broken peer): at most 10 lines a minute. */
const tooDeep = new RateLimitedWarnings(createLogger('host-link'), 10, 60_000);

export class HostRefusedError extends Error {
  override readonly name = 'HostRefusedError';
  constructor(
    readonly code: 'FORBIDDEN' | 'VERSION_MISMATCH' | 'STOPPING',
    message: string,
    readonly hostVersion: string,
    readonly hostProtocol: string,
    readonly hostPid: number,
  ) {
    super(message);
  }
}

export interface FrontIdentity {
  readonly kind: FrontKind;
  readonly version: string;
  readonly protocol: string;
  /**
   * This contract's fingerprints at older status levels (`olderContractFingerprints`): a host that refuses
   * this front and names one of them is an older build of the same contract, attached to at its level.
   */
  readonly olderProtocols?: readonly string[];
  readonly url: string | null;
  readonly env: Record<string, string>;
  /** A control connection: status and stop only, across contract versions. */
  readonly control?: boolean;
  /** 'opened': only the output of the terminals this front opened (the desktop window); default 'all'. */
  readonly terminalOutput?: 'all' | 'opened';
  /** 'opened': `entry:streaming` only for the sessions whose transcript this front read (the desktop window); default 'all'. */
  readonly streaming?: 'all' | 'opened';
}

/** What a front does when the host asks for one of its abilities; the answer travels back as is. */
export type AbilityHandler = (ability: FrontAbility, args: unknown[]) => Promise<unknown>;

export interface Welcome {
  readonly pid: number;
  readonly version: string;
  readonly protocol: string;
  readonly startedAt: string;
  readonly envDiffers: string[];
  readonly liveAgents: number;
}

/** Why the connection ended: the host said it was stopping on purpose, or it just went away. */
export type HostCloseReason = { kind: 'stopped'; reason: string } | { kind: 'lost' };

/**
 * One front's connection to the session host: a RouterLike whose requests
 * travel to the host's router, and an EventSource of the host's pushes.
 */
export class HostConnection implements RouterLike, EventSource {
  private readonly listeners = new Set<EventListener>();
  private readonly pending = new Map<number, { resolve: (r: Result<unknown>) => void; timer: NodeJS.Timeout }>();
  private readonly closeListeners = new Set<(reason: HostCloseReason) => void>();
  private statusWaiters: Array<(s: HostStatus | null) => void> = [];
  private nextId = 1;
  private stoppingReason: string | null = null;
  private closed = false;
  /**
   * Frames held back behind a reply just handed over (null: none). A reply reaches its reader through
   * promise callbacks (the router, a web page's socket), a push synchronously: a push right behind a
   * reply in one read would overtake it, and an older reply would then overwrite what the push said
   * (a pick-up note shown, then blanked by the open's snapshot). So what follows a reply waits for
   * the next turn of the event loop, after those callbacks have run.
   */
  private backlog: HostFrame[] | null = null;

  private constructor(
    private readonly socket: Duplex,
    readonly welcome: Welcome,
    private readonly abilities: AbilityHandler | null,
  ) {}

  /**
   * Connects, says hello and waits for the welcome; throws HostRefusedError or the socket's error. A host
   * of this contract at an older status level (it names one of `me.olderProtocols`) is attached to again
   * at that level: it only ever sends words this front knows.
   */
  static async open(socketPath: string, secret: string, me: FrontIdentity, abilities: { has: FrontAbility[]; handle: AbilityHandler } | null): Promise<HostConnection> {
    try {
      // A socket queues what is written before it connects; a failed connect is its 'error'.
      return await HostConnection.over(connect(socketPath), secret, me, abilities);
    } catch (err) {
      if (!(err instanceof HostRefusedError) || err.code !== 'VERSION_MISMATCH' || !me.olderProtocols?.includes(err.hostProtocol)) throw err;
      return HostConnection.over(connect(socketPath), secret, { ...me, protocol: err.hostProtocol, olderProtocols: [] }, abilities);
    }
  }

  /**
   * The same over any byte stream that reaches the host's socket: a Unix
   * socket, or an SSH channel's stdio relayed by the remote bridge
   * (transport/ssh). Says hello at once and waits for the welcome.
   */
  static over(socket: Duplex, secret: string, me: FrontIdentity, abilities: { has: FrontAbility[]; handle: AbilityHandler } | null): Promise<HostConnection> {
    return new Promise((resolve, reject) => {
      socket.setEncoding('utf8');
      let connection: HostConnection | null = null;
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error('The session host did not answer in time.'));
      }, WELCOME_TIMEOUT_MS);
      const settle = (err: Error | null): void => {
        clearTimeout(timer);
        if (err) {
          socket.destroy();
          reject(err);
        }
      };
      const reader = new FrameReader(
        MAX_HOST_FRAME_CHARS,
        (raw) => {
          const frame = raw as HostFrame;
          if (connection !== null) return connection.inOrder(frame);
          if (frame.t === 'refused') return settle(new HostRefusedError(frame.code, frame.message, frame.version, frame.protocol, frame.pid));
          if (frame.t !== 'welcome') return settle(new Error('The session host sent something other than a welcome.'));
          clearTimeout(timer);
          connection = new HostConnection(socket, frame, abilities?.handle ?? null);
          resolve(connection);
        },
        (reason) => {
          if (connection === null) settle(new Error(`The session host sent ${reason}.`));
          socket.destroy();
        },
        // A reply nested deeper than a page can be sent (JSON.stringify recurses) answers its request with an error; a push is dropped.
        {
          maxDepth: MAX_PEER_DEPTH,
          onTooDeep: (raw) => {
            const frame = (typeof raw === 'object' && raw !== null ? raw : {}) as { t?: unknown; id?: unknown };
            tooDeep.warn('the session host sent a frame nested too deeply; not passed on', { t: typeof frame.t === 'string' ? frame.t.slice(0, 20) : null });
            if (connection !== null && frame.t === 'res' && typeof frame.id === 'number') {
              connection.inOrder({ t: 'res', id: frame.id, result: fail('INTERNAL', 'The session host sent a reply nested too deeply to pass on.') });
            }
          },
        },
      );
      socket.on('data', (chunk: string) => reader.push(chunk));
      socket.on('error', (err) => {
        if (connection === null) settle(err);
      });
      socket.on('close', () => {
        if (connection === null) settle(new Error('The session host closed the connection.'));
        else connection.onClose();
      });
      const hello: ClientFrame = {
        t: 'hello',
        secret,
        protocol: me.protocol,
        version: me.version,
        front: { kind: me.kind, pid: process.pid, url: me.url },
        abilities: abilities?.has ?? [],
        env: me.env,
        control: me.control ?? false,
        terminalOutput: me.terminalOutput ?? 'all',
        streaming: me.streaming ?? 'all',
      };
      socket.write(encodeFrame(hello));
    });
  }

  handle(channel: unknown, input: unknown, _ctx: RequestContext): Promise<Result<unknown>> {
    if (this.closed) return Promise.resolve(fail('UNAVAILABLE', 'The session host is not reachable right now; try again in a moment.'));
    // Writing the frame walks the input recursively (JSON.stringify): a deep one would overflow the stack.
    if (valueDeeperThan(input, MAX_REQUEST_DEPTH)) return Promise.resolve(fail('BAD_INPUT', TOO_DEEP_MESSAGE));
    return new Promise((resolve) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve(fail('UNAVAILABLE', 'The session host did not answer in time.'));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, { resolve, timer });
      this.write({ t: 'req', id, channel: typeof channel === 'string' ? channel.slice(0, 200) : '', input });
    });
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  onClose(listener: (reason: HostCloseReason) => void): () => void;
  onClose(): void;
  onClose(listener?: (reason: HostCloseReason) => void): (() => void) | void {
    if (listener) {
      this.closeListeners.add(listener);
      return () => this.closeListeners.delete(listener);
    }
    if (this.closed) return;
    // What arrived before the end still counts: replies held back answer their requests.
    while (this.backlog !== null) this.drain();
    this.closed = true;
    for (const [, p] of this.pending) {
      clearTimeout(p.timer);
      p.resolve(fail('UNAVAILABLE', 'The session host went away before answering; try again in a moment.'));
    }
    this.pending.clear();
    for (const waiter of this.statusWaiters) waiter(null);
    this.statusWaiters = [];
    const reason: HostCloseReason = this.stoppingReason !== null ? { kind: 'stopped', reason: this.stoppingReason } : { kind: 'lost' };
    for (const l of this.closeListeners) l(reason);
  }

  isOpen(): boolean {
    return !this.closed;
  }

  status(): Promise<HostStatus | null> {
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.statusWaiters.push(resolve);
      this.write({ t: 'status' });
    });
  }

  /** Asks the host to end itself, its agents and its web fronts. */
  stop(reason: string): void {
    this.write({ t: 'stop', reason });
  }

  /** Tells the host where this front serves the app (shown by `--status`). */
  announceUrl(url: string): void {
    this.write({ t: 'url', url });
  }

  /** Leaves; `stopAgents` (the quit setting) asks the host to stop too when this was the last front. */
  async leave(stopAgents: boolean): Promise<void> {
    if (this.closed) return;
    this.write({ t: 'bye', stopAgents });
    await new Promise<void>((resolve) => this.socket.end(resolve));
    this.socket.destroy();
  }

  close(): void {
    this.socket.destroy();
  }

  private write(frame: ClientFrame): void {
    if (!this.socket.destroyed) this.socket.write(encodeFrame(frame));
  }

  /** A frame from the host, handled in the order it came (see `backlog`). */
  private inOrder(frame: HostFrame): void {
    if (this.backlog !== null) this.backlog.push(frame);
    else this.onFrame(frame);
  }

  /** Handles the held-back frames until another reply is handed over (the rest wait again). */
  private drain(): void {
    const frames = this.backlog ?? [];
    this.backlog = null;
    for (let i = 0; i < frames.length; i++) {
      this.onFrame(frames[i] as HostFrame);
      if (this.backlog !== null) {
        (this.backlog as HostFrame[]).push(...frames.slice(i + 1));
        return;
      }
    }
  }

  private onFrame(frame: HostFrame): void {
    switch (frame.t) {
      case 'res': {
        const p = this.pending.get(frame.id);
        if (!p) return;
        this.pending.delete(frame.id);
        clearTimeout(p.timer);
        p.resolve(frame.result as Result<unknown>);
        this.backlog = [];
        setImmediate(() => this.drain());
        return;
      }
      case 'event': {
        if (!isEventName(frame.name)) return;
        const name = frame.name;
        for (const l of this.listeners) l(name, frame.payload as EventPayload<EventName>);
        return;
      }
      case 'ask': {
        const handle = this.abilities;
        const answer = (value: unknown): void => this.write({ t: 'answer', id: frame.id, value: value ?? null });
        if (!handle) return answer(null);
        handle(frame.ability, Array.isArray(frame.args) ? frame.args : []).then(answer, () => answer(null));
        return;
      }
      case 'status': {
        const waiter = this.statusWaiters.shift();
        waiter?.(frame.status);
        return;
      }
      case 'stopping':
        this.stoppingReason = frame.reason;
        return;
      default:
        return;
    }
  }
}
