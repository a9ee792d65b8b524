import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES } from '../../../src/shared/ipc/contract';
import { EVENT_NAMES } from '../../../src/shared/ipc/bridge';

// The real preload entry, with Electron replaced by recorders: what it hands
// to contextBridge is exactly what the page can reach.
const exposed = new Map<string, unknown>();
const invoke = vi.fn(async (..._args: unknown[]) => ({ ok: true, value: 'x' }));
const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
const ipcRenderer = {
  invoke,
  on: vi.fn((channel: string, fn: (...args: unknown[]) => void) => {
    if (!listeners.has(channel)) listeners.set(channel, new Set());
    listeners.get(channel)?.add(fn);
  }),
  removeListener: vi.fn((channel: string, fn: (...args: unknown[]) => void) => listeners.get(channel)?.delete(fn)),
  send: vi.fn(),
  sendSync: vi.fn(),
};
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer,
}));

interface Exposed {
  call: Record<string, (input: unknown) => Promise<unknown>>;
  on: (event: string, listener: (payload: unknown) => void) => () => void;
}

async function loadPreload(): Promise<Exposed> {
  exposed.clear();
  vi.resetModules();
  await import('../../../src/preload/index');
  return exposed.get('swarmdesk') as Exposed;
}

describe('preload: exposes only the contract', () => {
  beforeEach(() => {
    invoke.mockClear();
    listeners.clear();
  });

  it('exposes one global, `swarmdesk`, with only `call` and `on`', async () => {
    const api = await loadPreload();
    expect([...exposed.keys()]).toEqual(['swarmdesk']);
    expect(Object.keys(api).sort()).toEqual(['call', 'on']);
    const text = JSON.stringify(Object.keys(api)) + Object.keys(api.call).join();
    expect(text).not.toMatch(/ipcRenderer|process|env|require|electron/i);
  });

  it('has exactly one function per contract channel', async () => {
    const api = await loadPreload();
    expect(Object.keys(api.call).sort()).toEqual([...CHANNEL_NAMES].sort());
    for (const name of CHANNEL_NAMES) expect(typeof api.call[name]).toBe('function');
    expect(Object.isFrozen(api.call)).toBe(true);
  });

  it('each function invokes only its own channel with the input', async () => {
    const api = await loadPreload();
    const result = await api.call['sessions:list']?.({ includeArchived: true });
    expect(result).toEqual({ ok: true, value: 'x' });
    expect(invoke).toHaveBeenCalledExactlyOnceWith('sessions:list', { includeArchived: true });
    expect(ipcRenderer.send).not.toHaveBeenCalled();
    expect(ipcRenderer.sendSync).not.toHaveBeenCalled();
  });

  it('on() accepts known events only and hands the listener the payload, not the IPC event', async () => {
    const api = await loadPreload();
    expect(() => api.on('sessions:list', () => undefined)).toThrow(/Unknown Swarmdesk event/);
    expect(() => api.on('__proto__', () => undefined)).toThrow(/Unknown Swarmdesk event/);
    const got: unknown[][] = [];
    const off = api.on('app:notice', (...args: unknown[]) => got.push(args));
    for (const fn of listeners.get('app:notice') ?? []) fn({ sender: 'SECRET-IPC-EVENT' }, { message: 'hi' });
    expect(got).toEqual([[{ message: 'hi' }]]);
    off();
    expect(listeners.get('app:notice')?.size).toBe(0);
  });

  it('every contract event can be subscribed to', async () => {
    const api = await loadPreload();
    for (const event of EVENT_NAMES) api.on(event, () => undefined)();
    expect(EVENT_NAMES.length).toBeGreaterThan(0);
  });
});
