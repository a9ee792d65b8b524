import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../src/main/core/logger';
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
  it('streams the answer, commits thought and message, stores the ACP session id, and ends the turn waiting for the user', async () => {
    await useFakeAgent(h);
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await ok(h, 'sessions:send', { id: row.id, text: 'say hello' });
    await entryOf(h, row.id, 'assistant');
    await statusBecomes(h, row.id, 'waiting');
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

  it('keeps what a turn used where the agent reports it (ACP usage, Gemini CLI quota); a plan is a checklist note', async () => {
    await useFakeAgent(h);
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await ok(h, 'sessions:send', { id: row.id, text: 'say hello' });
    await statusBecomes(h, row.id, 'waiting');
    await ok(h, 'sessions:send', { id: row.id, text: 'plan' });
    await entryOf(h, row.id, 'assistant', /Planned/);
    await statusBecomes(h, row.id, 'waiting');
    const plan = await entryOf(h, row.id, 'note');
    expect(plan).toMatchObject({ text: '[x] Look at the code\n[~] Fix the bug\n[ ] Write a test', meta: { plan: true } });
    await ok(h, 'sessions:send', { id: row.id, text: 'no usage here' });
    await entryOf(h, row.id, 'assistant', /You said: no usage here/);
    await statusBecomes(h, row.id, 'waiting');
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
    const agents = await ok(h, 'acp:agents', {});
    expect(agents.agents.map((a) => [a.id, a.name, a.available])).toEqual([
      ['gemini', 'Gemini CLI', false],
      ['codex', 'Codex', false],
      ['qwen', 'Qwen Code', false],
      ['custom-fake', 'Fake agent', true],
    ]);
  });
});
