/**
 * The agent names its session and the user steers titles (issue 33), in a real core (real
 * SQLite file, real router) with the stand-in model server behind the real Anthropic SDK:
 * an agent's title is judged, stored as `agent`, never over the user's, one a minute; a
 * session's "Title automatically" off means no title call at all; an earlier title from the
 * history becomes the user's, pinned.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type SwarmCore } from '../../../src/main/core/app';
import { setLogSink } from '../../../src/main/core/logger';
import { createManualClock, type ManualClock } from '../../../src/main/core/services';
import { AGENT_TITLE_EVERY_MS } from '../../../src/main/core/ambient/features/agentTitle';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../src/shared/ipc/contract';
import { startModelServer, type ModelServer } from '../../support/model-server';

setLogSink(() => {});

let server: ModelServer;
let dataDir: string;
const open: SwarmCore[] = [];

function startCore(clock?: ManualClock): SwarmCore {
  const env = { ANTHROPIC_API_KEY: 'x', ANTHROPIC_BASE_URL: server.url, PATH: process.env.PATH };
  const c = createCore({ dataDir, platform: { transport: 'web', openExternal: async () => false }, env, defaultFolder: '/tmp', ...(clock ? { clock } : {}) });
  open.push(c);
  return c;
}

async function ok<C extends ChannelName>(c: SwarmCore, channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const r = await c.router.handle(channel, input, { transport: 'test' });
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value as ChannelOutput<C>;
}

function turn(c: SwarmCore, id: string, user: string, assistant: string): void {
  c.services.sessions.appendEntry(id, 'user', user);
  c.services.sessions.appendEntry(id, 'assistant', assistant);
  c.services.hooks.emit('turnCompleted', c.services.sessions.get(id));
}

async function settle(c: SwarmCore): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    await c.services.ambient.engine.scheduler.idle();
    await new Promise((r) => setTimeout(r, 20));
  }
}

const titleRequests = () => server.requests.filter((r) => r.lastUserText.includes('<user_message>') || r.lastUserText.includes('<current_title>'));

beforeEach(async () => {
  server = await startModelServer();
  dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-steer-'));
});
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the agent sets its title', () => {
  it('is judged like a model title, stored as agent, at most one a minute, never over the user’s', async () => {
    server.setPolicy(() => ({ text: 'SKIP' }));
    const clock = createManualClock(Date.now());
    const core = startCore(clock);
    const row = await ok(core, 'sessions:create', { kind: 'chat' });
    const agent = core.services.ambient.agentTitles;

    // A placeholder, a refusal and generic words are refused, and the agent is told why.
    for (const text of ['(none yet)', 'Untitled', "I'm sorry, I can't determine a title for this session", 'Agent 2']) {
      const r = agent.set(row.id, text);
      expect(r, text).toMatchObject({ used: false, reason: 'rejected' });
      expect(r.message, text).toMatch(/^Not used: /);
    }
    expect((await ok(core, 'sessions:get', { id: row.id })).title).toBeNull();

    expect(agent.set(row.id, '  "Port the billing API to async."  ')).toEqual({ used: true, title: 'Port the billing API to async', message: 'The session is titled “Port the billing API to async”.' });
    const titled = await ok(core, 'sessions:get', { id: row.id });
    expect(titled).toMatchObject({ title: 'Port the billing API to async', titleSource: 'agent', titlePinned: false });

    // One a minute: a second within the minute is refused, and taken after it.
    expect(agent.set(row.id, 'Async billing API with retries')).toMatchObject({ used: false, reason: 'too-soon' });
    clock.advance(AGENT_TITLE_EVERY_MS);
    expect(agent.set(row.id, 'Async billing API with retries')).toMatchObject({ used: true });
    expect((await ok(core, 'sessions:get', { id: row.id })).title).toBe('Async billing API with retries');

    // The user's rename pins: the agent's next title is refused and the user's stays.
    await ok(core, 'sessions:rename', { id: row.id, title: 'Billing work' });
    clock.advance(AGENT_TITLE_EVERY_MS);
    expect(agent.set(row.id, 'Billing API cleanup')).toMatchObject({ used: false, reason: 'pinned' });
    expect((await ok(core, 'sessions:get', { id: row.id })).title).toBe('Billing work');
    const history = await ok(core, 'sessions:titleHistory', { id: row.id });
    expect(history.map((h) => [h.value, h.source])).toEqual([
      ['Port the billing API to async', 'agent'],
      ['Async billing API with retries', 'agent'],
      ['Billing work', 'user'],
    ]);
  });
});

describe('Title automatically', () => {
  it('off: no title call is made (created or maintained), the agent is refused, the current title stays; on again titles', async () => {
    server.setPolicy((req) => ({ text: req.lastUserText.includes('<current_title>') ? 'ANSWER: Upload resume and progress' : 'ANSWER: Add retry backoff to uploads' }));
    const core = startCore();
    const titledFirst = await ok(core, 'sessions:create', { kind: 'chat' });
    const untitled = await ok(core, 'sessions:create', { kind: 'chat' });
    expect(await ok(core, 'sessions:titleAutomatic', { id: untitled.id })).toEqual({ id: untitled.id, automatic: true });

    turn(core, titledFirst.id, 'add retry backoff to the uploader', 'Done.');
    await settle(core);
    expect((await ok(core, 'sessions:get', { id: titledFirst.id })).title).toBe('Add retry backoff to uploads');

    for (const id of [titledFirst.id, untitled.id]) expect(await ok(core, 'sessions:setTitleAutomatic', { id, automatic: false })).toEqual({ id, automatic: false });
    const before = titleRequests().length;
    turn(core, untitled.id, 'make the uploader resumable', 'Done.');
    turn(core, titledFirst.id, 'now make uploads resumable after a crash', 'Added resume.');
    await settle(core);
    expect(titleRequests()).toHaveLength(before);
    expect((await ok(core, 'sessions:get', { id: untitled.id })).title).toBeNull();
    expect((await ok(core, 'sessions:get', { id: titledFirst.id })).title).toBe('Add retry backoff to uploads');
    expect(core.services.ambient.agentTitles.set(titledFirst.id, 'Resumable uploads')).toMatchObject({ used: false, reason: 'off' });

    // Kept across a restart (a session option), and on again titles as before.
    await open.pop()!.close();
    const again = startCore();
    expect(await ok(again, 'sessions:titleAutomatic', { id: untitled.id })).toEqual({ id: untitled.id, automatic: false });
    await ok(again, 'sessions:setTitleAutomatic', { id: untitled.id, automatic: true });
    turn(again, untitled.id, 'and add a progress bar', 'Added.');
    await settle(again);
    expect((await ok(again, 'sessions:get', { id: untitled.id })).title).toBe('Add retry backoff to uploads');
  });
});

describe('Title history', () => {
  it('"Use this title": an earlier title becomes the user’s, pinned, and automatic titles leave it', async () => {
    const replies = { create: 'ANSWER: Add retry backoff', maintain: 'ANSWER: Resumable uploads with progress' };
    server.setPolicy((req) => ({ text: req.lastUserText.includes('<current_title>') ? replies.maintain : replies.create }));
    const core = startCore();
    const row = await ok(core, 'sessions:create', { kind: 'chat' });
    turn(core, row.id, 'add retry backoff to the uploader', 'Done.');
    await settle(core);
    turn(core, row.id, 'now make uploads resumable and show progress', 'Done.');
    await settle(core);
    const history = await ok(core, 'sessions:titleHistory', { id: row.id });
    expect(history.map((h) => [h.value, h.source, h.model])).toEqual([
      ['Add retry backoff', 'auto', expect.any(String)],
      ['Resumable uploads with progress', 'auto', expect.any(String)],
    ]);

    const used = await ok(core, 'sessions:rename', { id: row.id, title: history[0]!.value! });
    expect(used).toMatchObject({ title: 'Add retry backoff', titleSource: 'user', titlePinned: true });
    replies.maintain = 'ANSWER: Something else entirely';
    const calls = titleRequests().length;
    turn(core, row.id, 'and cap it at 30 seconds', 'Capped.');
    await settle(core);
    expect(titleRequests()).toHaveLength(calls);
    expect((await ok(core, 'sessions:get', { id: row.id })).title).toBe('Add retry backoff');
  });
});
