/**
 * The Responses API stand-in Codex runs against (test/support/openaiResponsesStandIn.ts), driven by
 * the real `openai` SDK's Responses streaming: if these pass, the SDK accepts the event sequence it
 * sends (the SDK checks the order and indexes while it accumulates), and it records what the Codex
 * test asserts on. Runs everywhere; the Codex test itself needs codex-acp.
 */
import OpenAI from 'openai';
import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startResponsesStandIn, type ResponsesStandIn } from '../support/openaiResponsesStandIn';
import { until } from '../support/until';

let standIn: ResponsesStandIn;
beforeEach(async () => {
  standIn = await startResponsesStandIn();
});
afterEach(async () => {
  await standIn.close();
});

function client(): OpenAI {
  return new OpenAI({ apiKey: 'sk-standin', baseURL: standIn.baseUrl, maxRetries: 0, timeout: 5_000 });
}

/** The assistant text of a streamed response (the stream's final response has no `output_text`). */
function textOf(response: OpenAI.Responses.Response): string {
  return response.output
    .flatMap((item) => (item.type === 'message' ? item.content : []))
    .map((part) => (part.type === 'output_text' ? part.text : ''))
    .join('');
}

function post(path: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${standIn.baseUrl.replace(/\/v1$/, '')}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the Responses API stand-in', () => {
  it('streams a text reply the SDK accumulates, in pieces, and records the request', async () => {
    const text = 'A reply long enough to arrive in more than one delta.';
    standIn.enqueue({ text });
    const stream = client().responses.stream({
      model: 'gpt-5.4-mini',
      input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Say something' }] }],
      tools: [{ type: 'function', name: 'exec_command', parameters: { type: 'object', properties: {} }, strict: false }],
    });
    const deltas: string[] = [];
    stream.on('response.output_text.delta', (e) => deltas.push(e.delta));
    const response = await stream.finalResponse();

    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(text);
    expect(textOf(response)).toBe(text);
    expect(response.usage?.total_tokens).toBeGreaterThan(0);
    const req = standIn.requests[0];
    expect(req).toMatchObject({ method: 'POST', path: '/v1/responses', model: 'gpt-5.4-mini', lastUserText: 'Say something', toolNames: ['exec_command'] });
    expect(req?.headers.authorization).toBe('Bearer sk-standin');
    expect(req?.body?.['stream']).toBe(true);
  });

  it('sends function and custom tool calls as complete items, and records the tool outputs sent back', async () => {
    standIn.enqueue({
      toolCalls: [
        { type: 'function', name: 'exec_command', callId: 'call_a', arguments: { cmd: 'ls' } },
        { type: 'custom', name: 'apply_patch', callId: 'call_b', input: '*** Begin Patch\n*** End Patch\n' },
      ],
    });
    const first = await client().responses.stream({ model: 'm', input: 'go' }).finalResponse();
    expect(first.output).toMatchObject([
      { type: 'function_call', call_id: 'call_a', name: 'exec_command', arguments: '{"cmd":"ls"}' },
      { type: 'custom_tool_call', call_id: 'call_b', name: 'apply_patch', input: '*** Begin Patch\n*** End Patch\n' },
    ]);

    const second = await client()
      .responses.stream({
        model: 'm',
        input: [
          { type: 'function_call_output', call_id: 'call_a', output: 'README.md' },
          { type: 'custom_tool_call_output', call_id: 'call_b', output: 'Success' },
        ],
      })
      .finalResponse();
    expect(textOf(second)).toBe('Stand-in reply (nothing scripted).');
    expect([...(standIn.requests[1]?.toolOutputs ?? [])]).toEqual([
      ['call_a', 'README.md'],
      ['call_b', 'Success'],
    ]);
  });

  it('holds a reply until released', async () => {
    standIn.enqueue({ text: 'held back', hold: true });
    const reply = client().responses.stream({ model: 'm', input: 'wait' }).finalResponse();
    await until(() => standIn.held === 1, { message: 'the held request' });
    expect(standIn.release()).toBe(1);
    expect(textOf(await reply)).toBe('held back');
    expect(standIn.held).toBe(0);
  });

  it('ends a held request on close, so a test that leaves one waiting still finishes', async () => {
    standIn.enqueue({ text: 'never sent', hold: true });
    const reply = client().responses.stream({ model: 'm', input: 'wait' }).finalResponse();
    await until(() => standIn.held === 1, { message: 'the held request' });
    await standIn.close();
    await expect(reply).rejects.toThrow();
  });

  it('answers with a scripted HTTP error the SDK reports with its status', async () => {
    standIn.enqueue({ httpError: 500 });
    const failed = client().responses.stream({ model: 'm', input: 'go' }).finalResponse();
    await expect(failed).rejects.toMatchObject({ status: 500 });
    expect(standIn.requests).toHaveLength(1);
  });

  it('answers an unknown path with 404 and an oversized body with 413', async () => {
    const small = await startResponsesStandIn({ maxBodyBytes: 1024 });
    try {
      const missing = await post('/v1/chat/completions', '{}');
      expect(missing.status).toBe(404);
      const big = await new Promise<number>((resolve, reject) => {
        const req = http.request(`${small.baseUrl}/responses`, { method: 'POST' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(JSON.stringify({ input: 'x'.repeat(4096) }));
      });
      expect(big).toBe(413);
      expect(small.requests).toHaveLength(0);
    } finally {
      await small.close();
    }
  });
});
