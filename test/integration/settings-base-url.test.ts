/**
 * A provider's base URL through `settings:set` as a page sends it (issue 28, bad input): a real core
 * (temp SQLite file) behind the real web transport on loopback, a real WebSocket client. Only http(s)
 * is stored; plain HTTP to another machine only with the input's allow flag; the environment's value is
 * trusted as given.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCore, type SwarmCore } from '../../src/main/core/app';
import { setLogSink } from '../../src/main/core/logger';
import { startWebServer, type WebServer } from '../../src/main/transport/web/server';

setLogSink(() => {});

interface Reply {
  id: number;
  result: { ok: true; value: { ambient: Record<string, unknown> } } | { ok: false; error: { code: string; message: string } };
}

/** A socket past its hello that sends one request at a time and waits for its reply. */
class Page {
  private nextId = 1;
  private constructor(private readonly ws: WebSocket) {}

  static async open(server: WebServer): Promise<Page> {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { origin: `http://127.0.0.1:${server.port}` });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const page = new Page(ws);
    ws.send(JSON.stringify({ type: 'hello', token: server.token }));
    await page.message((m) => m.type === 'ready');
    return page;
  }

  private message(match: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no reply in time')), 5_000);
      const onMessage = (data: WebSocket.RawData) => {
        const m = JSON.parse(data.toString()) as Record<string, unknown>;
        if (!match(m)) return;
        clearTimeout(timer);
        this.ws.off('message', onMessage);
        resolve(m);
      };
      this.ws.on('message', onMessage);
    });
  }

  async call(channel: string, input: unknown): Promise<Reply['result']> {
    const id = this.nextId++;
    const reply = this.message((m) => m.id === id);
    this.ws.send(JSON.stringify({ id, channel, input }));
    return ((await reply) as unknown as Reply).result;
  }

  close(): void {
    this.ws.close();
  }
}

let dataDir: string;
let core: SwarmCore | null = null;
let server: WebServer | null = null;
let page: Page | null = null;

async function start(env: NodeJS.ProcessEnv = {}): Promise<Page> {
  core = createCore({
    dataDir,
    platform: { transport: 'web', openExternal: async () => false },
    env: { PATH: process.env.PATH, HOME: dataDir, SWARMDESK_IMPORT: '0', ...env },
    defaultFolder: dataDir,
  });
  const rendererDir = join(dataDir, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>test</title>');
  server = await startWebServer({ router: core.router, events: core.events, rendererDir, port: 0 });
  page = await Page.open(server);
  return page;
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'swarm-base-url-'));
});

afterEach(async () => {
  page?.close();
  page = null;
  await server?.close();
  server = null;
  await core?.close();
  core = null;
  rmSync(dataDir, { recursive: true, force: true });
});

async function storedAmbient(p: Page): Promise<Record<string, unknown>> {
  const got = await p.call('settings:get', {});
  if (!got.ok) throw new Error(got.error.message);
  return got.value.ambient;
}

describe('settings:set: a provider base URL', () => {
  it('refuses javascript:, file: and data: URLs with BAD_INPUT and a sentence naming the field; nothing is stored', async () => {
    const p = await start();
    for (const [field, url] of [
      ['openaiBaseUrl', 'javascript:alert(1)'],
      ['anthropicBaseUrl', 'file:///etc/passwd'],
      ['openaiBaseUrl', 'data:,x'],
    ] as const) {
      const result = await p.call('settings:set', { ambient: { [field]: url } });
      expect(result.ok, url).toBe(false);
      if (result.ok) continue;
      expect(result.error.code).toBe('BAD_INPUT');
      expect(result.error.message).toMatch(new RegExp(`^The ${field === 'openaiBaseUrl' ? 'OpenAI' : 'Anthropic'} base URL must start with https:// \\(or http://\\), not ${url.split(':')[0]}:`));
    }
    expect(await storedAmbient(p)).toMatchObject({ openaiBaseUrl: null, anthropicBaseUrl: null });
  });

  it('takes https anywhere and plain http to this machine; plain http elsewhere only with its allow flag, which a new URL drops', async () => {
    const p = await start();
    expect((await p.call('settings:set', { ambient: { anthropicBaseUrl: 'https://models.example.com' } })).ok).toBe(true);
    expect((await p.call('settings:set', { ambient: { openaiBaseUrl: 'http://127.0.0.1:11434/v1' } })).ok).toBe(true);
    expect((await p.call('settings:set', { ambient: { openaiBaseUrl: 'http://localhost:11434/v1' } })).ok).toBe(true);

    const refused = await p.call('settings:set', { ambient: { openaiBaseUrl: 'http://192.0.2.10:11434/v1' } });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'BAD_INPUT',
        message: 'The OpenAI base URL uses plain HTTP to 192.0.2.10, which sends prompts and the key unencrypted. Use https://, or tick "Allow plain HTTP to this host".',
      },
    });
    expect(await storedAmbient(p)).toMatchObject({ openaiBaseUrl: 'http://localhost:11434/v1', openaiAllowPlainHttp: false });

    expect((await p.call('settings:set', { ambient: { openaiBaseUrl: 'http://192.0.2.10:11434/v1', openaiAllowPlainHttp: true } })).ok).toBe(true);
    expect(await storedAmbient(p)).toMatchObject({ openaiBaseUrl: 'http://192.0.2.10:11434/v1', openaiAllowPlainHttp: true });
    // The whole form again (the URL unchanged): still fine.
    expect(await p.call('settings:set', { ambient: { openaiBaseUrl: 'http://192.0.2.10:11434/v1', budgetPerHour: 60 } })).toMatchObject({ ok: true });

    // Another host without the flag: the permission was for the other one.
    const elsewhere = await p.call('settings:set', { ambient: { openaiBaseUrl: 'http://198.51.100.7/v1' } });
    expect(elsewhere.ok).toBe(false);
    expect(await storedAmbient(p)).toMatchObject({ openaiBaseUrl: 'http://192.0.2.10:11434/v1', openaiAllowPlainHttp: true });
    // Taking the permission back from a plain-HTTP host is refused too (the URL would stay).
    expect((await p.call('settings:set', { ambient: { openaiAllowPlainHttp: false } })).ok).toBe(false);
  });

  it("the environment's base URL is trusted as given: a plain-HTTP one elsewhere is in effect and shown", async () => {
    const p = await start({ OPENAI_BASE_URL: 'http://192.0.2.10:11434/v1', SWARMDESK_AMBIENT_PROVIDER: 'openai' });
    const got = await p.call('settings:get', {});
    expect(got.ok).toBe(true);
    if (!got.ok) return;
    const view = got.value as unknown as { env: Array<{ field: string; value: string | null }>; status: { effectiveProvider: string } };
    expect(view.env).toContainEqual(expect.objectContaining({ field: 'openaiBaseUrl', value: 'http://192.0.2.10:11434/v1' }));
    expect(view.status.effectiveProvider).toBe('openai');
    expect(core?.services.ambient.engine.config.baseUrl('openai')).toBe('http://192.0.2.10:11434/v1');
  });
});
