/**
 * A client of web mode's WebSocket, speaking the contract as the renderer's bridge does
 * (`src/shared/ipc/bridge.ts`: hello with the token, then `{id, channel, input}` requests and
 * `{event, payload}` pushes). The live-load bench drives the swarm through it and listens to
 * every push, as one more window on the host would; it is no back door.
 */
import WebSocket from 'ws';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../src/shared/ipc/contract';
import type { EventName, EventPayload } from '../../src/shared/ipc/events';

export interface SwarmClient {
  /** One request; rejects with the envelope's code and message when it fails, or after `timeoutMs`. */
  call<C extends ChannelName>(channel: C, input: ChannelInput<C>, timeoutMs?: number): Promise<ChannelOutput<C>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): void;
  close(): void;
}

type Envelope = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };

export async function connectSwarmClient(server: { origin: string; token: string }): Promise<SwarmClient> {
  const ws = new WebSocket(`${server.origin.replace(/^http/, 'ws')}/ws`, { origin: server.origin, maxPayload: 64 * 1024 * 1024 });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  const listeners = new Map<string, Array<(payload: never) => void>>();
  let nextId = 1;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket did not say ready in 10 s')), 10_000);
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'hello', token: server.token })));
    ws.on('message', (raw: WebSocket.RawData) => {
      const msg = JSON.parse(raw.toString()) as { type?: string; id?: number; result?: Envelope; event?: string; payload?: unknown };
      if (msg.type === 'ready') {
        clearTimeout(timer);
        resolve();
      } else if (msg.event !== undefined) {
        for (const listener of listeners.get(msg.event) ?? []) listener(msg.payload as never);
      } else if (typeof msg.id === 'number') {
        const w = waiting.get(msg.id);
        if (!w || !msg.result) return;
        waiting.delete(msg.id);
        clearTimeout(w.timer);
        if (msg.result.ok) w.resolve(msg.result.value);
        else w.reject(new Error(`${msg.result.error.code}: ${msg.result.error.message}`));
      }
    });
  });
  return {
    call: <C extends ChannelName>(channel: C, input: ChannelInput<C>, timeoutMs = 30_000) =>
      new Promise<ChannelOutput<C>>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`${channel}: no reply in ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
        ws.send(JSON.stringify({ id, channel, input }));
      }),
    on: (event, listener) => {
      const list = listeners.get(event) ?? [];
      list.push(listener as (payload: never) => void);
      listeners.set(event, list);
    },
    close: () => {
      for (const w of waiting.values()) clearTimeout(w.timer);
      ws.close();
    },
  };
}
