import { mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/app';
import type { SessionRow } from '../../../src/shared/domain/session';
import type { ChannelInput, ChannelName } from '../../../src/shared/ipc/contract';
import { resolveChatConfig } from '../../../src/main/core/agents/chat/backend';
import { readChatOverride } from '../../../src/main/core/agents/sessionOptions';
import { checkFolder } from '../../../src/main/core/usecases/newSession';
import { tempDataDir } from '../store/tempDir';
import { startCore, type Harness } from './harness';

// `sessions:create` with the new-session dialog's per-kind options, over the real core and a real SQLite file.
let h: Harness;
afterEach(async () => {
  await h?.core.close();
});

describe('sessions:create: the folder', () => {
  it('a folder that is not there, a file, or a relative path is BAD_INPUT saying what is wrong; no row is written', async () => {
    h = startCore();
    const file = join(h.dataDir, 'notes.txt');
    writeFileSync(file, 'x');
    const cases: Array<[string, RegExp]> = [
      ['/nonexistent/kumquat', /^No folder at \/nonexistent\/kumquat\. Pick an existing folder\.$/],
      [file, /is a file, not a folder/],
      ['src/app', /"src\/app" is not a full path/],
    ];
    for (const [folder, message] of cases) {
      const r = await h.call('sessions:create', { kind: 'terminal', folder });
      expect(r).toEqual({ ok: false, error: { code: 'BAD_INPUT', message: expect.stringMatching(message) } });
    }
    expect(await h.ok('sessions:list', {})).toEqual([]);
  });

  it('an existing folder is stored as its full path; a blank one means the default folder', async () => {
    h = startCore();
    const work = join(h.dataDir, 'work');
    mkdirSync(work);
    expect((await h.ok('sessions:create', { kind: 'chat', folder: `${work}/./` })).folder).toBe(work);
    expect((await h.ok('sessions:create', { kind: 'chat', folder: '   ' })).folder).toBe('/home/tester');
  });

  it('~ is the home folder', () => {
    expect(checkFolder('~')).toBe(homedir());
    expect(checkFolder('~/', homedir())).toBe(homedir());
  });
});

describe('sessions:create: options per kind', () => {
  it('an option for another kind is BAD_INPUT naming it, and nothing is written', async () => {
    h = startCore();
    const bad = [
      { kind: 'chat', permissionMode: 'plan' },
      { kind: 'terminal', chat: { provider: 'openai' } },
      { kind: 'claude-code', command: 'aider' },
    ] as const;
    for (const input of bad) {
      const r = await h.call('sessions:create', input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toEqual({ code: 'BAD_INPUT', message: expect.stringMatching(/(is|are) only for a (Claude Code|Terminal|Chat) session, not for a (Claude Code|Terminal|Chat) session\.$/) });
    }
    expect(await h.ok('sessions:list', {})).toEqual([]);
    expect(Object.keys(h.core.services.store.settings.all()).filter((k) => k.startsWith('agents.'))).toEqual([]);
  });

  it('a Claude Code session keeps the permission mode it was created with; one created without has the default', async () => {
    h = startCore();
    const planned = await h.ok('sessions:create', { kind: 'claude-code', permissionMode: 'plan' });
    const plain = await h.ok('sessions:create', { kind: 'claude-code' });
    expect(await h.ok('agents:permissionMode', { id: planned.id })).toEqual({ mode: 'plan' });
    expect(await h.ok('agents:permissionMode', { id: plain.id })).toEqual({ mode: 'default' });
    await h.ok('agents:setPermissionMode', { id: planned.id, mode: 'acceptEdits' });
    expect(await h.ok('agents:permissionMode', { id: planned.id })).toEqual({ mode: 'acceptEdits' });
  });

  it('a Terminal session keeps its command as the backend id (blank: the shell)', async () => {
    h = startCore();
    expect((await h.ok('sessions:create', { kind: 'terminal', command: '  aider --no-git ' })).backendId).toBe('aider --no-git');
    expect((await h.ok('sessions:create', { kind: 'terminal', command: '' })).backendId).toBeNull();
    expect((await h.ok('sessions:create', { kind: 'terminal' })).backendId).toBeNull();
  });

  it('a Chat session keeps its provider and model across a restart; an empty choice stores nothing', async () => {
    const dataDir = tempDataDir('swarmdesk-core-');
    h = startCore({ dataDir });
    const own = await h.ok('sessions:create', { kind: 'chat', chat: { provider: 'openai', model: ' llama3.1:8b ' } });
    const plain = await h.ok('sessions:create', { kind: 'chat', chat: { model: '' } });
    await h.core.close();
    h = startCore({ dataDir });
    const store = h.core.services.store;
    expect(readChatOverride(store, own.id)).toEqual({ provider: 'openai', model: 'llama3.1:8b' });
    expect(readChatOverride(store, plain.id)).toEqual({});
    // Only an Anthropic key here: the OpenAI chat says what it lacks when it is used, the other one runs.
    const endpoints = { anthropic: { apiKey: 'sk-test', baseURL: null }, openai: { apiKey: null, baseURL: null, model: null } };
    expect(resolveChatConfig({}, endpoints, readChatOverride(store, own.id)).problem).toMatch(/OpenAI-compatible endpoint/);
    expect(resolveChatConfig({}, endpoints, readChatOverride(store, plain.id))).toMatchObject({ provider: 'anthropic', problem: null });
  });

  it('the chat backend runs a session on its own provider: one that is not set up says so when used', async () => {
    const dataDir = tempDataDir('swarmdesk-core-');
    const env = { HOME: dataDir, PATH: process.env.PATH ?? '', SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: '0', ANTHROPIC_API_KEY: 'sk-test' };
    const core = createCore({ dataDir, platform: { transport: 'web', openExternal: async () => false }, env, defaultFolder: dataDir });
    try {
      const call = <C extends ChannelName>(c: C, input: ChannelInput<C>) => core.router.handle(c, input, { transport: 'test' });
      const created = await call('sessions:create', { kind: 'chat', chat: { provider: 'openai' } });
      if (!created.ok) throw new Error(created.error.message);
      const sent = await call('sessions:send', { id: (created.value as SessionRow).id, text: 'hello' });
      expect(sent).toEqual({ ok: false, error: { code: 'UNAVAILABLE', message: expect.stringMatching(/OpenAI-compatible endpoint/) } });
      // The dialog's defaults: Anthropic (the key is there), OpenAI-compatible not set up, each with its default model.
      const available = await call('agents:availability', {});
      expect(available.ok && available.value).toMatchObject({
        chat: { available: true },
        chatDefaults: { provider: 'anthropic', providers: { anthropic: { available: true, defaultModel: expect.any(String) }, openai: { available: false, reason: expect.stringMatching(/OPENAI_BASE_URL/) } } },
      });
    } finally {
      await core.close();
    }
  });
});

describe('resolveChatConfig with a session choice', () => {
  const both = { anthropic: { apiKey: 'sk-a', baseURL: null }, openai: { apiKey: null, baseURL: 'http://127.0.0.1:11434/v1', model: 'qwen2.5' } };
  it('the session provider wins over SWARMDESK_CHAT_PROVIDER; SWARMDESK_CHAT_MODEL names the default provider\'s model only', () => {
    const env = { SWARMDESK_CHAT_PROVIDER: 'anthropic', SWARMDESK_CHAT_MODEL: 'claude-haiku-4-5' };
    expect(resolveChatConfig(env, both)).toMatchObject({ provider: 'anthropic', model: 'claude-haiku-4-5', problem: null });
    expect(resolveChatConfig(env, both, { provider: 'openai' })).toMatchObject({ provider: 'openai', model: null, problem: null });
    expect(resolveChatConfig(env, both, { provider: 'openai', model: 'llama3.1' })).toMatchObject({ provider: 'openai', model: 'llama3.1' });
    expect(resolveChatConfig(env, both, { model: 'claude-opus-4' })).toMatchObject({ provider: 'anthropic', model: 'claude-opus-4' });
  });

  it('a session that picks a provider is not held back by a bad SWARMDESK_CHAT_PROVIDER', () => {
    expect(resolveChatConfig({ SWARMDESK_CHAT_PROVIDER: 'gemini' }, both).problem).toMatch(/SWARMDESK_CHAT_PROVIDER/);
    expect(resolveChatConfig({ SWARMDESK_CHAT_PROVIDER: 'gemini' }, both, { provider: 'openai' }).problem).toBeNull();
  });
});

describe('app:pickFolder ("Browse…")', () => {
  it('web mode has no picker: UNAVAILABLE saying to type the path', async () => {
    h = startCore();
    expect(await h.call('app:pickFolder', {})).toEqual({ ok: false, error: { code: 'UNAVAILABLE', message: expect.stringMatching(/type the folder path/) } });
  });

  it('the desktop platform\'s picker answers the folder, or null when cancelled', async () => {
    const dataDir = tempDataDir('swarmdesk-core-');
    const asked: Array<string | undefined> = [];
    let answer: string | null = '/home/ada/src/kumquat';
    const platform = { transport: 'electron' as const, openExternal: async () => false, pickFolder: async (p: string | undefined) => (asked.push(p), answer) };
    const core = createCore({ dataDir, platform, env: { HOME: dataDir, SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: '0' } });
    try {
      expect(await core.router.handle('app:pickFolder', { defaultPath: '/home/ada' }, { transport: 'test' })).toEqual({ ok: true, value: { folder: '/home/ada/src/kumquat' } });
      answer = null;
      expect(await core.router.handle('app:pickFolder', {}, { transport: 'test' })).toEqual({ ok: true, value: { folder: null } });
      expect(asked).toEqual(['/home/ada', undefined]);
    } finally {
      await core.close();
    }
  });
});
