/**
 * The stand-in model server, driven by the real Anthropic and OpenAI SDKs: if these
 * pass, the SDKs accept what it sends, and each scripted fault surfaces the way the
 * real provider's would, within a bound.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../support/model-server';

let server: ModelServer;
beforeEach(async () => {
  server = await startModelServer();
});
afterEach(async () => {
  await server.close();
});

function anthropic(opts: { timeout?: number; maxRetries?: number } = {}): Anthropic {
  return new Anthropic({ apiKey: 'x', baseURL: server.url, maxRetries: opts.maxRetries ?? 0, timeout: opts.timeout ?? 5_000 });
}
function openai(opts: { timeout?: number; maxRetries?: number } = {}): OpenAI {
  return new OpenAI({ apiKey: 'x', baseURL: `${server.url}/v1`, maxRetries: opts.maxRetries ?? 0, timeout: opts.timeout ?? 5_000 });
}
const ask = { model: 'claude-haiku-4-5', max_tokens: 64, messages: [{ role: 'user' as const, content: 'Name this: fix the login race' }] };

describe('Anthropic Messages', () => {
  it('answers a plain request and records it', async () => {
    server.enqueue({ text: 'ANSWER: Fix the login race' });
    const msg = await anthropic().messages.create({ ...ask, system: 'You are a text function.' });
    expect(msg.content).toEqual([{ type: 'text', text: 'ANSWER: Fix the login race' }]);
    expect(msg.usage.input_tokens).toBeGreaterThan(0);
    expect(msg.usage.output_tokens).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.system).toBe('You are a text function.');
    expect(server.requests[0]?.lastUserText).toBe('Name this: fix the login race');
    expect(server.requests[0]?.model).toBe('claude-haiku-4-5');
  });

  it('streams the real event sequence, with thinking and a tool_use block', async () => {
    server.enqueue({
      thinking: 'Let me look at the file first.',
      content: [
        { type: 'text', text: 'I will read the file.' },
        { type: 'tool_use', name: 'Read', input: { path: 'src/login.ts', lines: [1, 40] } },
      ],
    });
    const stream = anthropic().messages.stream(ask);
    const types: string[] = [];
    stream.on('streamEvent', (e) => types.push(e.type));
    const msg = await stream.finalMessage();
    expect(types[0]).toBe('message_start');
    expect(types).toContain('content_block_delta');
    expect(types.slice(-2)).toEqual(['message_delta', 'message_stop']);
    expect(msg.stop_reason).toBe('tool_use');
    expect(msg.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use']);
    const tool = msg.content[2];
    expect(tool?.type === 'tool_use' && tool.input).toEqual({ path: 'src/login.ts', lines: [1, 40] });
  });

  it('accepts a query string and answers count_tokens', async () => {
    const res = await fetch(`${server.url}/v1/messages/count_tokens?beta=true`, { method: 'POST', body: JSON.stringify(ask) });
    expect(((await res.json()) as { input_tokens: number }).input_tokens).toBeGreaterThan(0);
    const res2 = await fetch(`${server.url}/v1/messages?beta=true`, { method: 'POST', body: JSON.stringify(ask) });
    expect(res2.status).toBe(200);
    expect(server.requests[0]?.url).toBe('/v1/messages?beta=true');
  });

  it('answers from a policy keyed on the request when the queue is empty', async () => {
    server.setPolicy((req) => ({ text: req.model.includes('haiku') ? `small: ${req.lastUserText.length}` : 'big' }));
    const msg = await anthropic().messages.create(ask);
    expect(msg.content[0]).toEqual({ type: 'text', text: 'small: 29' });
  });

  it('a 429 carries retry-after and the SDK honours a retry', async () => {
    server.enqueue({ fault: 'rate-limit', retryAfterSeconds: 1 }, { text: 'after the wait' });
    const t0 = Date.now();
    const msg = await anthropic({ maxRetries: 1 }).messages.create(ask);
    expect(msg.content[0]).toEqual({ type: 'text', text: 'after the wait' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(server.requests).toHaveLength(2);
  });

  it.each([
    ['overloaded', 529],
    ['server-error', 500],
  ] as const)('%s is an APIError with status %i', async (fault, status) => {
    server.enqueue({ fault });
    await expect(anthropic().messages.create(ask)).rejects.toMatchObject({ status });
  });

  it('an error event after a 200 rejects the stream', async () => {
    server.enqueue({ fault: 'error-after-200' });
    await expect(anthropic().messages.stream(ask).finalMessage()).rejects.toThrow(/Overloaded/);
  });

  // The SDK's `timeout` stops at the response headers: a stream that goes silent after
  // them hangs until something else aborts it. That is why the ambient engine keeps an
  // idle timer of its own; here an AbortSignal stands in for it.
  it('silence after headers holds the stream open until the caller aborts', async () => {
    server.enqueue({ fault: 'silence-after-headers' });
    const t0 = Date.now();
    const stream = anthropic({ timeout: 60_000 }).messages.stream(ask, { signal: AbortSignal.timeout(500) });
    await expect(stream.finalMessage()).rejects.toThrow(/abort/i);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(450);
    expect(Date.now() - t0).toBeLessThan(3_000);
  });

  it('a dribbling stream still delivers, slowly', async () => {
    server.enqueue({ fault: 'dribble', intervalMs: 2, bytesPerPiece: 64 });
    const msg = await anthropic().messages.stream(ask).finalMessage();
    expect(msg.content[0]?.type === 'text' && msg.content[0].text).toMatch(/very slowly/);
  });

  it('a truncated stream and a reset connection are errors, not answers', async () => {
    server.enqueue({ fault: 'truncated' });
    await expect(anthropic().messages.stream(ask).finalMessage()).rejects.toThrow();
    server.enqueue({ fault: 'reset' });
    await expect(anthropic().messages.create(ask)).rejects.toThrow(/Connection error/i);
  });
});

describe('OpenAI chat completions', () => {
  const chat = { model: 'llama3.2', messages: [{ role: 'system' as const, content: 'Be brief.' }, { role: 'user' as const, content: 'hello there' }] };

  it('answers a plain request', async () => {
    server.enqueue({ text: 'ANSWER: Say hello' });
    const res = await openai().chat.completions.create(chat);
    expect(res.choices[0]?.message.content).toBe('ANSWER: Say hello');
    expect(res.usage?.completion_tokens).toBeGreaterThan(0);
    expect(server.requests[0]).toMatchObject({ api: 'openai', system: 'Be brief.', lastUserText: 'hello there' });
  });

  it('streams chunks ending in [DONE], with usage and tool calls', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'Calling a tool now.' }, { type: 'tool_use', name: 'read_file', input: { path: 'a.ts' } }] });
    const stream = await openai().chat.completions.create({ ...chat, stream: true, stream_options: { include_usage: true } });
    let text = '';
    let args = '';
    let finish: string | null = null;
    let usage = 0;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      text += choice?.delta.content ?? '';
      args += choice?.delta.tool_calls?.[0]?.function?.arguments ?? '';
      finish = choice?.finish_reason ?? finish;
      usage = chunk.usage?.total_tokens ?? usage;
    }
    expect(text).toBe('Calling a tool now.');
    expect(JSON.parse(args)).toEqual({ path: 'a.ts' });
    expect(finish).toBe('tool_calls');
    expect(usage).toBeGreaterThan(0);
  });

  it('faults surface as errors', async () => {
    server.enqueue({ fault: 'server-error' }, { fault: 'rate-limit', retryAfterSeconds: 3 });
    await expect(openai().chat.completions.create(chat)).rejects.toMatchObject({ status: 500 });
    await expect(openai().chat.completions.create(chat)).rejects.toMatchObject({ status: 429 });
    server.enqueue({ fault: 'error-after-200' });
    const stream = await openai().chat.completions.create({ ...chat, stream: true });
    await expect((async () => { for await (const _ of stream) { /* drain */ } })()).rejects.toThrow(/mid-stream/);
  });
});

