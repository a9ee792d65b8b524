/**
 * A key is bound to the endpoint it was given for (SPEC §11): a real core (temp SQLite file,
 * router) is driven through the `settings:*` channels as the renderer drives them; endpoint A
 * is the stand-in model server, B a second loopback listener standing for an attacker's URL.
 * After the base URL moves to B, a chat send and an ambient call must not carry the key to B.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type SwarmCore } from '../../../src/main/core/app';
import { setLogSink } from '../../../src/main/core/logger';
import { createAnthropicClient } from '../../../src/main/core/models/clients/anthropic';
import { createOpenAIClient } from '../../../src/main/core/models/clients/openai';
import { ModelError } from '../../../src/main/core/models/errors';
import { call, ok } from '../../support/coreCalls';
import { startModelServer, type ModelServer } from '../../support/model-server';
import { until } from '../../support/until';

setLogSink(() => {});

const STORED = 'sk-stored-secret-1234567890';
const ENV_ANTHROPIC = 'sk-env-anthropic-0987654321';
const ENV_OPENAI = 'sk-env-openai-1122334455';

let a: ModelServer;
let b: ModelServer;
let dataDir: string;
let core: SwarmCore | null = null;

function startCore(env: NodeJS.ProcessEnv): SwarmCore {
  core = createCore({
    dataDir,
    platform: { transport: 'web', openExternal: async () => false },
    env: { PATH: process.env.PATH, HOME: dataDir, SWARMDESK_IMPORT: '0', ...env },
    defaultFolder: dataDir,
  });
  return core;
}

/** Every header value of every request a server received, as one string to search. */
function headersSeen(server: ModelServer): string {
  return JSON.stringify(server.allRequests.map((r): IncomingHttpHeaders => r.headers));
}

/** Whether a request's auth headers carry `key` (the SDKs send `x-api-key` or `authorization: Bearer`). */
function carries(headers: IncomingHttpHeaders, key: string): boolean {
  return headers['x-api-key'] === key || headers.authorization === `Bearer ${key}`;
}

/** One finished turn and the runtime's hook: the ambient engine titles the session. */
async function ambientTurn(c: SwarmCore, id: string): Promise<void> {
  c.services.sessions.appendEntry(id, 'user', 'Please refactor the billing module to use integer cents');
  c.services.sessions.appendEntry(id, 'assistant', 'Done: the billing module now keeps amounts as integer cents.');
  c.services.hooks.emit('turnCompleted', c.services.sessions.get(id));
  for (let i = 0; i < 5; i += 1) await c.services.ambient.engine.scheduler.idle();
}


beforeEach(async () => {
  a = await startModelServer({ policy: () => ({ text: 'ANSWER: Billing in integer cents' }) });
  b = await startModelServer({ policy: () => ({ text: 'ANSWER: Stolen' }) });
  dataDir = mkdtempSync(join(tmpdir(), 'swarm-keybind-'));
});

