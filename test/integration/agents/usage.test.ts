import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type SwarmCore } from '../../../src/main/core/app';
import { setLogSink } from '../../../src/main/core/logger';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../src/shared/ipc/contract';
import type { EventPayload } from '../../../src/shared/ipc/events';
import { startModelServer, type ModelServer } from '../../support/model-server';
import { estimateTokens } from '../../support/model-server-wire';
import { until } from '../../support/until';
import { agentCoreEnv, tempDir } from './helpers';

/**
 * What each session costs (issue 10 §6), end to end: a real core on a temp
 * SQLite file, the stand-in model server counting tokens, the real Claude Code
 * CLI and the chat backend; usage read back through `sessions:usage`.
 */
setLogSink(() => {});

let server: ModelServer;
let dir: ReturnType<typeof tempDir>;
let core: SwarmCore;
let pushes: Array<EventPayload<'session:usage'>>;

function start(extraEnv: NodeJS.ProcessEnv = {}): SwarmCore {
  const env = agentCoreEnv(server.url, dir.path, extraEnv);

  const c = createCore({ dataDir: `${dir.path}/data`, platform: { transport: 'web', openExternal: async () => false }, env, defaultFolder: dir.path });
  pushes = [];
  c.events.subscribe((event, payload) => {
    if (event === 'session:usage') pushes.push(payload as EventPayload<'session:usage'>);
  });
  return c;
}

async function ok<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const r = await core.router.handle(channel, input, { transport: 'test' });
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value as ChannelOutput<C>;
}

/** What the stand-in reported as input for its requests so far (its own estimate of each request body). */
const inputReported = (from = 0) => server.requests.slice(from).reduce((sum, r) => sum + estimateTokens(JSON.stringify(r.body ?? {})), 0);

beforeEach(async () => {
  server = await startModelServer();
  dir = tempDir('agents-usage');
});
afterEach(async () => {
  await core.close();
  await server.close();
  dir.remove();
});

describe('usage per turn and per session', () => {
  it('chat: each turn keeps the tokens the API reported, summed per session; no money without a reported cost', async () => {
    core = start();
    server.enqueue({ text: 'First reply.', outputTokens: 42 }, { text: 'Second reply.', outputTokens: 7 });
    const row = await ok('sessions:create', { kind: 'chat' });
    expect(await ok('sessions:usage', { id: row.id })).toEqual({
      sessionId: row.id,
      total: { turns: 0, inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: null },
      lastTurn: null,
      ambient: { calls: 0, inputTokens: 0, outputTokens: 0 },
    });
    await ok('sessions:send', { id: row.id, text: 'tell me about kumquats' });
    await until(() => pushes.length === 1, { timeoutMs: 10_000, message: 'first usage push' });
    const firstInput = inputReported();
    expect(pushes[0]?.total).toMatchObject({ turns: 1, inputTokens: firstInput, outputTokens: 42, costUsd: null });
    await until(() => core.services.sessions.get(row.id).status === 'idle', { timeoutMs: 10_000, message: 'turn over' });
    await ok('sessions:send', { id: row.id, text: 'and limes?' });
    await until(() => pushes.length === 2, { timeoutMs: 10_000, message: 'second usage push' });
    const usage = await ok('sessions:usage', { id: row.id });
    expect(usage.total).toEqual({ turns: 2, inputTokens: inputReported(), outputTokens: 49, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: null });
    expect(usage.lastTurn).toMatchObject({ turns: 1, inputTokens: inputReported(1), outputTokens: 7, costUsd: null });
    expect(pushes[1]).toEqual(usage);
  });

  it('claude-code: the real CLI result gives tokens and, on an API key, the money of each turn; kept across a restart', async () => {
    core = start();
    server.enqueue({ text: 'Hello from the first turn.', outputTokens: 11 }, { text: 'Hello from the second turn.', outputTokens: 13 });
    const row = await ok('sessions:create', { kind: 'claude-code' });
    await ok('sessions:send', { id: row.id, text: 'say hello' });
    await until(() => pushes.length === 1, { timeoutMs: 60_000, message: 'first CLI usage' });
    const first = pushes[0]?.lastTurn;
    expect(first).toMatchObject({ turns: 1, outputTokens: 11 });
    expect(first?.inputTokens).toBeGreaterThan(0);
    expect(first?.costUsd).toBeGreaterThan(0);
    await until(() => core.services.sessions.get(row.id).status !== 'working', { timeoutMs: 30_000, message: 'first turn over' });
    await ok('sessions:send', { id: row.id, text: 'again' });
    await until(() => pushes.length === 2, { timeoutMs: 60_000, message: 'second CLI usage' });
    const usage = await ok('sessions:usage', { id: row.id });
    expect(usage.total.turns).toBe(2);
    expect(usage.total.outputTokens).toBe(24);
    // The second turn costs about what the first did (a longer history, same tiny reply), not the running total again.
    const second = usage.lastTurn?.costUsd ?? 0;
    expect(second).toBeGreaterThan(0);
    expect(second).toBeLessThan((first?.costUsd ?? 0) * 1.9);
    expect(usage.total.costUsd).toBeCloseTo((first?.costUsd ?? 0) + second, 10);
    await until(() => core.services.sessions.get(row.id).status !== 'working', { timeoutMs: 30_000, message: 'second turn over' });
    await core.close();
    core = start();
    expect(await ok('sessions:usage', { id: row.id })).toEqual(usage);
  });
});
