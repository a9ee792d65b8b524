import { describe, expect, it } from 'vitest';
import { Credentials, normaliseEndpoint, sameEndpoint, type SecretBox } from '../../../src/main/core/models/credentials';
import { AmbientConfig } from '../../../src/main/core/ambient/config';
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

describe('endpoint normalisation', () => {
  it('one endpoint spelled differently compares equal', () => {
    expect(normaliseEndpoint('HTTPS://API.Example.COM/')).toBe('https://api.example.com');
    expect(normaliseEndpoint('https://api.example.com:443/v1//')).toBe('https://api.example.com/v1');
    expect(normaliseEndpoint('http://localhost:80/v1')).toBe('http://localhost/v1');
    expect(normaliseEndpoint('http://localhost:8080/v1?x=1#y')).toBe('http://localhost:8080/v1');
    expect(sameEndpoint('anthropic', null, 'https://api.anthropic.com/')).toBe(true);
    expect(sameEndpoint('openai', null, 'https://API.openai.com:443/v1')).toBe(true);
  });

  it('a different host, port, scheme, path or user is a different endpoint', () => {
    const a = 'https://api.example.com/v1';
    expect(sameEndpoint('openai', a, 'https://api.example.com.evil.test/v1')).toBe(false);
    expect(sameEndpoint('openai', a, 'https://api.example.com:8443/v1')).toBe(false);
    expect(sameEndpoint('openai', a, 'http://api.example.com/v1')).toBe(false);
    expect(sameEndpoint('openai', a, 'https://api.example.com/v2')).toBe(false);
    expect(sameEndpoint('openai', a, 'https://evil@api.example.com/v1')).toBe(false);
    expect(sameEndpoint('anthropic', null, 'http://127.0.0.1:9/')).toBe(false);
  });

  it('what is not an http(s) URL matches nothing', () => {
    expect(normaliseEndpoint('file:///etc/passwd')).toBeNull();
    expect(normaliseEndpoint('not a url')).toBeNull();
    expect(sameEndpoint('openai', 'not a url', 'not a url')).toBe(false);
  });
});

/** A box whose keychain key was rotated: every unseal asks for a reseal, and each seal is tagged with its generation. */
function rotatingBox() {
  let generation = 1;
  const calls = { decrypt: 0, encrypt: 0 };
  const box: SecretBox = {
    isEncryptionAvailable: () => true,
    encrypt: (p) => {
      calls.encrypt += 1;
      return Promise.resolve(Buffer.from(`${generation}:${p}`).toString('base64'));
    },
    decrypt: (s) => {
      calls.decrypt += 1;
      const [gen, plain] = Buffer.from(s, 'base64').toString().split(':');
      return Promise.resolve({ plain: plain ?? '', reseal: Number(gen) < generation });
    },
  };
  return { box, calls, rotate: () => void (generation += 1) };
}

describe('sealed keys are unsealed once, at start (the keychain never blocks a read)', () => {
  it('reads answer from memory: no unseal per read, and none before the start-up unseal', async () => {
    const repo = memoryRepo();
    const { box, calls } = rotatingBox();
    await new Credentials(repo, {}, box).setKey('openai', 'sk-o', null);
    const restarted = new Credentials(repo, {}, box);
    expect(restarted.keyFor('openai', null)).toEqual({ apiKey: null, state: 'none' });
    await restarted.unsealStored();
    expect(calls.decrypt).toBe(1);
    for (let i = 0; i < 3; i += 1) expect(restarted.keyFor('openai', null)).toEqual({ apiKey: 'sk-o', state: 'encrypted' });
    expect(calls.decrypt).toBe(1);
  });

  it('a key the keychain asks to reseal is sealed again and stored, and still reads the same', async () => {
    const repo = memoryRepo();
    const { box, calls, rotate } = rotatingBox();
    await new Credentials(repo, {}, box).setKey('anthropic', 'sk-a', 'http://127.0.0.1:4000');
    const before = repo.get('ambient.key.anthropic') as { value: string; endpoint: string };
    rotate();
    const c = new Credentials(repo, {}, box);
    await c.unsealStored();
    const after = repo.get('ambient.key.anthropic') as { enc: string; value: string; endpoint: string };
    expect(after.value).not.toBe(before.value);
    expect(Buffer.from(after.value, 'base64').toString()).toBe('2:sk-a');
    expect(after).toMatchObject({ enc: 'safe', endpoint: before.endpoint });
    expect(calls.encrypt).toBe(2);
    expect(c.keyFor('anthropic', 'http://127.0.0.1:4000')).toEqual({ apiKey: 'sk-a', state: 'encrypted' });
    // Resealed, the next start has nothing to rewrite.
    await new Credentials(repo, {}, box).unsealStored();
    expect(calls.encrypt).toBe(2);
  });

  it('a key that cannot be unsealed reads as none, and the others still read', async () => {
    const repo = memoryRepo();
    repo.set('ambient.key.anthropic', { enc: 'safe', value: 'garbage', endpoint: 'https://api.anthropic.com' });
    await new Credentials(repo, {}, box).setKey('openai', 'sk-o', null);
    const failing: SecretBox = { ...box, decrypt: (s) => (s === 'garbage' ? Promise.reject(new Error('bad seal')) : box.decrypt(s)) };
    const c = new Credentials(repo, {}, failing);
    await c.unsealStored();
    expect(c.keyFor('anthropic', null)).toEqual({ apiKey: null, state: 'none' });
    expect(c.keyFor('openai', null)).toEqual({ apiKey: 'sk-o', state: 'encrypted' });
  });
});

