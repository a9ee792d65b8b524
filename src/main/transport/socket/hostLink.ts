import { channels } from '../../../shared/ipc/contract';
import { eventSchemas, type EventName, type EventPayload } from '../../../shared/ipc/events';
import type { HostState } from '../../../shared/ipc/host';
import { fail, ok, type Result } from '../../../shared/result';
import type { EventListener, Logger, RequestContext } from '../../core';
import type { EventSource, RouterLike } from '../router-like';
import { attachOrStart, connectToRunningHost, HostStoppedError, type AttachOptions } from './attach';
import type { HostCloseReason, HostConnection } from './hostClient';

/** Waits between tries to bring a lost host back. */
const RESTART_BACKOFF_MS = [200, 500, 1_000, 2_000, 5_000];

export interface HostLinkOptions extends AttachOptions {
  readonly log: Logger;
  /** The host was stopped on purpose (web mode's front ends with it). */
  readonly onStopped?: (reason: string) => void;
}

/**
 * A front's lasting link to its session host: the router and event stream the
 * front's transport serves, across host restarts. When the host dies the link
 * tells the page (`host:state` restarting), starts a new host and re-attaches
 * (the page then reloads); when the host is stopped on purpose it says so and
 * waits for `host:start`. `host:start` is the one channel a front answers itself.
 */
export class HostLink implements RouterLike, EventSource {
  private readonly listeners = new Set<EventListener>();
  private connection: HostConnection | null = null;
  private state: HostState = { state: 'connected', message: '', reattached: false, hostVersion: null };
  private closing = false;
  private reattaching: Promise<void> | null = null;
  /** Where this front serves the app, once known: every later hello carries it. */
  private url: string | null = null;

  constructor(private readonly opts: HostLinkOptions) {}

  /** The options with this front's URL in its hello (a host started or re-attached later learns it at once). */
  private attachOptions(): HostLinkOptions {
    return this.url === null ? this.opts : { ...this.opts, me: { ...this.opts.me, url: this.url } };
  }

  /** Tells the host (now and after any re-attach) where this front serves the app. */
  setUrl(url: string): void {
    this.url = url;
    this.connection?.announceUrl(url);
  }

  /** Attaches (starting a host when none runs); throws what attachOrStart throws. */
  async open(): Promise<HostConnection> {
    const { connection } = await attachOrStart(this.opts);
    this.adopt(connection, false);
    return connection;
  }

  current(): HostConnection | null {
    return this.connection;
  }

  hostState(): HostState {
    return this.state;
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    // A page that connects while the host is away learns so at once (it would otherwise wait for the next change).
    if (this.state.state !== 'connected') {
      const state = this.state;
      queueMicrotask(() => {
        if (this.listeners.has(listener) && this.state === state) listener('host:state', state);
      });
    }
    return () => {
      this.listeners.delete(listener);
    };
  }

  async handle(channel: unknown, input: unknown, ctx: RequestContext): Promise<Result<unknown>> {
    if (channel === 'host:start') return this.start(input);
    const connection = this.connection;
    if (connection === null || !connection.isOpen()) {
      return fail('UNAVAILABLE', this.state.state === 'stopped' ? 'The session host was stopped. Start it again first.' : 'The session host is restarting; try again in a moment.');
    }
    return connection.handle(channel, input, ctx);
  }

  /** This front goes away; the host (and its agents) stay unless `stopAgents`. */
  async leave(stopAgents: boolean): Promise<void> {
    this.closing = true;
    await this.connection?.leave(stopAgents);
  }

  private adopt(connection: HostConnection, reattached: boolean): void {
    this.connection = connection;
    connection.subscribe((event, payload) => this.emit(event, payload));
    connection.onClose((reason) => this.onLost(connection, reason));
    this.setState({ state: 'connected', message: reattached ? 'The session host is back.' : '', reattached, hostVersion: connection.welcome.version });
  }

  private onLost(connection: HostConnection, reason: HostCloseReason): void {
    if (this.connection !== connection || this.closing) return;
    this.connection = null;
    if (reason.kind === 'stopped') return this.stopped(reason.reason);
    this.opts.log.warn('lost the session host; starting a new one');
    this.setState({ state: 'restarting', message: 'The session host stopped; restarting…', reattached: false, hostVersion: null });
    this.reattaching ??= this.reattach(connection.welcome.startedAt).finally(() => {
      this.reattaching = null;
    });
  }

  private stopped(reason: string): void {
    this.opts.log.info('the session host was stopped', { reason });
    this.setState({ state: 'stopped', message: 'The session host was stopped.', reattached: false, hostVersion: null });
    this.opts.onStopped?.(reason);
  }

  /**
   * Brings the host back after it died. A host a peer front brought up may be
   * stopped on purpose before this front reaches it: that stop stands (the
   * front ends as if it had got the 'stopping' frame) and no host is started.
   */
  private async reattach(lostHostStartedAt: string): Promise<void> {
    for (let attempt = 0; !this.closing; attempt += 1) {
      try {
        const { connection } = await attachOrStart({ ...this.attachOptions(), lostHostStartedAt });
        if (this.closing) return connection.close();
        this.adopt(connection, true);
        return;
      } catch (err) {
        if (err instanceof HostStoppedError) return this.stopped(err.message);
        this.opts.log.warn('restarting the session host failed; trying again', { err, attempt });
        await new Promise((r) => setTimeout(r, RESTART_BACKOFF_MS[Math.min(attempt, RESTART_BACKOFF_MS.length - 1)]));
      }
    }
  }

  private async start(rawInput: unknown): Promise<Result<unknown>> {
    const parsed = channels['host:start'].input.safeParse(rawInput ?? {});
    if (!parsed.success) return fail('BAD_INPUT', 'host:start takes {restart: "no" | "now" | "whenIdle"}.');
    if (this.connection?.isOpen()) return ok({ started: false, message: 'The session host is running.' });
    if (this.reattaching) return ok({ started: false, message: 'The session host is restarting.' });
    try {
      const running = await connectToRunningHost(this.attachOptions());
      const connection = running ?? (await attachOrStart(this.attachOptions())).connection;
      this.adopt(connection, true);
      return ok({ started: running === null, message: running === null ? 'Started the session host.' : 'The session host is running.' });
    } catch (err) {
      return fail('UNAVAILABLE', err instanceof Error ? err.message : 'The session host could not be started.');
    }
  }

  private setState(state: HostState): void {
    this.state = state;
    this.emit('host:state', state);
  }

  private emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    if (event === 'host:state' && !eventSchemas['host:state'].safeParse(payload).success) return;
    for (const l of this.listeners) {
      try {
        l(event, payload);
      } catch (err) {
        this.opts.log.error('event listener threw', { event, err });
      }
    }
  }
}
