import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../src/main/core/logger';
import { SECRET_MASK } from '../../../src/shared/secretEnv';
import { until } from '../../support/until';
import { tempDir } from '../agents/helpers';
import { entryOf, fails, FAKE_AGENT, live, ok, pushed, startCore, statusBecomes, useFakeAgent, type Harness } from './harness';

setLogSink(() => {});

let dir: ReturnType<typeof tempDir>;
let h: Harness;
beforeEach(() => {
  dir = tempDir('acp-modes');
});
afterEach(async () => {
  await h.core.close();
  dir.remove();
});

const logLines = (): string[] => readFileSync(h.logFile, 'utf8').split('\n');
const optionsOf = () => h.core.services.store.sessionOptions;

async function firstTurn(): Promise<string> {
  const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
  await ok(h, 'sessions:send', { id: row.id, text: 'say hello' });
  await statusBecomes(h, row.id, 'idle');
  return row.id;
}

async function ask(id: string, expected: RegExp): Promise<void> {
  const before = h.core.services.store.entries.page(id, undefined, 1_000).entries.length;
  await ok(h, 'sessions:send', { id, text: 'choices' });
  await until(() => h.core.services.store.entries.page(id, undefined, 1_000).entries.slice(before).find((e) => e.kind === 'assistant'), { timeoutMs: 15_000, message: 'the answer to choices' });
  const answer = h.core.services.store.entries.page(id, undefined, 1_000).entries.slice(before).find((e) => e.kind === 'assistant');
  expect(answer?.text).toMatch(expected);
  await statusBecomes(h, id, 'idle');
}

