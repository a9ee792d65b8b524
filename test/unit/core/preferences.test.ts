import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { envSettings } from '../../../src/main/core/services/preferences';
import { startCore, type Harness } from './harness';

// Settings → General / Agents, what the environment decides, the Folder check and the last folder: a real core on a real SQLite file.
let h: Harness | undefined;
afterEach(async () => {
  await h?.core.close();
  h = undefined;
});

describe('sessions:checkFolder', () => {
  it('says what is wrong with a missing folder, a file and a relative path; a good folder comes back as its full path', async () => {
    h = startCore();
    const file = join(h.dataDir, 'notes.txt');
    writeFileSync(file, 'x');
    expect(await h.ok('sessions:checkFolder', { folder: '/nonexistent/kumquat' })).toEqual({
      folder: null,
      problem: 'missing',
      message: 'No folder at /nonexistent/kumquat. Pick an existing folder.',
    });
    expect(await h.ok('sessions:checkFolder', { folder: file })).toMatchObject({ folder: null, problem: 'not-a-folder', message: expect.stringMatching(/is a file, not a folder/) });
    expect(await h.ok('sessions:checkFolder', { folder: 'src/app' })).toMatchObject({ folder: null, problem: 'relative' });
    expect(await h.ok('sessions:checkFolder', { folder: `${h.dataDir}/./` })).toEqual({ folder: h.dataDir, problem: null, message: null });
    expect(await h.ok('sessions:checkFolder', { folder: '~' })).toEqual({ folder: homedir(), problem: null, message: null });
  });

  it('bad input is a typed BAD_INPUT: blank, too long, or a field it does not know', async () => {
    h = startCore();
    for (const input of [{ folder: '   ' }, { folder: `/${'a'.repeat(5000)}` }, { folder: '/tmp', extra: 1 }]) {
      const r = await h.call('sessions:checkFolder', input as { folder: string });
      expect(r.ok ? null : r.error.code).toBe('BAD_INPUT');
    }
  });

  // root reads every folder whatever its mode: this runs only as another user.
  it.skipIf(process.getuid?.() === 0)('a folder this user cannot read is unreadable', async () => {
    h = startCore();
    const locked = join(h.dataDir, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o000);
    try {
      expect(await h.ok('sessions:checkFolder', { folder: locked })).toMatchObject({ folder: null, problem: 'unreadable' });
      expect((await h.call('sessions:create', { kind: 'terminal', folder: locked })).ok).toBe(false);
    } finally {
      chmodSync(locked, 0o700);
    }
  });
});

describe('the last folder used', () => {
  it('app:info gives the folder of the last session made, across a restart, and forgets it once the folder is gone', async () => {
    h = startCore();
    const dataDir = h.dataDir;
    expect((await h.ok('app:info', {})).lastFolder).toBeNull();
    const work = join(dataDir, 'work');
    mkdirSync(work);
    await h.ok('sessions:create', { kind: 'terminal', folder: `${work}/` });
    expect((await h.ok('app:info', {})).lastFolder).toBe(work);
    await h.core.close();
    h = startCore({ dataDir });
    expect((await h.ok('app:info', {})).lastFolder).toBe(work);
    rmSync(work, { recursive: true });
    expect((await h.ok('app:info', {})).lastFolder).toBeNull();
  });
});

