import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type SwarmCore } from '../../../src/main/core/app';
import { createManualClock } from '../../../src/main/core/services';
import { tempDataDir } from '../store/tempDir';
import { T0 } from './harness';

/*
 * The ambient engine as the core wires it, on the offline titler (no model, no
 * network): it hears the agents' hooks on CoreHooks itself, "Let Swarmdesk
 * title this" asks it explicitly, and its call log is stamped by the injected clock.
 */

let core: SwarmCore | null = null;
afterEach(async () => {
  await core?.close();
  core = null;
});

function start(): SwarmCore {
  const dataDir = tempDataDir('swarmdesk-wiring-');
  const env = { HOME: dataDir, PATH: process.env.PATH ?? '', SWARMDESK_AMBIENT_PROVIDER: 'offline', SWARMDESK_IMPORT: '0' };
  return createCore({ dataDir, platform: { transport: 'web', openExternal: async () => false }, clock: createManualClock(T0), env, defaultFolder: '/home/tester' });
}

describe('what the ambient engine reads of a session', () => {
  it('leaves out an imported branch rewound in its own tool: the model reads the conversation that was kept', async () => {
    core = start();
    const row = await core.router.handle('sessions:create', { kind: 'chat' }, { transport: 'test' });
    if (!row.ok) throw new Error('no session');
    const id = (row.value as { id: string }).id;
    core.services.store.entries.appendMany(
      id,
      [
        { kind: 'user', text: 'the websocket drops', meta: null, createdAt: T0 },
        { kind: 'note', text: 'Rewound: 1 message not kept', meta: { rewound: 1 }, createdAt: T0 },
        { kind: 'user', text: 'rewrite the whole client in rust', meta: { rewoundBranch: true }, createdAt: T0 },
        { kind: 'user', text: 'just raise the ping interval', meta: null, createdAt: T0 },
      ],
      false,
    );
    expect(core.services.ambient.engine.recentEntries(id).map((e) => e.text)).toEqual(['the websocket drops', 'Rewound: 1 message not kept', 'just raise the ping interval']);
  });
});

/** Resolves with the next automatic title stored for `id` (the titleChanged hook: an explicit signal), bounded. */
function nextTitle(c: SwarmCore, id: string, ms = 10_000): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('no title within the bound'));
    }, ms);
    const off = c.services.hooks.on('titleChanged', (row) => {
      if (row.id !== id || row.titleSource === 'user') return;
      clearTimeout(timer);
      off();
      resolve(row.title);
    });
  });
}

describe('ambient wiring', () => {
  it('a turnCompleted raised on CoreHooks titles the session; the call is logged at the injected clock’s time', async () => {
    core = start();
    const s = core.services.sessions;
    const row = s.create({ kind: 'chat' });
    s.appendEntry(row.id, 'user', 'make the checkout button work on mobile safari');
    s.appendEntry(row.id, 'assistant', 'The click handler was bound after render; fixed.');
    const title = nextTitle(core, row.id);
    core.services.hooks.emit('turnCompleted', s.get(row.id));
    expect(await title).toMatch(/\S/);
    const calls = core.services.store.ambientCalls.forSession(row.id, 10);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.at === T0)).toBe(true);
  });

  it('"Let Swarmdesk title this" unpins the user title and asks for a new one', async () => {
    core = start();
    const s = core.services.sessions;
    const row = s.create({ kind: 'chat' });
    s.appendEntry(row.id, 'user', 'make the checkout button work on mobile safari');
    s.appendEntry(row.id, 'assistant', 'Fixed.');
    s.rename(row.id, 'My own name');
    // The service alone only unpins: titling is the engine's, asked for by the handler.
    const callsBefore = core.services.store.ambientCalls.forSession(row.id, 50).length;
    s.releaseTitle(row.id);
    expect(core.services.ambient.engine.scheduler.isBusy(`${row.id}:title`)).toBe(false);
    await core.services.ambient.engine.scheduler.idle();
    expect(core.services.store.ambientCalls.forSession(row.id, 50)).toHaveLength(callsBefore);
    expect(s.get(row.id)).toMatchObject({ title: 'My own name', titlePinned: false });
    const title = nextTitle(core, row.id);
    const r = await core.router.handle('sessions:releaseTitle', { id: row.id }, { transport: 'test' });
    expect(r.ok).toBe(true);
    expect(await title).not.toBe('My own name');
    expect(s.get(row.id).titleSource).toBe('auto');
  });
});