afterEach(async () => {
  await core?.close();
  core = null;
  await a.close();
  await b.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('keys bound to endpoints', () => {
  it('a stored key goes to the endpoint it was entered for, and not to a base URL changed afterwards', async () => {
    const c = startCore({ SWARMDESK_CHAT_PROVIDER: 'anthropic' });
    const entered = await ok(c, 'settings:set', { ambient: { provider: 'anthropic', anthropicBaseUrl: a.url }, anthropicApiKey: STORED });
    expect(entered.status.keys.anthropic).toBe('plain');
    expect(JSON.stringify(entered)).not.toContain(STORED);

    // Control: with the endpoint it was entered for, chat and ambient calls carry the key.
    const first = await ok(c, 'sessions:create', { kind: 'chat' });
    await ok(c, 'sessions:send', { id: first.id, text: 'hello' });
    await until(() => a.requests.some((r) => r.lastUserText === 'hello'), { message: 'the chat request at A' });
    await ambientTurn(c, first.id);
    await until(() => a.requests.length >= 2, { message: 'the ambient request at A' });
    expect(a.requests.every((r) => carries(r.headers, STORED))).toBe(true);

    // The renderer moves the base URL to B.
    const moved = await ok(c, 'settings:set', { ambient: { anthropicBaseUrl: b.url } });
    expect(moved.status.keys.anthropic).toBe('elsewhere');
    expect(moved.status.problem).toMatch(/Key needed for this endpoint/);
    expect(JSON.stringify(moved)).not.toContain(STORED);

    const second = await ok(c, 'sessions:create', { kind: 'chat' });
    const send = await call(c, 'sessions:send', { id: second.id, text: 'now to B' });
    expect(send).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    if (!send.ok) expect(send.error.message).toMatch(/API key for this endpoint/);
    const before = a.requests.length;
    await ambientTurn(c, second.id);
    expect(c.services.sessions.get(second.id).title).toBeTruthy(); // offline titles served instead
    expect(headersSeen(b)).not.toContain(STORED);
    expect(b.allRequests).toHaveLength(0);
    expect(a.requests).toHaveLength(before);

    // Entered again for B, it goes to B: the binding follows the user's entry, not the URL field.
    await ok(c, 'settings:set', { anthropicApiKey: 'sk-for-b' });
    const third = await ok(c, 'sessions:create', { kind: 'chat' });
    await ok(c, 'sessions:send', { id: third.id, text: 'hello B' });
    await until(() => b.requests.length >= 1, { message: 'the chat request at B' });
    expect(carries(b.requests[0]?.headers ?? {}, 'sk-for-b')).toBe(true);
    expect(headersSeen(b)).not.toContain(STORED);
  });

  it('an environment key goes only to its own endpoint: a base URL set in the settings never gets it', async () => {
    const c = startCore({ ANTHROPIC_API_KEY: ENV_ANTHROPIC, OPENAI_API_KEY: ENV_OPENAI, SWARMDESK_CHAT_PROVIDER: 'openai' });
    const view = await ok(c, 'settings:get', {});
    expect(view.status.keys).toEqual({ anthropic: 'env', openai: 'env' });

    const moved = await ok(c, 'settings:set', { ambient: { provider: 'openai', anthropicBaseUrl: b.url, openaiBaseUrl: `${b.url}/v1` } });
    expect(moved.status.keys).toEqual({ anthropic: 'elsewhere', openai: 'elsewhere' });
    expect(moved.status.problem).toMatch(/Key needed for this endpoint/);

    // The OpenAI-compatible endpoint takes keyless requests (a local server): they reach B without the key.
    const row = await ok(c, 'sessions:create', { kind: 'chat' });
    await ok(c, 'sessions:send', { id: row.id, text: 'hello B' });
    await ambientTurn(c, row.id);
    await until(() => b.requests.some((r) => r.lastUserText === 'hello B') && b.requests.length >= 2, { message: 'chat and ambient requests at B' });

    // And an Anthropic chat is not started at all without a key for B.
    await ok(c, 'settings:set', { ambient: { provider: 'anthropic' } });
    const avail = await ok(c, 'agents:availability', {});
    expect(avail.chatDefaults?.providers.anthropic.available).toBe(false);
    await ambientTurn(c, (await ok(c, 'sessions:create', { kind: 'chat' })).id);

    const seen = headersSeen(b);
    expect(seen).not.toContain(ENV_ANTHROPIC);
    expect(seen).not.toContain(ENV_OPENAI);
    expect(b.allRequests.every((r) => r.api === 'openai')).toBe(true);
  });
});

describe('redirects', () => {
  it('an endpoint that redirects cannot pass the key on: both clients refuse to follow', async () => {
    const redirector = createServer((req, res) => {
      res.writeHead(307, { location: `${b.url}${req.url ?? '/'}` });
      res.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
    try {
      const opts = { apiKey: STORED, model: 'm', maxRetries: 0 };
      const call = { system: 's', maxTokens: 10, signal: new AbortController().signal, connectMs: 5_000 };
      const msg = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }];
      for (const client of [createAnthropicClient({ ...opts, baseURL: url }), createOpenAIClient({ ...opts, baseURL: `${url}/v1` })]) {
        const err = await client.stream(msg, call).then(() => null, (e: unknown) => e);
        expect(err).toBeInstanceOf(ModelError);
      }
      expect(b.allRequests).toHaveLength(0);
    } finally {
      await new Promise<void>((resolve) => redirector.close(() => resolve()));
    }
  });
});
