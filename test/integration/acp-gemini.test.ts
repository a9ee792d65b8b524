import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAND_IN_GEMINI_KEY } from '../support/geminiHome';
import { answerWordOf } from '../support/geminiScript';
import { until } from '../support/until';
import { entries, entryOf, fails, live, ok, pushed, statusBecomes, statusOf } from './acp/harness';
import { environOf, FOREIGN_KEYS, TURN_MS, useGeminiCore } from './acp-gemini-harness';

/**
 * Swarmdesk's ACP backend with the real Gemini CLI 0.61 (issue 16), through the channels a
 * user's actions go through: create an `acp` session with agent `gemini`, send, read the
 * transcript, search it, answer permission requests, stop. The core, the stand-in and the
 * process-group checks are in acp-gemini-harness.ts; worktrees and restarts in
 * acp-gemini-worktree.test.ts.
 */

const g = useGeminiCore();

describe('ACP sessions with the real Gemini CLI (stand-in Gemini API)', () => {
  it('answers a prompt as an assistant entry with its usage, found by search, gemini given its own key only', async () => {
    const { h, standIn } = g;
    const agents = await ok(h, 'acp:agents', {});
    expect(agents.agents.find((a) => a.id === 'gemini')).toMatchObject({ name: 'Gemini CLI', available: true, reason: null });
    const { id } = await g.session();
    const seen = standIn.requests.length;

    const sentAt = performance.now();
    await ok(h, 'sessions:send', { id, text: 'tell me about marmalade' });
    const pid = await g.pid(id);
    const answer = await entryOf(h, id, 'assistant', /marmaladeanswer/, TURN_MS);
    // What a user waits for on a new Gemini CLI session: spawn, initialize, session/new and one turn.
    console.log(`gemini through the core, first send to its answer committed (ms): ${Math.round(performance.now() - sentAt)}`);
    expect(answer.text).toBe(`You asked about marmalade. The word for it here is ${answerWordOf('marmalade')}.`);
    await statusBecomes(h, id, 'idle', TURN_MS);
    expect(entries(h, id).map((e) => [e.kind, e.text])).toEqual([
      ['user', 'tell me about marmalade'],
      ['assistant', answer.text],
    ]);
    expect(h.core.services.sessions.get(id).backendId).toMatch(/^[0-9a-f-]{36}$/);

    // The turn's usage: the token counts the stand-in reported for the model calls of the turn (the routing call aside), through gemini.
    const turnCalls = standIn.requests.slice(seen).filter((r) => r.action === 'streamGenerateContent');
    expect(turnCalls).toHaveLength(1);
    const usage = await ok(h, 'sessions:usage', { id });
    expect(usage.total).toMatchObject({
      turns: 1,
      inputTokens: turnCalls[0]?.usage?.promptTokenCount,
      outputTokens: turnCalls[0]?.usage?.candidatesTokenCount,
      costUsd: null,
    });

    // Found by a word only the answer holds.
    expect((await ok(h, 'sessions:search', { query: answerWordOf('marmalade') })).ids).toEqual([id]);

    // Gemini got its own key and none of the other providers'; the stand-in saw only the Gemini key.
    const env = environOf(pid);
    expect(env.get('GEMINI_API_KEY')).toBe(STAND_IN_GEMINI_KEY);
    for (const name of Object.keys(FOREIGN_KEYS)) expect(env.has(name)).toBe(false);
    const mine = standIn.requests.slice(seen);
    expect(mine.length).toBeGreaterThan(0);
    for (const r of mine) {
      expect(r.headers['x-goog-api-key']).toBe(STAND_IN_GEMINI_KEY);
      expect(r.headers['x-api-key']).toBeUndefined();
      expect(r.headers.authorization).toBeUndefined();
    }
    expect(standIn.notFound()).toEqual([]);

    // A second turn goes to the same process and conversation.
    await ok(h, 'sessions:send', { id, text: 'and now about quinces' });
    await entryOf(h, id, 'assistant', /quincesanswer/, TURN_MS);
    expect(live(h, id).spawns).toBe(1);
    expect(standIn.turns().at(-1)?.body?.contents).toEqual(
      expect.arrayContaining([expect.objectContaining({ role: 'model', parts: [expect.objectContaining({ text: expect.stringContaining('marmaladeanswer') })] })]),
    );
  });

  it('a permission request answered from acp:answerPermission: allowed once it writes the file, asked again and rejected it does not', async () => {
    const { h } = g;
    const { id, folder } = await g.session();
    const file = join(folder, 'notes.txt');
    writeFileSync(file, 'old line\n');

    await ok(h, 'sessions:send', { id, text: 'write notes.txt with: first version\n' });
    await g.pid(id);
    const first = await g.permissionAsked(id, null);
    expect(first).toMatchObject({ sessionId: id, toolKind: 'edit', locations: ['notes.txt'] });
    expect(first.options.map((o) => [o.name, o.kind])).toEqual([
      ['Allow for this session', 'allow_always'],
      ['Allow', 'allow_once'],
      ['Reject', 'reject_once'],
    ]);
    await statusBecomes(h, id, 'waiting', TURN_MS);
    await entryOf(h, id, 'note', /^Permission asked: /);
    expect(readFileSync(file, 'utf8')).toBe('old line\n');

    const allow = first.options.find((o) => o.kind === 'allow_once');
    await ok(h, 'acp:answerPermission', { id, requestId: first.requestId, optionId: allow?.optionId ?? '' });
    await entryOf(h, id, 'assistant', /Successfully overwrote file/, TURN_MS);
    await statusBecomes(h, id, 'idle', TURN_MS);
    expect(readFileSync(file, 'utf8')).toBe('first version\n');
    const chose = await entryOf(h, id, 'note', /^You chose “Allow”: /);
    expect(chose.meta).toMatchObject({ permission: 'answered', requestId: first.requestId, optionKind: 'allow_once' });
    const result = await entryOf(h, id, 'tool-result', /first version/);
    expect(result.meta).toMatchObject({ isError: false, diffPaths: 'notes.txt' });
    expect(result.text).toContain('--- a/notes.txt');
    expect(result.text).toContain('+++ b/notes.txt');
    expect(result.text).toContain('-old line');
    expect(result.text).toContain('+first version');
    expect((await ok(h, 'acp:permission', { id })).request).toBeNull();
    // An answer to a request no longer pending.
    expect(await fails(h, 'acp:answerPermission', { id, requestId: first.requestId, optionId: allow?.optionId ?? '' })).toMatchObject({ code: 'NOT_FOUND' });

    // "Allow" was for once: the same write asks again; rejected, the file stays.
    await ok(h, 'sessions:send', { id, text: 'write notes.txt with: second version\n' });
    const second = await g.permissionAsked(id, first.requestId);
    const reject = second.options.find((o) => o.kind === 'reject_once');
    await ok(h, 'acp:answerPermission', { id, requestId: second.requestId, optionId: reject?.optionId ?? '' });
    await entryOf(h, id, 'assistant', /canceled by the user/, TURN_MS);
    await statusBecomes(h, id, 'idle', TURN_MS);
    expect(readFileSync(file, 'utf8')).toBe('first version\n');
    expect((await entryOf(h, id, 'note', /^You chose “Reject”: /)).meta).toMatchObject({ requestId: second.requestId, optionKind: 'reject_once' });
    expect(entries(h, id).filter((e) => e.kind === 'tool-result')).toHaveLength(1);
    expect(entries(h, id).filter((e) => e.kind === 'error')).toEqual([]);
    // In the transcript: asked, chosen, then the write's diff, in that order.
    const order = entries(h, id).map((e) => (e.meta?.permission ? `${e.kind}:${String(e.meta.permission)}` : e.kind));
    expect(order.indexOf('note:asked')).toBeLessThan(order.indexOf('note:answered'));
    expect(order.indexOf('note:answered')).toBeLessThan(order.indexOf('tool-result'));
  });

  /*
   * gemini 0.61 reads a file through fs/read_text_file before writing it and cannot take a missing
   * file's JSON-RPC error as ENOENT (its JSON-RPC layer rejects with the plain error object; gemini-cli
   * #9280). The core therefore offers it no fs/read_text_file (agents/acp/catalog.ts): it reads the disk
   * itself, inside its own workspace check, and its writes still come through fs/write_text_file.
   */
  it('creates a new file the user allows, through fs/write_text_file', async () => {
    const { h } = g;
    const { id, folder } = await g.session();
    await ok(h, 'sessions:send', { id, text: 'write fresh.txt with: brand new\n' });
    await g.pid(id);
    await until(async () => (await ok(h, 'acp:permission', { id })).request !== null || !live(h, id).working, { timeoutMs: TURN_MS, message: 'the turn to ask or end' });
    const asked = (await ok(h, 'acp:permission', { id })).request;
    expect(asked).not.toBeNull();
    const allow = asked?.options.find((o) => o.kind === 'allow_once');
    await ok(h, 'acp:answerPermission', { id, requestId: asked?.requestId ?? '', optionId: allow?.optionId ?? '' });
    await until(() => !live(h, id).working, { timeoutMs: TURN_MS, message: 'the end of the turn' });
    expect(readFileSync(join(folder, 'fresh.txt'), 'utf8')).toBe('brand new\n');
    const diff = entries(h, id).find((e) => e.kind === 'tool-result' && e.meta?.diffPaths === 'fresh.txt');
    expect(diff?.text).toBe('--- a/fresh.txt\n+++ b/fresh.txt\n+brand new');
  });

  it('Stop while a permission request waits cancels it: noted, no longer answerable, nothing written', async () => {
    const { h } = g;
    const { id, folder } = await g.session();
    const file = join(folder, 'plan.txt');
    writeFileSync(file, 'the plan as it was\n');
    await ok(h, 'sessions:send', { id, text: 'write plan.txt with: never\n' });
    await g.pid(id);
    const asked = await g.permissionAsked(id, null);
    await ok(h, 'sessions:stop', { id });
    await statusBecomes(h, id, 'idle', 20_000);
    const cancelled = await entryOf(h, id, 'note', /^Permission request cancelled: /);
    expect(cancelled.meta).toMatchObject({ permission: 'cancelled', requestId: asked.requestId });
    await until(() => pushed(h, 'acp:permission').at(-1)?.request === null, { timeoutMs: 20_000, message: 'the request withdrawn from the pane' });
    expect((await ok(h, 'acp:permission', { id })).request).toBeNull();
    const allow = asked.options.find((o) => o.kind === 'allow_once');
    expect(await fails(h, 'acp:answerPermission', { id, requestId: asked.requestId, optionId: allow?.optionId ?? '' })).toMatchObject({ code: 'NOT_FOUND' });
    expect(readFileSync(file, 'utf8')).toBe('the plan as it was\n');
    expect(entries(h, id).filter((e) => e.kind === 'error')).toEqual([]);
  });

  it('Stop mid-turn ends the turn: what streamed is kept, the status is idle, the next send answers', async () => {
    const { h, standIn } = g;
    const { id } = await g.session();
    await ok(h, 'sessions:send', { id, text: 'answer slow please' });
    await g.pid(id);
    const stream = await standIn.waitFor((r) => r.action === 'streamGenerateContent' && r.last.kind === 'prompt' && r.last.prompt === 'answer slow please', TURN_MS, 'the slow turn');
    await until(() => pushed(h, 'entry:streaming').some((p) => p.sessionId === id && p.text.includes('still thinking slowly 3;')), {
      timeoutMs: TURN_MS,
      message: 'three trickled pieces streaming',
    });
    const stoppedAt = performance.now();
    await ok(h, 'sessions:stop', { id });
    await until(() => statusOf(h, id) === 'idle' && !live(h, id).working, { timeoutMs: 20_000, message: 'the turn to end after Stop' });
    console.log(`gemini through the core, Stop to the turn's end (ms): ${Math.round(performance.now() - stoppedAt)}`);
    await until(() => stream.clientClosed, { timeoutMs: 20_000, message: 'gemini to drop the slow stream' });
    // What streamed before Stop is kept as the answer so far, and the transcript says it stopped.
    const list = entries(h, id);
    expect(list.map((e) => e.kind)).toEqual(['user', 'assistant', 'note']);
    expect(list[1]?.text).toMatch(/^still thinking slowly 1; still thinking slowly 2; still thinking slowly 3;/);
    expect(list[1]?.text).not.toContain('the slow reply ends');
    expect(list[2]?.text).toBe('Stopped.');

    await ok(h, 'sessions:send', { id, text: 'then tell me about apricots' });
    await entryOf(h, id, 'assistant', /apricotsanswer/, TURN_MS);
    await g.pid(id);
  });
});
