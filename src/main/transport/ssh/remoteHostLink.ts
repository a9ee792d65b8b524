import type { EventName, EventPayload } from '../../../shared/ipc/events';
import { fail, type Result } from '../../../shared/result';
import type { EventListener, RequestContext } from '../../core';
import type { EventSource, RouterLike } from '../router-like';
import type { HostCloseReason } from '../socket/hostClient';
import { RemoteHostError, type RemoteHostErrorCode } from './sshErrors';
import { connectRemoteHost, type RemoteHost, type RemoteHostOptions } from './sshHostConnection';

/** Waits between tries to reach a host whose link dropped (network change, sleep, sshd restart). */
export const RECONNECT_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** What no retry fixes by itself: the user (or the remote's admin) must act first. */
const PERMANENT: ReadonlySet<RemoteHostErrorCode> = new Set(['HOST_KEY_CHANGED', 'HOST_KEY_UNKNOWN', 'AUTH_REFUSED', 'PLATFORM', 'INSTALL', 'HOST_VERSION']);
/** On a first try (a host just added, never reached), a name ssh cannot resolve is a typo, not a network's mood. */
const PERMANENT_AT_FIRST: ReadonlySet<RemoteHostErrorCode> = new Set([...PERMANENT, 'UNRESOLVED']);

export type RemoteLinkState =
  | { readonly state: 'connecting'; readonly message: string }
  | { readonly state: 'connected'; readonly message: string; readonly hostPid: number }
  | { readonly state: 'reconnecting'; readonly message: string; readonly attempt: number; readonly lastError: string | null }
  /** The remote host was stopped on purpose: not started again until asked. */
  | { readonly state: 'stopped'; readonly message: string }
  /** Retrying cannot help (a changed host key, a refused login, a platform it cannot serve): the error says what to do. */
  | { readonly state: 'failed'; readonly message: string; readonly error: RemoteHostError };

export interface RemoteHostLinkOptions extends RemoteHostOptions {
  readonly backoffMs?: readonly number[];
}

/**
 * A front's lasting link to one remote host: the router and event stream of
 * that host across dropped SSH connections. When the link drops, the remote
 * host and its agents keep running; the link says "Reconnecting to <dest>…",
 * tries again with backoff and, once back, the front catches up through the
 * host's router as after any re-attach (a terminal's `terminal:open` returns
 * its whole screen). Errors no retry can fix stop the retries and say why.
 */
export class RemoteHostLink implements RouterLike, EventSource {
  private readonly listeners = new Set<EventListener>();
  private readonly stateListeners = new Set<(state: RemoteLinkState) => void>();
  private remote: RemoteHost | null = null;
  private current: RemoteLinkState;
  private closed = false;
  private retry: { timer: NodeJS.Timeout; wake: () => void } | null = null;
  private trying = false;

  constructor(private readonly opts: RemoteHostLinkOptions) {
    this.current = { state: 'connecting', message: `Connecting to ${opts.destination}…` };
  }

  /** The first connection (probe, install, bridge); throws what connectRemoteHost throws. */
  async open(): Promise<RemoteHost> {
    const remote = await connectRemoteHost(this.opts);
    this.adopt(remote);
    return remote;
  }

  /**
   * Connects in the background (a lasting link's way to start): the first try
   * at once, then retries with backoff as after a drop; what no retry fixes
   * ends in `failed`. Progress is told through `onState`.
   */
  start(): void {
    if (this.closed || this.remote !== null) return;
    void this.tryUntilConnected(true);
  }

  /** "Reconnect" (the user fixed what the message said): a failed or stopped link tries again, a waiting retry happens now. */
  reconnectNow(): void {
    if (this.closed || this.remote !== null) return;
    if (this.retry) {
      clearTimeout(this.retry.timer);
      this.retry.wake();
      return;
    }
    if (this.current.state === 'failed' || this.current.state === 'stopped') {
      this.setState({ state: 'connecting', message: `Connecting to ${this.opts.destination}…` });
      void this.tryUntilConnected(true);
    }
  }

  state(): RemoteLinkState {
    return this.current;
  }

  host(): RemoteHost | null {
    return this.remote;
  }

  onState(listener: (state: RemoteLinkState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  handle(channel: unknown, input: unknown, ctx: RequestContext): Promise<Result<unknown>> {
    const connection = this.remote?.connection;
    if (!connection?.isOpen()) return Promise.resolve(fail('UNAVAILABLE', this.current.message));
    return connection.handle(channel, input, ctx);
  }

  /** Ends the link and its retries; the remote host and its agents stay. */
  close(): void {
    this.closed = true;
    if (this.retry) {
      clearTimeout(this.retry.timer);
      this.retry.wake(); // the retry loop sees `closed` and ends
    }
    this.retry = null;
    this.remote?.close();
    this.remote = null;
  }

  private adopt(remote: RemoteHost): void {
    this.remote = remote;
    remote.connection.subscribe((event, payload) => this.emit(event, payload));
    remote.connection.onClose((reason) => this.onLost(remote, reason));
    this.setState({ state: 'connected', message: `Connected to ${this.opts.destination}.`, hostPid: remote.hostPid });
  }

  private onLost(remote: RemoteHost, reason: HostCloseReason): void {
    if (this.remote !== remote || this.closed) return;
    remote.close();
    this.remote = null;
    if (reason.kind === 'stopped') {
      this.setState({ state: 'stopped', message: `Swarmdesk's host on ${this.opts.destination} was stopped.` });
      return;
    }
    void this.tryUntilConnected(false);
  }

  /** Tries (at once when `now`, else after the first wait) until connected, closed, or failed for good; one loop at a time. */
  private async tryUntilConnected(now: boolean): Promise<void> {
    if (this.trying) return;
    this.trying = true;
    const backoff = this.opts.backoffMs ?? RECONNECT_BACKOFF_MS;
    const first = now;
    let lastError: string | null = null;
    try {
      for (let attempt = 1; !this.closed; attempt += 1) {
        if (!(now && attempt === 1)) {
          const wait = backoff[Math.min(attempt - (now ? 2 : 1), backoff.length - 1)];
          this.setState({ state: 'reconnecting', message: `Reconnecting to ${this.opts.destination}…`, attempt, lastError });
          await new Promise<void>((wake) => {
            this.retry = { timer: setTimeout(wake, wait), wake };
          });
          this.retry = null;
          if (this.closed) return;
        }
        try {
          const remote = await connectRemoteHost(this.opts);
          if (this.closed) return remote.close();
          this.adopt(remote);
          return;
        } catch (err) {
          const permanent = first && attempt === 1 ? PERMANENT_AT_FIRST : PERMANENT;
          if (err instanceof RemoteHostError && permanent.has(err.code)) {
            this.setState({ state: 'failed', message: err.message, error: err });
            return;
          }
          lastError = err instanceof Error ? err.message : String(err);
        }
      }
    } finally {
      this.trying = false;
    }
  }

  private setState(state: RemoteLinkState): void {
    this.current = state;
    for (const l of this.stateListeners) l(state);
  }

  private emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const l of this.listeners) l(event, payload);
  }
}
