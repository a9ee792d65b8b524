import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../src/main/core/logger';
import { tempDir } from '../agents/helpers';
import { entries, entryOf, fails, ok, startCore, statusBecomes, useFakeAgent, type Harness } from './harness';

setLogSink(() => {});

let dir: ReturnType<typeof tempDir>;
let h: Harness;
beforeEach(async () => {
  dir = tempDir('acp-continue');
  h = startCore(dir.path, { env: { SWARMDESK_AMBIENT_PROVIDER: 'offline' } });
  await useFakeAgent(h);
});
afterEach(async () => {
  await h.core.close();
  dir.remove();
});

describe('Continue in… an ACP agent', () => {
  it('starts an acp session with the chosen agent, seeded with the summary and last request, which the agent receives', async () => {
    const origin = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await ok(h, 'sessions:send', { id: origin.id, text: 'say hello' });
    await statusBecomes(h, origin.id, 'idle');
    h.core.services.store.sessionOptions.set(origin.id, 'summary', { text: 'Greeted the user about kumquats.', at: 1 });

    expect(await fails(h, 'sessions:continueIn', { id: origin.id, kind: 'acp' })).toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/needs an agent/) });
    expect(await fails(h, 'sessions:continueIn', { id: origin.id, kind: 'chat', agent: 'custom-fake' })).toMatchObject({ code: 'BAD_INPUT' });

    const next = await ok(h, 'sessions:continueIn', { id: origin.id, kind: 'acp', agent: 'custom-fake' });
    expect(next).toMatchObject({ kind: 'acp', folder: origin.folder });
    const answer = await entryOf(h, next.id, 'assistant', /^You said: Continuing work from/);
    expect(answer.text).toContain('Summary so far: Greeted the user about kumquats.');
    expect(answer.text).toContain('Last request: say hello');
    expect(entries(h, next.id)[0]).toMatchObject({ kind: 'note', meta: { continuedFrom: origin.id } });
  });
});
