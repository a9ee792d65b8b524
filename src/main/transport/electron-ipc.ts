import { CHANNEL_NAMES } from '../../shared/ipc/contract';
import { EVENT_NAMES } from '../../shared/ipc/bridge';
import { MAX_REQUEST_DEPTH, TOO_DEEP_MESSAGE, valueDeeperThan } from '../../shared/jsonDepth';
import { fail, type Result } from '../../shared/result';
import { createLogger, RateLimitedWarnings } from '../core';
import type { EventSource, RouterLike } from './router-like';

const log = createLogger('ipc');
/** A window can send deep inputs at will: at most 10 lines a minute, then a count. */
const refusals = new RateLimitedWarnings(log, 10, 60_000);

/** The parts of Electron's IpcMainInvokeEvent the trust check reads. */
export interface FrameLike {
  readonly url: string;
  /** null for a webContents' top frame. */
  readonly parent: FrameLike | null;
}
export interface InvokeEventLike {
  readonly sender: { readonly id: number };
  readonly senderFrame: FrameLike | null;
}

/** The parts of Electron's ipcMain this transport uses (a fake in unit tests). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<Result<unknown>>): void;
  removeHandler(channel: string): void;
}

export interface IpcTransportOptions {
  readonly ipcMain: IpcMainLike;
  readonly router: RouterLike;
  /** Decides, per message, whether the sender is our window's top frame on app://swarmdesk. */
  readonly isTrusted: (event: InvokeEventLike) => boolean;
}

/**
 * The Electron transport: one `ipcMain.handle` per contract channel (no
 * generic gateway), each refusing untrusted senders before the router sees
 * anything. Returns a function that removes the handlers.
 */
export function registerIpcChannels(opts: IpcTransportOptions): () => void {
  for (const channel of CHANNEL_NAMES) {
    opts.ipcMain.handle(channel, async (event, input) => {
      let trusted = false;
      try {
        trusted = opts.isTrusted(event);
      } catch (err) {
        log.warn('sender check failed', { channel, err });
      }
      if (!trusted) {
        log.warn('refused IPC from an untrusted sender', { channel });
        return fail('FORBIDDEN', 'This window may not call Swarmdesk.');
      }
      // The structured clone arrives whole; a schema or the relay's JSON.stringify would recurse through it.
      if (valueDeeperThan(input, MAX_REQUEST_DEPTH)) {
        refusals.warn('refused IPC nested too deeply', { channel });
        return fail('BAD_INPUT', TOO_DEEP_MESSAGE);
      }
      return opts.router.handle(channel, input, { transport: 'electron' });
    });
  }
  return () => {
    for (const channel of CHANNEL_NAMES) opts.ipcMain.removeHandler(channel);
  };
}

/** Where pushes go: our window's webContents while it exists. */
export interface PushTarget {
  send(channel: string, payload: unknown): void;
}

/** Forward core events to the window, one IPC message name per event name. */
export function forwardEvents(events: EventSource, target: () => PushTarget | null): () => void {
  const known = new Set<string>(EVENT_NAMES);
  return events.subscribe((event, payload) => {
    if (!known.has(event)) return;
    const t = target();
    if (t === null) return;
    try {
      t.send(event, payload);
    } catch (err) {
      log.warn('could not push an event to the window', { event, err });
    }
  });
}
