import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../src/main/core/logger';
import { SECRET_MASK } from '../../../src/shared/secretEnv';
import { tempDir } from '../agents/helpers';
import { entries, entryOf, ok, pushed, startCore, statusBecomes, useFakeAgent, type Harness } from './harness';

setLogSink(() => {});

let dir: ReturnType<typeof tempDir>;
let h: Harness;
beforeEach(() => {
  dir = tempDir('acp-prompt');
  h = startCore(dir.path);
});
afterEach(async () => {
  await h.core.close();
  dir.remove();
});

describe('ACP sessions: a prompt and its answer', () => {
  it('streams the answer, commits thought and message, stores the ACP session id, and ends the turn done (idle, unread)', async () => {
    await useFakeAgent(h);
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await ok(h, 'sessions:send', { id: row.id, text: 'say hello' });
    await entryOf(h, row.id, 'assistant');
    await statusBecomes(h, row.id, 'idle');
    expect(h.core.services.sessions.get(row.id).unread).toBe(true);
    const list = entries(h, row.id).map((e) => [e.kind, e.text]);
    expect(list).toEqual([
      ['user', 'say hello'],
      ['thinking', 'The user wants a greeting.'],
      ['assistant', 'Hello there, kumquat fan.'],
    ]);
    const streamed = pushed(h, 'entry:streaming').filter((p) => p.sessionId === row.id && p.kind === 'assistant');
    expect(streamed.map((p) => p.text)).toContain('Hel');
    expect(h.core.services.sessions.get(row.id).backendId).toMatch(/^fake-/);
    // The second turn goes to the same live agent and conversation.
    await ok(h, 'sessions:send', { id: row.id, text: 'and again' });
    await entryOf(h, row.id, 'assistant', /Before: say hello/);
  });

  it('an answer that asks the user a question ends the turn waiting; a plain answer after it is done (SPEC §2)', async () => {
    await useFakeAgent(h);
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await ok(h, 'sessions:send', { id: row.id, text: 'ask' });
    await entryOf(h, row.id, 'assistant', /Which one do you want/);
    await statusBecomes(h, row.id, 'waiting');
    await ok(h, 'sessions:send', { id: row.id, text: 'the small patch' });
    await entryOf(h, row.id, 'assistant', /You said: the small patch/);
    await statusBecomes(h, row.id, 'idle');
    expect(pushed(h, 'session:changed').filter((p) => p.id === row.id).map((p) => p.status)).toEqual(expect.arrayContaining(['working', 'waiting', 'idle']));
  });

  it('keeps what a turn used where the agent reports it (ACP usage, Gemini CLI quota); a plan is a checklist note', async () => {
    await useFakeAgent(h);
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await ok(h, 'sessions:send', { id: row.id, text: 'say hello' });
    await statusBecomes(h, row.id, 'idle');
    await ok(h, 'sessions:send', { id: row.id, text: 'plan' });
    await entryOf(h, row.id, 'assistant', /Planned/);
    await statusBecomes(h, row.id, 'idle');
    const plan = await entryOf(h, row.id, 'note');
    expect(plan).toMatchObject({ text: '[x] Look at the code\n[~] Fix the bug\n[ ] Write a test', meta: { plan: true } });
    await ok(h, 'sessions:send', { id: row.id, text: 'no usage here' });
    await entryOf(h, row.id, 'assistant', /You said: no usage here/);
    await statusBecomes(h, row.id, 'idle');
    const usage = await ok(h, 'sessions:usage', { id: row.id });
    expect(usage.total).toMatchObject({ turns: 2, inputTokens: 170, outputTokens: 10, cacheReadTokens: 20, costUsd: null });
    expect(usage.lastTurn).toMatchObject({ inputTokens: 50, outputTokens: 3 });
  });

  it('refuses a missing or unknown agent, an agent for another kind, and names the install hint of a missing built-in agent', async () => {
    await useFakeAgent(h);
    const r1 = await h.core.router.handle('sessions:create', { kind: 'acp' }, { transport: 'test' });
    expect(r1.ok ? null : r1.error).toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/needs an agent/) });
    const r2 = await h.core.router.handle('sessions:create', { kind: 'acp', agent: 'custom-nope' }, { transport: 'test' });
    expect(r2.ok ? null : r2.error).toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/No ACP agent has the id/) });
    const r3 = await h.core.router.handle('sessions:create', { kind: 'chat', agent: 'gemini' }, { transport: 'test' });
    expect(r3.ok ? null : r3.error).toMatchObject({ code: 'BAD_INPUT' });
    const r4 = await h.core.router.handle('sessions:create', { kind: 'acp', agent: 'qwen' }, { transport: 'test' });
    expect(r4.ok ? null : r4.error).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringContaining('npm install -g @qwen-code/qwen-code') });
    const dup = { id: 'custom-fake', name: 'Again', command: '/bin/true', args: [], env: {} };
    const r5 = await h.core.router.handle('acp:setSettings', { ...(await ok(h, 'acp:settings', {})), custom: [dup, dup] }, { transport: 'test' });
    expect(r5.ok ? null : r5.error).toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/Two of your agents have the id "custom-fake"/) });
    const agents = await ok(h, 'acp:agents', {});
    expect(agents.agents.map((a) => [a.id, a.name, a.available])).toEqual([
      ['gemini', 'Gemini CLI', false],
      ['codex', 'Codex', false],
      ['qwen', 'Qwen Code', false],
      ['custom-fake', 'Fake agent', true],
    ]);
  });

  it("never sends a user agent's secret values out of the core: masked in acp:settings, kept when saved back masked, given to the agent", async () => {
    await useFakeAgent(h, { FAKE_API_KEY: 'sk-real-secret', FAKE_CUSTOM_VAR: 'plain' });
    const shown = await ok(h, 'acp:settings', {});
    const env = shown.custom[0]?.env ?? {};
    expect(env['FAKE_API_KEY']).toBe(SECRET_MASK);
    expect(env['FAKE_CUSTOM_VAR']).toBe('plain');
    expect(JSON.stringify(shown)).not.toContain('sk-real-secret');
    // Saved back as shown (the key left masked, another value changed): the stored key is kept.
    const saved = await ok(h, 'acp:setSettings', { ...shown, custom: shown.custom.map((c) => ({ ...c, env: { ...c.env, FAKE_CUSTOM_VAR: 'changed' } })) });
    expect(JSON.stringify(saved)).not.toContain('sk-real-secret');
    expect(saved.settings.custom[0]?.env).toMatchObject({ FAKE_API_KEY: SECRET_MASK, FAKE_CUSTOM_VAR: 'changed' });
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await ok(h, 'sessions:send', { id: row.id, text: 'value of FAKE_API_KEY' });
    await entryOf(h, row.id, 'assistant', /^FAKE_API_KEY=sk-real-secret$/);
  });

  it('an ACP row names its agent (the list and a pane say which agent runs it); other rows carry none', async () => {
    await useFakeAgent(h);
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    expect(row.agent).toBe('custom-fake');
    const listed = (await ok(h, 'sessions:list', {})).find((r) => r.id === row.id);
    expect(listed?.agent).toBe('custom-fake');
    const chat = await ok(h, 'sessions:create', { kind: 'terminal' });
    expect(chat.agent).toBeUndefined();
  });
});
