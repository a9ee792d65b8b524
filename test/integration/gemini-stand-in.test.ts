import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WRITE_CONTENT, lastTurnOf, writeRequestOf } from '../support/geminiScript';
import { startGeminiStandIn, type GeminiStandIn } from '../support/geminiStandIn';
import { valueForSchema } from '../support/geminiWire';
import { until } from '../support/until';

/**
 * The Gemini stand-in's own bounds (no gemini here): it ends every request, answers
 * what it does not serve with 404 and a malformed body with 400, and `close()` ends a
 * reply still trickling. What gemini makes of it is in gemini-acp-protocol.test.ts.
 */

let standIn: GeminiStandIn | null = null;
afterEach(async () => {
  await standIn?.close();
  standIn = null;
});

const user = (text: string) => ({ role: 'user', parts: [{ text }] });

async function post(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
  return { status: res.status, text: await res.text() };
}

describe('the Gemini API stand-in', () => {
  it('answers a prompt as SSE GenerateContentResponses, the last one finished, holding the answer word', async () => {
    standIn = await startGeminiStandIn();
    const r = await post(`${standIn.url}/v1beta/models/gemini-x:streamGenerateContent?alt=sse`, { contents: [user('context'), user('tell me about marmalade')] });
    expect(r.status).toBe(200);
    const frames = r.text.split('\r\n\r\n').filter((f) => f.startsWith('data: ')).map((f) => JSON.parse(f.slice(6)) as { candidates: Array<{ content: { parts: Array<{ text: string }> }; finishReason?: string }> });
    expect(frames.length).toBeGreaterThan(1);
    expect(frames.map((f) => f.candidates[0]?.content.parts[0]?.text).join('')).toBe('You asked about marmalade. The word for it here is marmaladeanswer.');
    expect(frames.at(-1)?.candidates[0]?.finishReason).toBe('STOP');
    expect(frames.slice(0, -1).every((f) => f.candidates[0]?.finishReason === undefined)).toBe(true);
    expect(standIn.turns()[0]?.last).toEqual({ kind: 'prompt', prompt: 'tell me about marmalade' });
  });

  it('a script of the test\'s own replaces the prompt script: a function call streamed as one finished response', async () => {
    standIn = await startGeminiStandIn();
    standIn.setScript(() => ({ kind: 'functionCall', name: 'read_file', args: { file_path: 'a.txt' } }));
    const r = await post(`${standIn.url}/v1beta/models/gemini-x:streamGenerateContent?alt=sse`, { contents: [user('anything')] });
    const frames = r.text.split('\r\n\r\n').filter((f) => f.startsWith('data: ')).map((f) => JSON.parse(f.slice(6)) as { candidates: Array<{ content: { parts: unknown[] }; finishReason?: string }> });
    expect(frames).toHaveLength(1);
    expect(frames[0]?.candidates[0]?.content.parts).toEqual([{ functionCall: { name: 'read_file', args: { file_path: 'a.txt' } } }]);
    expect(frames[0]?.candidates[0]?.finishReason).toBe('STOP');
    expect(standIn.turns()[0]?.usage?.promptTokenCount).toBeGreaterThan(0);
  });

  it('answers a structured call with JSON that fits its schema, and countTokens', async () => {
    standIn = await startGeminiStandIn();
    const schema = { type: 'OBJECT', properties: { complexity_reasoning: { type: 'STRING' }, complexity_score: { type: 'INTEGER' }, model_choice: { type: 'STRING', enum: ['flash', 'pro'] } } };
    const r = await post(`${standIn.url}/v1beta/models/gemini-x:generateContent`, { contents: [user('hi')], generationConfig: { responseMimeType: 'application/json', responseJsonSchema: schema } });
    const body = JSON.parse(r.text) as { candidates: Array<{ content: { parts: Array<{ text: string }> } }> };
    expect(JSON.parse(body.candidates[0]?.content.parts[0]?.text ?? '')).toEqual({ complexity_reasoning: 'stand-in', complexity_score: 10, model_choice: 'flash' });
    expect(standIn.requests[0]?.structured).toBe(true);
    const count = await post(`${standIn.url}/v1beta/models/gemini-x:countTokens`, { contents: [user('hi')] });
    expect(JSON.parse(count.text)).toEqual({ totalTokens: expect.any(Number) });
    expect(valueForSchema({ type: 'ARRAY' })).toEqual([]);
  });

  it('404s what it does not serve, 400s a body without contents, and records both', async () => {
    standIn = await startGeminiStandIn();
    expect((await post(`${standIn.url}/v1internal:loadCodeAssist`, {})).status).toBe(404);
    expect((await fetch(`${standIn.url}/v1beta/models`)).status).toBe(404);
    expect((await post(`${standIn.url}/v1beta/models/gemini-x:generateContent`, { prompt: 'no contents' })).status).toBe(400);
    expect(standIn.notFound().map((r) => r.path)).toEqual(['/v1internal:loadCodeAssist', '/v1beta/models']);
    expect(standIn.requests.map((r) => r.status)).toEqual([404, 404, 400]);
  });

  /** A slow reply read as it trickles; `req` to leave it, `ended` once the connection is gone. */
  function trickle(s: GeminiStandIn): { got: string[]; req: http.ClientRequest; ended: Promise<void> } {
    const got: string[] = [];
    let req!: http.ClientRequest;
    const ended = new Promise<void>((resolve) => {
      req = http.request(`${s.url}/v1beta/models/gemini-x:streamGenerateContent?alt=sse`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (d: string) => got.push(d));
        res.on('close', () => resolve());
      });
      req.on('error', () => resolve());
      req.end(JSON.stringify({ contents: [user('be slow')] }));
    });
    return { got, req, ended };
  }

  it('a client that leaves a trickling reply is recorded; close() ends one still trickling', async () => {
    standIn = await startGeminiStandIn();
    const s = standIn;
    const left = trickle(s);
    await until(() => left.got.join('').includes('still thinking slowly 2;'), { timeoutMs: 20_000, message: 'two trickled pieces' });
    left.req.destroy();
    await until(() => s.turns()[0]?.clientClosed, { timeoutMs: 20_000, message: 'the stand-in to see the client leave' });

    const cut = trickle(s);
    await until(() => cut.got.join('').includes('still thinking slowly 2;'), { timeoutMs: 20_000, message: 'two trickled pieces' });
    await s.close();
    standIn = null;
    await cut.ended;
    expect(cut.got.join('')).not.toContain('the slow reply ends');
  });

  it('reads the last turn: a prompt, or tool results with the prompt they answer', () => {
    const results = lastTurnOf({
      contents: [user('write a.txt'), { role: 'model', parts: [{ functionCall: { name: 'write_file', args: {} } }] }, { role: 'user', parts: [{ functionResponse: { name: 'write_file', response: { output: 'ok' } } }] }],
    });
    expect(results).toEqual({ kind: 'toolResult', prompt: 'write a.txt', results: [{ name: 'write_file', response: { output: 'ok' } }] });
    expect(lastTurnOf({ contents: [] })).toEqual({ kind: 'none' });
    expect(writeRequestOf('please write notes/a.txt with: two\nlines')).toEqual({ path: 'notes/a.txt', content: 'two\nlines' });
    expect(writeRequestOf('write b.txt')).toEqual({ path: 'b.txt', content: DEFAULT_WRITE_CONTENT });
    expect(writeRequestOf('tell me more')).toBeNull();
  });
});
