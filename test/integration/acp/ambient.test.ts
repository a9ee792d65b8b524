import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../src/main/core/logger';
import { startModelServer, type ModelServer } from '../../support/model-server';
import { until } from '../../support/until';
import { tempDir } from '../agents/helpers';
import { entryOf, ok, startCore, statusBecomes, useFakeAgent, type Harness } from './harness';

/*
 * An ACP session is titled like any other (issue 16: "titles and maintenance"): its turn ends, the
 * ambient engine asks the model (a loopback stand-in, through the real Anthropic SDK) and the title is
 * stored and pushed. The agent itself never gets the ambient model's key.
 */
setLogSink(() => {});

let dir: ReturnType<typeof tempDir>;
let h: Harness;
let server: ModelServer;
beforeEach(async () => {
  dir = tempDir('acp-ambient');
  server = await startModelServer();
  server.setPolicy((req) => (req.lastUserText.includes('<user_message>') || req.lastUserText.includes('<recent_activity>') ? { text: 'ANSWER: Greet the kumquat grower' } : { text: 'SKIP' }));
  h = startCore(dir.path, { env: { SWARMDESK_AMBIENT_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'x', ANTHROPIC_BASE_URL: server.url } });
});
afterEach(async () => {
  await h.core.close();
  await server.close();
  dir.remove();
});

describe('ACP sessions and the ambient engine', () => {
  it('a completed ACP turn gets the session a title from the ambient model, pushed live; the agent has no Anthropic key', async () => {
    await useFakeAgent(h);
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await ok(h, 'sessions:send', { id: row.id, text: 'say hello to the kumquat grower' });
    await entryOf(h, row.id, 'assistant');
    await statusBecomes(h, row.id, 'idle');
    await until(async () => (await ok(h, 'sessions:get', { id: row.id })).title === 'Greet the kumquat grower', { timeoutMs: 30_000, message: 'the title' });
    const after = await ok(h, 'sessions:get', { id: row.id });
    expect(after.titleSource).toBe('auto');
    expect(h.pushes.some((p) => p.event === 'session:changed' && (p.payload as { id: string; title: string | null }).id === row.id && (p.payload as { title: string | null }).title === 'Greet the kumquat grower')).toBe(true);
    await ok(h, 'sessions:send', { id: row.id, text: 'env' });
    // The provider keys it can see (the fake agent lists which are set): none, though the core has one.
    expect((await entryOf(h, row.id, 'assistant', /^env: /)).text).toBe('env: none');
  });
});
