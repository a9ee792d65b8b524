import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../src/main/core/logger';
import { tempDir } from '../agents/helpers';
import { FAKE_AGENT, ok, startCore, useFakeAgent, type Harness } from './harness';

setLogSink(() => {});

// Issue 28: an ACP session carries its agent's name, so a pane names a user-defined agent after a reload or
// a restart without asking for the list of agents (which the page fetches only for New session and Settings).

let dir: ReturnType<typeof tempDir>;
let h: Harness;
beforeEach(async () => {
  dir = tempDir('acp-agent-name');
  h = startCore(dir.path);
  await useFakeAgent(h);
});
afterEach(async () => {
  await h.core.close();
  dir.remove();
});

const listed = async (id: string) => (await ok(h, 'sessions:list', { includeArchived: false })).find((r) => r.id === id);

describe('an ACP session row names its agent', () => {
  it('a user-defined agent: its name in the created row, the list, and after a restart; a rename in Settings follows; a removed agent leaves the id only', async () => {
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    expect(row).toMatchObject({ kind: 'acp', agent: 'custom-fake', agentName: 'Fake agent' });
    expect(await listed(row.id)).toMatchObject({ agent: 'custom-fake', agentName: 'Fake agent' });

    // A fresh core on the same data folder (a restart): the row still says so.
    await h.core.close();
    h = startCore(dir.path);
    expect(await listed(row.id)).toMatchObject({ agent: 'custom-fake', agentName: 'Fake agent' });

    const settings = await ok(h, 'acp:settings', {});
    await ok(h, 'acp:setSettings', { ...settings, custom: [{ id: 'custom-fake', name: 'Kumquat agent', command: FAKE_AGENT, args: [], env: {} }] });
    expect(await listed(row.id)).toMatchObject({ agentName: 'Kumquat agent' });

    await ok(h, 'acp:setSettings', { ...settings, custom: [] });
    const orphan = await listed(row.id);
    expect(orphan?.agent).toBe('custom-fake');
    expect(orphan).not.toHaveProperty('agentName');
  });

  it('other kinds carry no agent name', async () => {
    const row = await ok(h, 'sessions:create', { kind: 'terminal' });
    expect(row).not.toHaveProperty('agentName');
  });
});