describe('keys bound to endpoints (SPEC §11)', () => {
  it('a stored key is handed out only for the endpoint it was entered for', async () => {
    const c = new Credentials(memoryRepo(), {}, box);
    await c.setKey('anthropic', 'sk-a', 'http://127.0.0.1:4000/');
    expect(c.keyFor('anthropic', 'http://127.0.0.1:4000')).toEqual({ apiKey: 'sk-a', state: 'encrypted' });
    expect(c.keyFor('anthropic', 'http://127.0.0.1:4001')).toEqual({ apiKey: null, state: 'elsewhere' });
    expect(c.keyFor('anthropic', null)).toEqual({ apiKey: null, state: 'elsewhere' });
    await c.setKey('anthropic', 'sk-b', null);
    expect(c.keyFor('anthropic', 'https://api.anthropic.com')).toEqual({ apiKey: 'sk-b', state: 'encrypted' });
    await c.setKey('anthropic', null, null);
    expect(c.keyFor('anthropic', null)).toEqual({ apiKey: null, state: 'none' });
  });

  it('a key is not kept for an endpoint that is not http(s)', async () => {
    const c = new Credentials(memoryRepo(), {}, null);
    await expect(c.setKey('openai', 'sk', 'ftp://example.com/v1')).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(c.keyFor('openai', 'ftp://example.com/v1')).toEqual({ apiKey: null, state: 'none' });
  });

  it('a key stored before binding existed belongs to the provider default only', () => {
    const repo = memoryRepo();
    repo.set('ambient.key.openai', { enc: 'plain', value: 'sk-old' });
    const c = new Credentials(repo, {}, null);
    expect(c.keyFor('openai', null).apiKey).toBe('sk-old');
    expect(c.keyFor('openai', 'http://localhost:11434/v1')).toEqual({ apiKey: null, state: 'elsewhere' });
  });

  it("an environment key goes to the environment's base URL, else only to the provider default", () => {
    const withBase = new Credentials(memoryRepo(), { ANTHROPIC_API_KEY: 'env-k', ANTHROPIC_BASE_URL: 'http://127.0.0.1:5000' }, null);
    expect(withBase.keyFor('anthropic', 'http://127.0.0.1:5000/').apiKey).toBe('env-k');
    expect(withBase.keyFor('anthropic', null).apiKey).toBeNull();
    const noBase = new Credentials(memoryRepo(), { OPENAI_API_KEY: 'env-o' }, null);
    expect(noBase.keyFor('openai', null)).toEqual({ apiKey: 'env-o', state: 'env' });
    expect(noBase.keyFor('openai', 'https://api.openai.com/v1/')).toEqual({ apiKey: 'env-o', state: 'env' });
    expect(noBase.keyFor('openai', 'http://127.0.0.1:6000/v1')).toEqual({ apiKey: null, state: 'elsewhere' });
  });

  it('changing a base URL in the settings withholds the key until it is entered again', async () => {
    const repo = memoryRepo();
    const config = new AmbientConfig(repo, {}, box);
    config.save({ provider: 'anthropic', anthropicBaseUrl: 'http://127.0.0.1:4000' });
    await config.setKey('anthropic', 'sk-bound');
    expect(config.resolve().anthropic).toEqual({ apiKey: 'sk-bound', baseURL: 'http://127.0.0.1:4000' });

    config.save({ anthropicBaseUrl: 'http://127.0.0.1:4999' });
    const moved = config.resolve();
    expect(moved.anthropic.apiKey).toBeNull();
    expect(moved.chain).toEqual(['offline']);
    expect(moved.status.keys.anthropic).toBe('elsewhere');
    expect(moved.status.problem).toMatch(/Key needed for this endpoint/);
    expect(JSON.stringify(moved.status)).not.toContain('sk-bound');

    await config.setKey('anthropic', 'sk-new');
    expect(config.resolve().anthropic).toEqual({ apiKey: 'sk-new', baseURL: 'http://127.0.0.1:4999' });
  });

  it('a settings base URL never gets the environment key', () => {
    const config = new AmbientConfig(memoryRepo(), { OPENAI_API_KEY: 'env-o' }, null);
    config.save({ provider: 'openai', openaiBaseUrl: 'http://127.0.0.1:7000/v1' });
    const r = config.resolve();
    expect(r.openai.apiKey).toBeNull();
    expect(r.status.keys.openai).toBe('elsewhere');
    expect(r.status.problem).toMatch(/Key needed for this endpoint/);
  });
});
