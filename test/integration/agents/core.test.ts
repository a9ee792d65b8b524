import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type SwarmCore } from '../../../src/main/core/app';
import { setLogSink } from '../../../src/main/core/logger';
import type { ClaudeCodeSession } from '../../../src/main/core/agents/claude/backend';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../src/shared/ipc/contract';
import type { EventName, EventPayload } from '../../../src/shared/ipc/events';
import type { SessionRow } from '../../../src/shared/domain/session';
import { startModelServer, type ModelServer } from '../../support/model-server';
import { FAKE_CLAUDE, agentCoreEnv, groupAlive, tempDir } from './helpers';
import { until } from '../../support/until';

/**
 * The agents inside a real core (temp SQLite file, router, events, hooks), driven
 * through the contract's channels as the renderer drives them.
 */
setLogSink(() => {});

let server: ModelServer;
let dir: ReturnType<typeof tempDir>;
let core: SwarmCore;
let pushes: Array<{ event: EventName; payload: unknown }>;

function start(extraEnv: NodeJS.ProcessEnv = {}): SwarmCore {
  const env = agentCoreEnv(server.url, dir.path, extraEnv);

  const c = createCore({ dataDir: `${dir.path}/data`, platform: { transport: 'web', openExternal: async () => false }, env, defaultFolder: dir.path });
  pushes = [];
  c.events.subscribe((event, payload) => pushes.push({ event, payload }));
  return c;
}

async function ok<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const r = await core.router.handle(channel, input, { transport: 'test' });
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value as ChannelOutput<C>;
}

function pushed<E extends EventName>(event: E): Array<EventPayload<E>> {
  return pushes.filter((p) => p.event === event).map((p) => p.payload as EventPayload<E>);
}

const statusOf = (id: string): string => core.services.sessions.get(id).status;

beforeEach(async () => {
  server = await startModelServer();
  dir = tempDir('agents-core');
});
afterEach(async () => {
  await core.close();
  await server.close();
  dir.remove();
});

