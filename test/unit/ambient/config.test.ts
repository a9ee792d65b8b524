import { describe, expect, it } from 'vitest';
import { AmbientConfig } from '../../../src/main/core/ambient/config';
import type { SecretBox } from '../../../src/main/core/models/credentials';
import type { SettingsRepo } from '../../../src/main/core/store/repos/settings';

/** An in-memory stand-in for the settings repository (this module's only dependency). */
function memoryRepo(): SettingsRepo {
  const m = new Map<string, unknown>();
  return {
    get: (k: string) => (m.has(k) ? JSON.parse(JSON.stringify(m.get(k))) : undefined),
    set: (k: string, v: unknown) => void m.set(k, v),
    remove: (k: string) => void m.delete(k),
    all: () => Object.fromEntries(m),
  } as SettingsRepo;
}

const box: SecretBox = {
  isEncryptionAvailable: () => true,
  encrypt: (p) => Promise.resolve(Buffer.from(p).reverse().toString('base64')),
  decrypt: (s) => Promise.resolve({ plain: Buffer.from(s, 'base64').reverse().toString(), reseal: false }),
};

describe('ambient configuration (SPEC §10)', () => {
  it('with nothing set, offline serves', () => {
    const r = new AmbientConfig(memoryRepo(), {}, null).resolve();
    expect(r.chain).toEqual(['offline']);
    expect(r.status.effectiveProvider).toBe('offline');
    expect(r.status.problem).toBeNull();
  });

  it('the default is the first configured: an Anthropic key, then an OpenAI endpoint', () => {
    expect(new AmbientConfig(memoryRepo(), { ANTHROPIC_API_KEY: 'k', OPENAI_BASE_URL: 'http://x/v1' }, null).resolve().chain).toEqual(['anthropic', 'offline']);
    const openai = new AmbientConfig(memoryRepo(), { OPENAI_BASE_URL: 'http://localhost:11434/v1' }, null).resolve();
    expect(openai.chain).toEqual(['openai', 'offline']);
    expect(openai.openai.baseURL).toBe('http://localhost:11434/v1');
  });

  it('claude-cli is only used on purpose, and env overrides stored settings', () => {
    const repo = memoryRepo();
    const config = new AmbientConfig(repo, { PATH: '/nonexistent' }, null);
    expect(config.resolve().chain).toEqual(['offline']);
    config.save({ provider: 'claude-cli', claudePath: process.execPath });
    expect(config.resolve().chain).toEqual(['claude-cli', 'offline']);
    const env = new AmbientConfig(repo, { SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_AMBIENT_MODEL: 'm' }, null).resolve();
    expect(env.chain).toEqual([]);
    expect(env.status.envOverrides).toEqual(['provider', 'model']);
  });

  it('a chosen provider that cannot run says why, and offline serves meanwhile', () => {
    const missingKey = new AmbientConfig(memoryRepo(), { SWARMDESK_AMBIENT_PROVIDER: 'anthropic' }, null).resolve();
    expect(missingKey.chain).toEqual(['offline']);
    expect(missingKey.status.problem).toMatch(/No Anthropic API key/);
    const missingCli = new AmbientConfig(memoryRepo(), { SWARMDESK_AMBIENT_PROVIDER: 'claude-cli', SWARMDESK_CLAUDE_PATH: '/no/such/claude' }, null).resolve();
    expect(missingCli.status.problem).toMatch(/not found at "\/no\/such\/claude"/);
  });

  it('keys are sealed with the secret box where there is one, plain (and said so) where not', async () => {
    const repo = memoryRepo();
    const sealed = new AmbientConfig(repo, {}, box);
    await sealed.setKey('anthropic', 'sk-secret');
    expect(JSON.stringify(repo.all())).not.toContain('sk-secret');
    expect(sealed.resolve().anthropic.apiKey).toBe('sk-secret');
    expect(sealed.resolve().status.keys.anthropic).toBe('encrypted');

    const plainRepo = memoryRepo();
    const plain = new AmbientConfig(plainRepo, {}, null);
    await plain.setKey('openai', 'sk-plain');
    expect(plain.resolve().status.keys.openai).toBe('plain');
    expect(plain.resolve().status.encryptionAvailable).toBe(false);
    await plain.setKey('openai', null);
    expect(plain.resolve().status.keys.openai).toBe('none');
    expect(new AmbientConfig(plainRepo, { OPENAI_API_KEY: 'e' }, null).resolve().status.keys.openai).toBe('env');
  });

  it("a box that does not really encrypt (Linux's basic_text) keeps keys, and shows them, as unencrypted", async () => {
    const repo = memoryRepo();
    await new AmbientConfig(repo, {}, box).setKey('anthropic', 'sk-sealed-earlier');
    const basicText: SecretBox = { ...box, isEncryptionAvailable: () => false };
    const later = new AmbientConfig(repo, {}, basicText);
    await later.unsealStoredKeys();
    expect(later.resolve().anthropic.apiKey).toBe('sk-sealed-earlier');
    expect(later.resolve().status.keys.anthropic).toBe('plain');
    expect(later.resolve().status.encryptionAvailable).toBe(false);
    await later.setKey('openai', 'sk-new');
    expect(later.resolve().status.keys.openai).toBe('plain');
  });

  it('bad stored settings fall back to the defaults instead of breaking start-up', () => {
    const repo = memoryRepo();
    repo.set('ambient', { provider: 'nonsense', titleWordTarget: -3 });
    expect(new AmbientConfig(repo, {}, null).stored().provider).toBe('auto');
  });
});