describe('ACP modes and models', () => {
  it('lists what the agent offers, sets a mode and a model on the live agent, and pushes every change (the agent’s own too)', async () => {
    h = startCore(dir.path);
    await useFakeAgent(h);
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    expect(await ok(h, 'acp:sessionOptions', { id: row.id })).toEqual({ modes: null, models: null });
    expect((await fails(h, 'acp:setMode', { id: row.id, modeId: 'yolo' })).code).toBe('BAD_INPUT');
    await ok(h, 'sessions:send', { id: row.id, text: 'say hello' });
    await statusBecomes(h, row.id, 'idle');

    const options = await ok(h, 'acp:sessionOptions', { id: row.id });
    expect(options.modes).toEqual({
      current: 'default',
      available: [
        { id: 'default', name: 'Default', description: 'Asks before every edit' },
        { id: 'auto-edit', name: 'Auto Edit', description: 'Edits without asking' },
        { id: 'yolo', name: 'YOLO', description: null },
      ],
    });
    // The model is the config option of category model; the reasoning option beside it is not a model.
    expect(options.models).toEqual({ current: 'fake-large', available: [{ id: 'fake-large', name: 'Fake Large', description: 'The careful one' }, { id: 'fake-small', name: 'Fake Small', description: null }] });
    expect(pushed(h, 'acp:sessionOptions').at(-1)).toEqual({ sessionId: row.id, ...options });

    const afterMode = await ok(h, 'acp:setMode', { id: row.id, modeId: 'auto-edit' });
    expect(afterMode.modes?.current).toBe('auto-edit');
    const afterModel = await ok(h, 'acp:setModel', { id: row.id, modelId: 'fake-small' });
    expect(afterModel.models?.current).toBe('fake-small');
    expect(logLines()).toEqual(expect.arrayContaining(['session/set_mode auto-edit', 'session/set_config_option model fake-small']));
    await ask(row.id, /^mode auto-edit, model fake-small$/);
    expect(pushed(h, 'acp:sessionOptions').at(-1)).toMatchObject({ sessionId: row.id, modes: { current: 'auto-edit' }, models: { current: 'fake-small' } });
    expect((await fails(h, 'acp:setMode', { id: row.id, modeId: 'plan' })).code).toBe('BAD_INPUT');
    expect((await fails(h, 'acp:setModel', { id: row.id, modelId: 'medium' })).code).toBe('BAD_INPUT');

    // The agent changes its own mode: pushed, and no note about an unknown update.
    await ok(h, 'sessions:send', { id: row.id, text: 'go yolo' });
    await entryOf(h, row.id, 'assistant', /Now in YOLO mode/);
    await until(() => pushed(h, 'acp:sessionOptions').at(-1)?.modes?.current === 'yolo', { message: 'the current_mode_update pushed' });
    expect((await ok(h, 'acp:sessionOptions', { id: row.id })).modes?.current).toBe('yolo');
    expect(h.core.services.store.entries.page(row.id, undefined, 1_000).entries.some((e) => /does not know/.test(e.text))).toBe(false);
  });

  it('a choice made while no agent runs (after Stop ended it) is kept and applied when it starts again, and again after a core restart', async () => {
    h = startCore(dir.path, { acp: { stopMs: 300 } });
    await useFakeAgent(h);
    const id = await firstTurn();
    await ok(h, 'sessions:send', { id, text: 'hang hard' });
    await until(() => pushed(h, 'entry:streaming').some((p) => p.sessionId === id && p.text === 'Working on it'), { message: 'the streaming text' });
    const pid = live(h, id).pid;
    await ok(h, 'sessions:stop', { id });
    await statusBecomes(h, id, 'idle');
    expect(live(h, id).pid).toBeNull();
    expect(pid).not.toBeNull();

    const chosen = await ok(h, 'acp:setMode', { id, modeId: 'yolo' });
    expect(chosen.modes?.current).toBe('yolo');
    await ok(h, 'acp:setModel', { id, modelId: 'fake-small' });
    expect(pushed(h, 'acp:sessionOptions').at(-1)).toMatchObject({ modes: { current: 'yolo' }, models: { current: 'fake-small' } });
    expect(optionsOf().get(id, 'acpMode')).toBe('yolo');

    await ask(id, /^mode yolo, model fake-small$/);
    expect(live(h, id).spawns).toBe(2);
    await h.core.close();

    h = startCore(dir.path);
    await ask(id, /^mode yolo, model fake-small$/);
    const log = logLines();
    expect(log.filter((l) => l === 'session/set_mode yolo')).toHaveLength(2);
    expect((await ok(h, 'acp:sessionOptions', { id })).modes?.current).toBe('yolo');
  });

  it('a mode the agent no longer offers is dropped with a note; the agent keeps its own', async () => {
    h = startCore(dir.path);
    await useFakeAgent(h);
    const id = await firstTurn();
    await ok(h, 'acp:setMode', { id, modeId: 'yolo' });
    await useFakeAgent(h, { FAKE_ACP_NO_YOLO: '1' });
    await h.core.close();

    h = startCore(dir.path);
    await ask(id, /^mode default, model fake-large$/);
    await entryOf(h, id, 'note', /^Fake agent no longer offers the mode “yolo” you chose; it uses “Default”\.$/);
    expect(h.core.services.store.sessionOptions.get(id, 'acpMode')).toBeUndefined();
    expect((await ok(h, 'acp:sessionOptions', { id })).modes?.available.map((m) => m.id)).toEqual(['default', 'auto-edit']);
  });

  it('session/new gets the MCP servers configured for its agent only, in ACP’s shape; their secrets are masked in acp:settings and kept when saved masked', async () => {
    h = startCore(dir.path);
    const agent = { id: 'custom-fake', name: 'Fake agent', command: FAKE_AGENT, args: [], env: { FAKE_ACP_STATE: h.state, FAKE_ACP_LOG: h.logFile } };
    const mine = { name: 'files', command: '/usr/bin/mcp-files', args: ['--root', '/tmp'], env: { FILES_API_KEY: 's3cret', LEVEL: 'debug' } };
    await ok(h, 'acp:setSettings', { geminiPath: null, codexAcpPath: null, qwenPath: null, custom: [agent], mcpServers: { 'custom-fake': [mine], gemini: [{ name: 'other', command: '/usr/bin/other', args: [], env: {} }] } });
    const settings = await ok(h, 'acp:settings', {});
    expect(settings.mcpServers['custom-fake']?.[0]?.env).toEqual({ FILES_API_KEY: SECRET_MASK, LEVEL: 'debug' });
    // Saved back as shown: the stored secret stays.
    await ok(h, 'acp:setSettings', settings);
    await firstTurn();
    const mcp = logLines().filter((l) => l.startsWith('mcp '));
    // The user's servers for this agent, then Swarmdesk's own (set_session_title, issue 33), which acp-gemini-mcp checks.
    const sent = mcp.map((l) => JSON.parse(l.slice(4)) as { name: string }[]);
    expect(sent.map((servers) => servers.filter((server) => server.name !== 'swarmdesk'))).toEqual([
      [{ name: 'files', command: '/usr/bin/mcp-files', args: ['--root', '/tmp'], env: [{ name: 'FILES_API_KEY', value: 's3cret' }, { name: 'LEVEL', value: 'debug' }] }],
    ]);
    expect(sent[0]?.at(-1)?.name).toBe('swarmdesk');
    // Bad input is a typed error.
    const bad = await fails(h, 'acp:setSettings', { ...settings, mcpServers: { 'custom-fake': [{ name: '', command: 'x', args: [], env: {} }] } });
    expect(bad.code).toBe('BAD_INPUT');
  });
});
