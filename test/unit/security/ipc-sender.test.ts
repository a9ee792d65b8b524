import { describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES } from '../../../src/shared/ipc/contract';
import type { Result } from '../../../src/shared/result';
import { registerIpcChannels, type InvokeEventLike, type IpcMainLike } from '../../../src/main/transport/electron-ipc';
import { trustOnlyWindow } from '../../../src/main/electron/sender';

type Listener = (event: InvokeEventLike, ...args: unknown[]) => Promise<Result<unknown>>;

function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => void handlers.delete(channel),
  };
  return { ipcMain, handlers };
}

const OUR_ID = 3;
const top = { url: 'app://swarmdesk/index.html', parent: null };
const event = (over: Partial<{ id: number; frame: { url: string; parent: unknown } | null }> = {}): InvokeEventLike =>
  ({ sender: { id: over.id ?? OUR_ID }, senderFrame: over.frame === undefined ? top : over.frame }) as InvokeEventLike;

function setup() {
  const { ipcMain, handlers } = fakeIpcMain();
  const handle = vi.fn(async () => ({ ok: true as const, value: 'served' }));
  const dispose = registerIpcChannels({ ipcMain, router: { handle }, isTrusted: trustOnlyWindow(() => OUR_ID) });
  return { handlers, handle, dispose };
}

describe('Electron IPC: one handler per channel, sender checked on each', () => {
  it('registers exactly the contract channels (no generic gateway)', () => {
    const { handlers, dispose } = setup();
    expect([...handlers.keys()].sort()).toEqual([...CHANNEL_NAMES].sort());
    dispose();
    expect(handlers.size).toBe(0);
  });

  it('passes a trusted call to the router with its own channel name', async () => {
    const { handlers, handle } = setup();
    const res = await handlers.get('sessions:get')?.(event(), { id: 'abc' });
    expect(res).toEqual({ ok: true, value: 'served' });
    expect(handle).toHaveBeenCalledExactlyOnceWith('sessions:get', { id: 'abc' }, { transport: 'electron' });
  });

  it('refuses an input nested deeper than a request may be (5,000 and 200,000 levels) with BAD_INPUT before the router sees it', async () => {
    const { handlers, handle } = setup();
    for (const depth of [5_000, 200_000]) {
      let deep: unknown = 'x';
      for (let i = 0; i < depth; i++) deep = [deep];
      const res = await handlers.get('sessions:rename')?.(event(), { id: 'a', title: deep });
      expect(res).toEqual({ ok: false, error: { code: 'BAD_INPUT', message: expect.stringContaining('nested too deeply') } });
    }
    expect(handle).not.toHaveBeenCalled();
    // A shallow input still passes.
    expect(await handlers.get('sessions:rename')?.(event(), { id: 'a', title: [[['x']]] })).toEqual({ ok: true, value: 'served' });
  });

  it.each([
    ['another webContents', event({ id: 99 })],
    ['an iframe of our window', event({ frame: { url: 'app://swarmdesk/index.html', parent: top } })],
    ['a frame showing a web page', event({ frame: { url: 'https://evil.example/', parent: null } })],
    ['a file:// page', event({ frame: { url: 'file:///tmp/x.html', parent: null } })],
    ['a disposed frame', event({ frame: null })],
  ])('refuses %s with FORBIDDEN before the router sees it', async (_label, ev) => {
    const { handlers, handle } = setup();
    const res = await handlers.get('sessions:list')?.(ev, {});
    expect(res).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: expect.any(String) } });
    expect(handle).not.toHaveBeenCalled();
  });

  it('treats a frame whose getters throw as untrusted', async () => {
    const { handlers, handle } = setup();
    const ev = {
      sender: { id: OUR_ID },
      get senderFrame(): never {
        throw new Error('Render frame was disposed');
      },
    } as unknown as InvokeEventLike;
    const res = await handlers.get('app:info')?.(ev, {});
    expect(res?.ok).toBe(false);
    expect(handle).not.toHaveBeenCalled();
  });

  it('refuses everything while the window does not exist', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const handle = vi.fn();
    registerIpcChannels({ ipcMain, router: { handle }, isTrusted: trustOnlyWindow(() => null) });
    const res = await handlers.get('app:info')?.(event(), {});
    expect(res?.ok).toBe(false);
    expect(handle).not.toHaveBeenCalled();
  });
});