describe('settings: theme and the chat defaults', () => {
  it('the theme is System until set; a chosen one is kept across a restart and given to the renderer at start', async () => {
    h = startCore();
    const dataDir = h.dataDir;
    expect((await h.ok('settings:get', {})).general).toEqual({ theme: 'system', keepCheckpointDays: 14 });
    expect((await h.ok('settings:set', { general: { theme: 'dark' } })).general).toEqual({ theme: 'dark', keepCheckpointDays: 14 });
    await h.core.close();
    h = startCore({ dataDir });
    expect((await h.ok('settings:get', {})).general.theme).toBe('dark');
    expect((await h.ok('app:info', {})).theme).toBe('dark');
  });

  it('"Keep checkpoints for N days" is 14 until set; whole days from 1 to 365 are kept across a restart, anything else is BAD_INPUT', async () => {
    h = startCore();
    const dataDir = h.dataDir;
    expect((await h.ok('settings:set', { general: { keepCheckpointDays: 30 } })).general).toEqual({ theme: 'system', keepCheckpointDays: 30 });
    for (const bad of [0, 366, 2.5]) {
      const r = await h.call('settings:set', { general: { keepCheckpointDays: bad } });
      expect(r.ok ? null : r.error.code).toBe('BAD_INPUT');
    }
    await h.core.close();
    h = startCore({ dataDir });
    expect((await h.ok('settings:get', {})).general.keepCheckpointDays).toBe(30);
    expect(h.core.services.preferences.keepCheckpointDays()).toBe(30);
  });

  it('an unknown theme or provider is BAD_INPUT and changes nothing', async () => {
    h = startCore();
    const bad = await h.call('settings:set', { general: { theme: 'sepia' as 'dark' } });
    expect(bad.ok ? null : bad.error.code).toBe('BAD_INPUT');
    const badProvider = await h.call('settings:set', { agents: { chatProvider: 'gemini' as 'openai' } });
    expect(badProvider.ok ? null : badProvider.error.code).toBe('BAD_INPUT');
    const view = await h.ok('settings:get', {});
    expect(view.general.theme).toBe('system');
    expect(view.agents).toEqual({ chatProvider: null, chatModel: null });
  });

  it('the chosen chat provider and model become the new chat defaults', async () => {
    h = startCore({ env: { ANTHROPIC_API_KEY: 'sk-ant-test', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' } });
    expect((await h.ok('agents:availability', {})).chatDefaults?.provider).toBe('anthropic');
    const view = await h.ok('settings:set', { agents: { chatProvider: 'openai', chatModel: 'qwen3-coder' } });
    expect(view.agents).toEqual({ chatProvider: 'openai', chatModel: 'qwen3-coder' });
    const defaults = (await h.ok('agents:availability', {})).chatDefaults;
    expect(defaults?.provider).toBe('openai');
    expect(defaults?.providers.openai.defaultModel).toBe('qwen3-coder');
    // The model was chosen for openai: Anthropic keeps its own default.
    expect(defaults?.providers.anthropic.defaultModel).not.toBe('qwen3-coder');
  });

  it('SWARMDESK_CHAT_PROVIDER and SWARMDESK_CHAT_MODEL override the stored choice, and the screen says so with their values', async () => {
    h = startCore({ env: { ANTHROPIC_API_KEY: 'sk-ant-test', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', SWARMDESK_CHAT_PROVIDER: 'anthropic', SWARMDESK_CHAT_MODEL: 'claude-opus-4-1' } });
    const view = await h.ok('settings:set', { agents: { chatProvider: 'openai', chatModel: 'qwen3-coder' } });
    const defaults = (await h.ok('agents:availability', {})).chatDefaults;
    expect(defaults?.provider).toBe('anthropic');
    expect(defaults?.providers.anthropic.defaultModel).toBe('claude-opus-4-1');
    expect(view.env).toEqual(
      expect.arrayContaining([
        { field: 'chatProvider', variable: 'SWARMDESK_CHAT_PROVIDER', value: 'anthropic' },
        { field: 'chatModel', variable: 'SWARMDESK_CHAT_MODEL', value: 'claude-opus-4-1' },
      ]),
    );
  });
});

describe('settings: what the environment decides', () => {
  it('a base URL is shown with its value; a key only by its variable, never its value', async () => {
    h = startCore({ env: { ANTHROPIC_API_KEY: 'sk-ant-secret-123', ANTHROPIC_BASE_URL: 'http://127.0.0.1:4000' } });
    const view = await h.ok('settings:get', {});
    expect(view.env).toEqual(
      expect.arrayContaining([
        { field: 'anthropicBaseUrl', variable: 'ANTHROPIC_BASE_URL', value: 'http://127.0.0.1:4000' },
        { field: 'anthropicApiKey', variable: 'ANTHROPIC_API_KEY', value: null },
      ]),
    );
    expect(JSON.stringify(view)).not.toContain('sk-ant-secret-123');
  });

  it('an unset or blank variable is not listed', () => {
    expect(envSettings({ OPENAI_BASE_URL: '  ', SWARMDESK_CLAUDE_PATH: '/opt/claude' })).toEqual([{ field: 'claudePath', variable: 'SWARMDESK_CLAUDE_PATH', value: '/opt/claude' }]);
  });
});
