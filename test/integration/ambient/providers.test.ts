/**
 * Each provider against real servers: the Anthropic and OpenAI SDKs against the stand-in
 * model server, every fault ending within its bound; the real Claude Code CLI pointed at
 * the stand-in with a scratch HOME.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTitlePrompt } from '../../../src/shared/ambient/prompts/builders';
import { AMBIENT_SYSTEM_PROMPT } from '../../../src/shared/ambient/prompts/shared';
import { runAmbientCall } from '../../../src/main/core/ambient/call';
import { createAnthropicProvider, createClaudeCliProvider, createOpenAIProvider } from '../../../src/main/core/ambient/providers/models';
import { createOfflineProvider } from '../../../src/main/core/ambient/providers/offline';
import { ModelError, type AmbientProvider, type CallBounds } from '../../../src/main/core/ambient/providers/types';
import type { AmbientCallRecord } from '../../../src/main/core/store/repos/ambientCalls';
import { startModelServer, type ModelServer, type Scripted } from '../../support/model-server';

const CLAUDE = join(process.cwd(), 'node_modules/.bin/claude');
const prompt = buildTitlePrompt({ userMessage: 'the websocket drops every few minutes; fix the reconnect' });
if (!prompt) throw new Error('prompt');
const TIGHT: CallBounds = { connectMs: 1_500, idleMs: 800, totalMs: 4_000 };

let server: ModelServer;
beforeEach(async () => {
  server = await startModelServer();
});
afterEach(async () => {
  await server.close();
});

const providers: Array<[string, () => AmbientProvider]> = [
  ['anthropic', () => createAnthropicProvider({ apiKey: 'x', baseURL: server.url, model: 'claude-haiku-4-5' })],
  ['openai', () => createOpenAIProvider({ baseURL: `${server.url}/v1`, model: 'llama3.2' })],
];

describe.each(providers)('%s provider', (name, make) => {
  it('returns the raw reply text with token counts, and sends our system prompt', async () => {
    server.enqueue({ text: 'ANSWER: Fix websocket reconnect' });
    const reply = await make().complete({ prompt, bounds: TIGHT });
    expect(reply.text).toBe('ANSWER: Fix websocket reconnect');
    expect(reply.tokensIn).toBeGreaterThan(0);
    expect(reply.tokensOut).toBeGreaterThan(0);
    expect(server.requests[0]?.system).toBe(AMBIENT_SYSTEM_PROMPT);
    expect(server.requests[0]?.lastUserText).toBe(prompt.user);
    expect(server.requests[0]?.stream).toBe(true);
  });

  // Each fault ends as a typed error within the bound (one SDK retry included).
  // The shared ModelError codes: the same faults read the same for chat and ambient calls.
  const faults: Array<[string, Scripted[], ModelError['code'][], number]> = [
    ['429 with a long retry-after', [{ fault: 'rate-limit', retryAfterSeconds: 60 }, { fault: 'rate-limit', retryAfterSeconds: 60 }], ['timeout'], TIGHT.totalMs],
    ['529 overloaded (twice)', [{ fault: 'overloaded' }, { fault: 'overloaded' }], ['overloaded', 'server'], TIGHT.totalMs],
    ['500 (twice)', [{ fault: 'server-error' }, { fault: 'server-error' }], ['server'], TIGHT.totalMs],
    ['an error event after a 200', [{ fault: 'error-after-200' }], ['server', 'overloaded', 'truncated'], TIGHT.totalMs],
    ['silence after headers', [{ fault: 'silence-after-headers' }], ['timeout'], TIGHT.idleMs + 1_000],
    ['a dribbling stream', [{ fault: 'dribble', intervalMs: 300, bytesPerPiece: 1 }], ['timeout'], TIGHT.totalMs + 1_000],
    ['a truncated body', [{ fault: 'truncated' }], ['truncated', 'network'], TIGHT.totalMs],
    ['a connection reset (twice)', [{ fault: 'reset' }, { fault: 'reset' }], ['network'], TIGHT.totalMs],
  ];
  it.each(faults)(`${name}: %s ends in time`, async (_label, script, codes, boundMs) => {
    server.enqueue(...script);
    const t0 = Date.now();
    const err = await make().complete({ prompt, bounds: TIGHT }).then(() => null, (e: unknown) => e);
    const elapsed = Date.now() - t0;
    expect(err).toBeInstanceOf(ModelError);
    expect(codes).toContain((err as ModelError).code);
    expect(elapsed).toBeLessThan(boundMs + 500);
  });
});

describe('the chain around a failing provider', () => {
  it('a hanging model ends within its bound, the offline titler answers, both are logged', async () => {
    server.setPolicy(() => ({ fault: 'silence-after-headers' }));
    const calls: AmbientCallRecord[] = [];
    const t0 = Date.now();
    const outcome = await runAmbientCall({
      prompt,
      sessionId: null,
      providers: [createAnthropicProvider({ apiKey: 'x', baseURL: server.url }), createOfflineProvider()],
      bounds: TIGHT,
      firstUserMessage: 'the websocket drops every few minutes; fix the reconnect',
      now: () => Date.now(),
      record: (c) => calls.push(c),
    });
    expect(Date.now() - t0).toBeLessThan(TIGHT.idleMs + 1_500);
    expect(outcome).toMatchObject({ verdict: 'use', text: 'The websocket drops every few minutes', provider: 'offline', attempts: 2 });
    expect(calls.map((c) => [c.provider, c.verdict])).toEqual([['anthropic', 'error'], ['offline', 'use']]);
    expect(calls[0]?.reason).toMatch(/^timeout/);
  });

  it('a provider alone is retried once on a rejected answer, then gives up with the reason', async () => {
    server.enqueue({ text: 'ANSWER: (none yet)' }, { text: 'Sure! Here is a title.' });
    const calls: AmbientCallRecord[] = [];
    const outcome = await runAmbientCall({
      prompt,
      sessionId: null,
      providers: [createOpenAIProvider({ baseURL: `${server.url}/v1` })],
      bounds: TIGHT,
      now: () => Date.now(),
      record: (c) => calls.push(c),
    });
    expect(outcome).toMatchObject({ verdict: 'reject', text: null, attempts: 2 });
    expect(calls.map((c) => c.reason)).toEqual(['absence', 'format']);
    expect(server.requests).toHaveLength(2);
  });
});

describe('claude-cli provider (the real CLI)', () => {
  let home: string;
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'swarmdesk-cli-home-'));
  });
  afterAll(() => {
    rmSync(home, { recursive: true, force: true });
  });
  const env = (): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: home,
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: 'x',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  });

  it('runs claude -p as a text function: our system prompt, the small model, no tools', async () => {
    server.setPolicy(() => ({ text: 'ANSWER: Fix websocket reconnect' }));
    const provider = createClaudeCliProvider({ path: CLAUDE, model: 'claude-haiku-4-5', env: env() });
    const reply = await provider.complete({ prompt, bounds: { connectMs: 60_000, idleMs: 60_000, totalMs: 60_000 } });
    expect(reply.text).toBe('ANSWER: Fix websocket reconnect');
    expect(reply.tokensIn).toBeGreaterThan(0);
    const req = server.requests.find((r) => r.path === '/v1/messages');
    expect(req?.url).toMatch(/^\/v1\/messages\?beta=true/);
    expect(req?.model).toBe('claude-haiku-4-5');
    expect(req?.system).toContain(AMBIENT_SYSTEM_PROMPT);
    expect(req?.body?.tools ?? []).toEqual([]);
    expect(req?.lastUserText).toContain('<user_message>');
  });

  it('a hanging model ends the CLI run within the total bound', async () => {
    server.setPolicy(() => ({ fault: 'silence-after-headers' }));
    const provider = createClaudeCliProvider({ path: CLAUDE, model: 'claude-haiku-4-5', env: env() });
    const t0 = Date.now();
    const err = await provider.complete({ prompt, bounds: { connectMs: 6_000, idleMs: 6_000, totalMs: 6_000 } }).then(() => null, (e: unknown) => e);
    expect((err as ModelError).code).toBe('timeout');
    expect(Date.now() - t0).toBeLessThan(6_000 + 3_000);
  });

  it('a missing CLI is a clear config error', async () => {
    const provider = createClaudeCliProvider({ path: '/nonexistent/claude', env: env() });
    const err = await provider.complete({ prompt, bounds: TIGHT }).then(() => null, (e: unknown) => e);
    expect(err).toMatchObject({ code: 'config' });
    expect((err as Error).message).toMatch(/not found/);
  });

  it("another provider's key is not in the CLI's environment", async () => {
    // A stand-in CLI that answers with what its environment holds.
    const script = join(home, 'env-cli.sh');
    writeFileSync(script, '#!/bin/sh\ncat >/dev/null\necho "{\\"result\\":\\"ANSWER: openai=${OPENAI_API_KEY:-none} anthropic=${ANTHROPIC_API_KEY:-none}\\",\\"usage\\":{}}"\n');
    chmodSync(script, 0o755);
    const provider = createClaudeCliProvider({ path: script, env: { ...env(), OPENAI_API_KEY: 'sk-openai-secret' } });
    const reply = await provider.complete({ prompt, bounds: TIGHT });
    expect(reply.text).toBe('ANSWER: openai=none anthropic=x');
  });
});