describe('agents in the core', () => {
  it('chat: the composer sends, entries land in the store, the dot goes working → done (idle, unread), typing mid-stream steers', async () => {
    core = start();
    server.enqueue({ text: 'Streaming a reply slowly so a steer can arrive.', chunkDelayMs: 80 }, { text: 'Shorter, as asked.' });
    const row = await ok('sessions:create', { kind: 'chat' });
    const sent = await ok('sessions:send', { id: row.id, text: 'tell me about kumquats' });
    expect(sent).toMatchObject({ kind: 'user', seq: 0 });
    await until(() => pushed('entry:streaming').length > 0, { timeoutMs: 10_000, message: 'live text' });
    const steer = await ok('sessions:send', { id: row.id, text: 'keep it short' });
    expect(steer.kind).toBe('steer');
    await until(() => statusOf(row.id) === 'idle' && server.requests.length === 2, { timeoutMs: 15_000, message: 'second reply' });
    const page = await ok('entries:page', { id: row.id });
    expect(page.entries.map((e) => [e.kind, e.text])).toEqual([
      ['user', 'tell me about kumquats'],
      ['steer', 'keep it short'],
      ['assistant', 'Streaming a reply slowly so a steer can arrive.'],
      ['assistant', 'Shorter, as asked.'],
    ]);
    const statuses = pushed('session:changed').filter((r) => r.id === row.id).map((r) => r.status);
    expect(statuses).toContain('working');
    expect(statuses.at(-1)).toBe('idle');
    expect(core.services.sessions.get(row.id).unread).toBe(true);
    expect(pushed('entry:added').filter((e) => e.sessionId === row.id)).toHaveLength(4);
    expect(server.requests[0]?.lastUserText).toBe('tell me about kumquats');
    expect(server.requests[1]?.lastUserText).toBe('keep it short');
  });

  it.each(['chat', 'claude-code'] as const)('%s: an answer that asks the user ends the turn waiting; a plain answer is done (SPEC §2)', async (kind) => {
    core = start();
    server.enqueue({ text: 'I found two callers.\n\nShould I change both, or only the one in billing?' }, { text: 'Changed both callers.' });
    const row = await ok('sessions:create', { kind, folder: dir.path });
    await ok('sessions:send', { id: row.id, text: 'fix the callers' });
    await until(() => statusOf(row.id) === 'waiting', { timeoutMs: 60_000, message: 'waiting after a question' });
    await ok('sessions:send', { id: row.id, text: 'both' });
    await until(() => statusOf(row.id) === 'idle', { timeoutMs: 60_000, message: 'done after a plain answer' });
    expect(core.services.sessions.get(row.id).unread).toBe(true);
    const statuses = pushed('session:changed').filter((r) => r.id === row.id).map((r) => r.status);
    expect(statuses.filter((s, i) => s !== statuses[i - 1])).toEqual(['idle', 'working', 'waiting', 'working', 'idle']);
  });

  it('chat: a missing provider is a typed error on send, nothing committed', async () => {
    core = start({ ANTHROPIC_API_KEY: '', SWARMDESK_CHAT_PROVIDER: '' });
    const row = await ok('sessions:create', { kind: 'chat' });
    const r = await core.router.handle('sessions:send', { id: row.id, text: 'hello' }, { transport: 'test' });
    expect(r).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    expect((await ok('entries:page', { id: row.id })).entries).toEqual([]);
    const avail = await ok('agents:availability', {});
    expect(avail.chat.available).toBe(false);
    expect(avail['claude-code']).toEqual({ available: true, reason: null });
  });

  it('claude-code: a real CLI turn, its backend id stored, a Task use becomes a child session, hooks raised, stop ends the turn', async () => {
    core = start();
    const hooks: string[] = [];
    core.services.hooks.on('turnCompleted', (r) => void hooks.push(`turn ${r.id}`));
    core.services.hooks.on('subagentStarted', (p, c, d) => void hooks.push(`subagent ${p.id} ${c.id} ${d}`));
    server.enqueue({ content: [{ type: 'tool_use', name: 'Task', input: { description: 'Find callers', prompt: 'find every caller', subagent_type: 'general-purpose' } }] });
    server.setPolicy(() => ({ text: 'Done.' }));
    const row = await ok('sessions:create', { kind: 'claude-code', folder: dir.path });
    await ok('sessions:send', { id: row.id, text: 'delegate the search' });
    await until(() => hooks.some((h) => h.startsWith('turn')), { timeoutMs: 60_000, message: 'turn completed' });
    const stored = core.services.sessions.get(row.id);
    expect(stored.backendId).toMatch(/^[0-9a-f-]{36}$/);
    const children = core.services.sessions.list(false).filter((r: SessionRow) => r.parentId === row.id);
    expect(children).toHaveLength(1);
    const child = children[0] as SessionRow;
    expect(child.kind).toBe('claude-code');
    expect(child.firstUserLine).toBe('find every caller');
    expect(hooks).toContain(`subagent ${row.id} ${child.id} Find callers`);
    await until(() => statusOf(child.id) === 'idle', { timeoutMs: 60_000, message: 'child idle' });
    const parentEntries = (await ok('entries:page', { id: row.id })).entries;
    expect(parentEntries.map((e) => e.kind)).toContain('tool-use');
    expect(parentEntries.find((e) => e.kind === 'tool-use')?.meta).toMatchObject({ tool: 'Task', summary: 'Find callers' });

    // A second turn that hangs, stopped through the channel. The hanging reply is queued only
    // once the CLI's own follow-up turn (after the subagent ended) is over, or that turn takes it.
    await until(() => statusOf(row.id) !== 'working', { timeoutMs: 60_000, message: 'follow-up turns to finish' });
    server.enqueue({ text: 'never in time', delayMs: 60_000 });
    const seen = server.requests.length;
    await ok('sessions:send', { id: row.id, text: 'one more thing' });
    await server.waitForRequests(seen + 1, 30_000);
    const live = core.services.agents.runtime.liveSession(row.id) as ClaudeCodeSession;
    const pid = live.pid as number;
    const t0 = Date.now();
    const after = await ok('sessions:stop', { id: row.id });
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(after.status).toBe('idle');
    // The turn is interrupted; the live CLI stays for the next turn, and goes with the core.
    expect(live.working).toBe(false);
    expect(live.pid).toBe(pid);
    await core.services.agents.runtime.release(row.id);
    expect(groupAlive(pid)).toBe(false);
  });

  it('claude-code: the permission mode set through the channel reaches the CLI from the next turn', async () => {
    core = start({ SWARMDESK_CLAUDE_PATH: FAKE_CLAUDE, FAKE_CLAUDE_MODE: 'argv' });
    const row = await ok('sessions:create', { kind: 'claude-code', folder: dir.path });
    expect(await ok('agents:permissionMode', { id: row.id })).toEqual({ mode: 'default' });
    expect(await ok('agents:setPermissionMode', { id: row.id, mode: 'plan' })).toEqual({ mode: 'plan' });
    await ok('sessions:send', { id: row.id, text: 'show me your arguments' });
    await until(() => statusOf(row.id) === 'idle', { timeoutMs: 10_000, message: 'turn' });
    const argv = JSON.parse((await ok('entries:page', { id: row.id })).entries.find((e) => e.kind === 'assistant')?.text ?? '[]') as string[];
    expect(argv.slice(0, 9)).toEqual(['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--include-partial-messages', '--permission-mode', 'plan']);
    // Swarmdesk's MCP server (issue 33), its tool pre-allowed; each flag one word with its value.
    expect(argv.slice(9).map((a) => a.replace(/=.*/s, '='))).toEqual(['--mcp-config=', '--allowedTools=']);
    expect(argv[10]).toBe('--allowedTools=mcp__swarmdesk__set_session_title');
    expect(JSON.parse(argv[9]?.slice('--mcp-config='.length) ?? '')).toMatchObject({ mcpServers: { swarmdesk: { type: 'stdio' } } });
    const chat = await ok('sessions:create', { kind: 'chat' });
    const r = await core.router.handle('agents:setPermissionMode', { id: chat.id, mode: 'plan' }, { transport: 'test' });
    expect(r).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    const bad = await core.router.handle('agents:setPermissionMode', { id: row.id, mode: '--dangerously' }, { transport: 'test' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
  });
});

describe('agents across a restart', () => {
  it('a session left working by a killed app is idle when the core starts again', async () => {
    core = start();
    const chat = await ok('sessions:create', { kind: 'chat' });
    const cc = await ok('sessions:create', { kind: 'claude-code', folder: dir.path });
    for (const id of [chat.id, cc.id]) core.services.sessions.setStatus(id, 'working');
    await core.close();
    core = start();
    expect(statusOf(chat.id)).toBe('idle');
    expect(statusOf(cc.id)).toBe('idle');
  });
});
