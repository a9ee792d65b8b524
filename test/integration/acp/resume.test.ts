import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../src/main/core/logger';
import { FAKE_AGENT } from './harness';
import { tempDir } from '../agents/helpers';
import { entries, entryOf, live, ok, startCore, statusBecomes, useFakeAgent, type Harness } from './harness';

setLogSink(() => {});

let dir: ReturnType<typeof tempDir>;
let h: Harness;
beforeEach(() => {
  dir = tempDir('acp-resume');
});
afterEach(async () => {
  await h.core.close();
  dir.remove();
});

describe('ACP sessions: resume, steer, sign-in, environment', () => {
  it('after a restart the next prompt resumes with session/load; the replayed history is not recorded again', async () => {
    h = startCore(dir.path);
    await useFakeAgent(h);
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await ok(h, 'sessions:send', { id: row.id, text: 'say hello' });
    await statusBecomes(h, row.id, 'idle');
    const backendId = h.core.services.sessions.get(row.id).backendId;
    await h.core.close();

    h = startCore(dir.path);
    await ok(h, 'sessions:send', { id: row.id, text: 'what did I say' });
    await entryOf(h, row.id, 'assistant', /You said: what did I say\. Before: say hello\./);
    await statusBecomes(h, row.id, 'idle');
    expect(entries(h, row.id).map((e) => e.kind)).toEqual(['user', 'thinking', 'assistant', 'user', 'assistant']);
    expect(h.core.services.sessions.get(row.id).backendId).toBe(backendId);
    const log = readFileSync(h.logFile, 'utf8').split('\n');
    expect(log.filter((l) => l.startsWith('session/new'))).toHaveLength(1);
    expect(log).toContain(`session/load ${backendId}`);
  });

  it('text sent mid-turn is queued and sent as the next prompt when the turn ends', async () => {
    h = startCore(dir.path);
    await useFakeAgent(h);
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await ok(h, 'sessions:send', { id: row.id, text: 'write notes.txt' });
    await entryOf(h, row.id, 'note', /^Permission asked/);
    const steer = await ok(h, 'sessions:send', { id: row.id, text: 'then this' });
    expect(steer.kind).toBe('steer');
    await entryOf(h, row.id, 'note', /takes this message when the current turn ends/);
    const req = (await ok(h, 'acp:permission', { id: row.id })).request;
    await ok(h, 'acp:answerPermission', { id: row.id, requestId: req?.requestId ?? '', optionId: 'proceed_once' });
    await entryOf(h, row.id, 'assistant', /You said: then this\. Before: write notes.txt/);
    await statusBecomes(h, row.id, 'idle');
  });

  it('an agent that asks to sign in is authenticated with its key method when its key is in its environment; without, a typed error names the methods', async () => {
    h = startCore(dir.path);
    await useFakeAgent(h, { FAKE_ACP_MODE: 'auth', FAKE_API_KEY: 'k' });
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await ok(h, 'sessions:send', { id: row.id, text: 'say hello' });
    await entryOf(h, row.id, 'assistant', /Hello there/);
    expect(readFileSync(h.logFile, 'utf8')).toContain('authenticate fake-api-key');

    await useFakeAgent(h, { FAKE_ACP_MODE: 'auth' });
    const other = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await ok(h, 'sessions:send', { id: other.id, text: 'say hello' });
    const err = await entryOf(h, other.id, 'error');
    expect(err.text).toMatch(/asks to sign in \(its methods: “Use a fake API key”\)/);
    await statusBecomes(h, other.id, 'error');
  });

  it('a built-in agent gets its own provider key only; a user-defined agent none but its own variables', async () => {
    const keys = { GEMINI_API_KEY: 'g', OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'a', CODEX_API_KEY: 'c', SWARMDESK_GEMINI_PATH: FAKE_AGENT };
    h = startCore(dir.path, { env: keys, acp: { baseEnv: {} } });
    const agents = await ok(h, 'acp:agents', {});
    expect(agents.agents.find((a) => a.id === 'gemini')).toMatchObject({ available: true, reason: null, installHint: null });
    const gem = await ok(h, 'sessions:create', { kind: 'acp', agent: 'gemini' });
    await ok(h, 'sessions:send', { id: gem.id, text: 'env' });
    await entryOf(h, gem.id, 'assistant', /^env: GEMINI_API_KEY$/);
    expect(live(h, gem.id).pid).not.toBeNull();

    await useFakeAgent(h, { FAKE_CUSTOM_VAR: '1' });
    const custom = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await ok(h, 'sessions:send', { id: custom.id, text: 'env' });
    await entryOf(h, custom.id, 'assistant', /^env: FAKE_CUSTOM_VAR$/);
  });
});