describe('bounds', () => {
  it('close() ends a request the server left hanging', async () => {
    server.enqueue({ fault: 'silence-after-headers' });
    const ended = new Promise<string>((resolve) => {
      const req = http.request(`${server.url}/v1/messages`, { method: 'POST' }, (res) => {
        res.on('data', () => undefined);
        res.on('close', () => resolve('closed'));
        res.on('error', () => resolve('error'));
      });
      req.on('error', () => resolve('error'));
      req.end(JSON.stringify({ ...ask, stream: true }));
    });
    await server.waitForRequests(1);
    const t0 = Date.now();
    await server.close();
    expect(await ended).toMatch(/closed|error/);
    expect(Date.now() - t0).toBeLessThan(2_000);
    server = await startModelServer(); // afterEach closes it
  });

  it('unknown paths are a 404, bad bodies a 400', async () => {
    expect((await fetch(`${server.url}/v1/models`)).status).toBe(404);
    expect((await fetch(`${server.url}/v1/messages`, { method: 'POST', body: 'nope' })).status).toBe(400);
    expect(server.requests).toHaveLength(0);
  });
});

describe('standalone', () => {
  it('prints its URL and answers ambient-shaped requests with the default policy', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/model-server-cli.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /^model-server (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
          if (m?.[1]) resolve(m[1]);
        });
        child.on('exit', () => reject(new Error(`exited early: ${out}`)));
      });
      const client = new Anthropic({ apiKey: 'x', baseURL: url, maxRetries: 0 });
      const prompt = 'Write a title. Reply ANSWER: <title> or SKIP.\n\n<user_message>\nplease fix the flaky websocket reconnect test\n</user_message>';
      const msg = await client.messages.create({ ...ask, messages: [{ role: 'user', content: prompt }] });
      expect(msg.content[0]).toEqual({ type: 'text', text: 'ANSWER: Please fix the flaky websocket reconnect' });
    } finally {
      child.kill('SIGTERM');
    }
  });
});
