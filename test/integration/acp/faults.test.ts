import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../src/main/core/logger';
import { until } from '../../support/until';
import { groupAlive, tempDir } from '../agents/helpers';
import { entries, entryOf, live, ok, pushed, startCore, statusBecomes, statusOf, useFakeAgent, type Harness } from './harness';

setLogSink(() => {});

let dir: ReturnType<typeof tempDir>;
let h: Harness;
beforeEach(() => {
  dir = tempDir('acp-faults');
});
afterEach(async () => {
  await h.core.close();
  dir.remove();
});

async function session(env: Record<string, string> = {}, acp: NonNullable<Parameters<typeof startCore>[1]>['acp'] = undefined): Promise<string> {
  h = startCore(dir.path, acp ? { acp } : {});
  await useFakeAgent(h, env);
  return (await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' })).id;
}

describe('ACP sessions: stop and faults', () => {
  it('Stop mid-turn sends session/cancel; the agent ends the turn cancelled; the process stays for the next turn', async () => {
    const id = await session();
    await ok(h, 'sessions:send', { id, text: 'hang' });
    await until(() => pushed(h, 'entry:streaming').some((p) => p.sessionId === id && p.text === 'Working on it'), { message: 'the streaming text' });
    const pid = live(h, id).pid as number;
    await ok(h, 'sessions:stop', { id });
    await statusBecomes(h, id, 'idle');
    await entryOf(h, id, 'note', /^Stopped\.$/);
    expect(entries(h, id).map((e) => e.kind)).toEqual(['user', 'assistant', 'note']);
    expect(groupAlive(pid)).toBe(true);
    await ok(h, 'sessions:send', { id, text: 'after the stop' });
    await entryOf(h, id, 'assistant', /You said: after the stop/);
    expect(live(h, id).spawns).toBe(1);
  });

  it('Stop of an agent that ignores session/cancel ends its process group within the bound; the next send resumes with session/load', async () => {
    const id = await session({}, { stopMs: 500 });
    await ok(h, 'sessions:send', { id, text: 'say hello' });
    await statusBecomes(h, id, 'idle');
    await ok(h, 'sessions:send', { id, text: 'hang hard' });
    await entryOf(h, id, 'user', /hang hard/);
    await until(() => pushed(h, 'entry:streaming').some((p) => p.sessionId === id && p.text === 'Working on it'), { message: 'the streaming text' });
    const pid = live(h, id).pid as number;
    const t0 = performance.now();
    await ok(h, 'sessions:stop', { id });
    expect(performance.now() - t0).toBeLessThan(3_000);
    expect(groupAlive(pid)).toBe(false);
    expect(statusOf(h, id)).toBe('idle');
    await ok(h, 'sessions:send', { id, text: 'are you back' });
    await entryOf(h, id, 'assistant', /You said: are you back\. Before: say hello/);
    expect(live(h, id).spawns).toBe(2);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(h.logFile, 'utf8')).toMatch(/session\/load fake-/);
  });

  it('Stop while a permission request waits cancels it (answered cancelled, a note, the push cleared)', async () => {
    const id = await session();
    await ok(h, 'sessions:send', { id, text: 'write notes.txt' });
    const req = await until(async () => (await ok(h, 'acp:permission', { id })).request, { message: 'a permission request' });
    await ok(h, 'sessions:stop', { id });
    await entryOf(h, id, 'note', /^Permission request cancelled: WriteFile notes.txt$/);
    await statusBecomes(h, id, 'idle');
    expect((await ok(h, 'acp:permission', { id })).request).toBeNull();
    expect(pushed(h, 'acp:permission').at(-1)).toEqual({ sessionId: id, request: null });
    const r = await h.core.router.handle('acp:answerPermission', { id, requestId: req.requestId, optionId: 'proceed_once' }, { transport: 'test' });
    expect(r.ok ? null : r.error.code).toBe('NOT_FOUND');
  });

  it('a crash mid-turn: an error entry with the exit code and stderr, status error, what came before kept', async () => {
    const id = await session();
    await ok(h, 'sessions:send', { id, text: 'say hello' });
    await statusBecomes(h, id, 'idle');
    await ok(h, 'sessions:send', { id, text: 'crash' });
    const err = await entryOf(h, id, 'error');
    expect(err.text).toMatch(/Fake agent exited with code 3 in the middle of a turn/);
    expect(err.text).toContain('fatal: the fake agent broke on purpose');
    await statusBecomes(h, id, 'error');
    expect(entries(h, id).map((e) => [e.kind, e.text.slice(0, 20)])).toEqual([
      ['user', 'say hello'],
      ['thinking', 'The user wants a gre'],
      ['assistant', 'Hello there, kumquat'],
      ['user', 'crash'],
      ['assistant', 'About to fall over.'],
      ['error', err.text.slice(0, 20)],
    ]);
  });

  it('lines nested 5,000 and 200,000 deep are set aside before anything recurses: the update dropped, the request answered with an error; the turn goes on', async () => {
    const id = await session();
    await ok(h, 'sessions:send', { id, text: 'deep' });
    await entryOf(h, id, 'assistant', /Still here after the deep lines\./);
    await statusBecomes(h, id, 'idle');
    expect(entries(h, id).some((e) => e.kind === 'error')).toBe(false);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(h.logFile, 'utf8')).toMatch(/deep reply .*"id":"deep-request".*"code":-32600.*nested too deeply/);
  });

  it('a non-JSON line on stdout is a typed error; the process group is ended', async () => {
    const id = await session();
    await ok(h, 'sessions:send', { id, text: 'garbage' });
    const err = await entryOf(h, id, 'error');
    expect(err.text).toMatch(/printed a line that is not JSON.*this is not json at all/);
    await statusBecomes(h, id, 'error');
    expect(entries(h, id).some((e) => e.kind === 'assistant' && e.text === 'Printing junk.')).toBe(true);
  });

  it('initialize never answered: a typed error within the bound, the process group ended', async () => {
    const id = await session({ FAKE_ACP_MODE: 'no-init' }, { initMs: 1_000 });
    const t0 = performance.now();
    await ok(h, 'sessions:send', { id, text: 'hello?' });
    const pid = await until(() => live(h, id).pid, { message: 'the agent process' });
    const err = await entryOf(h, id, 'error', undefined, 5_000);
    expect(performance.now() - t0).toBeLessThan(4_000);
    expect(err.text).toBe('The agent did not answer initialize within 1 s; Swarmdesk ended it.');
    await statusBecomes(h, id, 'error');
    await until(() => !groupAlive(pid), { timeoutMs: 3_000, message: 'the process group to end' });
  });

  it('an unknown update kind is a note, the turn goes on; a refusal says so; an error answer is shown with its details', async () => {
    const id = await session();
    await ok(h, 'sessions:send', { id, text: 'unknown' });
    await entryOf(h, id, 'assistant', /Still here/);
    await entryOf(h, id, 'note', /does not know \(“mystery_update”\)/);
    await statusBecomes(h, id, 'idle');
    await ok(h, 'sessions:send', { id, text: 'refuse' });
    await entryOf(h, id, 'note', /refused to go on/);
    await statusBecomes(h, id, 'idle');
    // A JSON-RPC error to the prompt: its message and details, as Codex's adapter gives a missing key.
    await ok(h, 'sessions:send', { id, text: 'fail' });
    const err = await entryOf(h, id, 'error');
    expect(err.text).toBe('The agent failed: Internal error ({"details":"FAKE_API_KEY is not set"})');
    await statusBecomes(h, id, 'error');
  });

  it('50 MB of tool output: one bounded tool-result, the app stays responsive', async () => {
    const id = await session();
    await ok(h, 'sessions:send', { id, text: 'flood' });
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 50);
    try {
      await entryOf(h, id, 'assistant', /Flood done/, 60_000);
    } finally {
      clearInterval(timer);
    }
    const result = await entryOf(h, id, 'tool-result');
    expect(result.text.length).toBeLessThan(257 * 1024);
    expect(result.text).toMatch(/\n… 10223616 more characters of tool output were left out\.$/);
    const gaps = ticks.slice(1).map((t, i) => t - (ticks[i] as number));
    const worst = Math.max(...gaps);
    console.log(`flood: worst event-loop gap ${worst.toFixed(0)} ms over ${ticks.length} ticks`);
    expect(worst).toBeLessThan(2_000);
    expect((await ok(h, 'sessions:get', { id })).status).toBe('idle');
  });

  it('a turn without an update for the idle limit ends with an error; a permission request the user takes long over does not', async () => {
    const id = await session({}, { idleMs: 600 });
    await ok(h, 'sessions:send', { id, text: 'write notes.txt' });
    const req = await until(async () => (await ok(h, 'acp:permission', { id })).request, { message: 'a permission request' });
    // A second session that goes silent from now on: its watchdog firing is the signal that the limit has passed.
    const silent = (await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' })).id;
    await ok(h, 'sessions:send', { id: silent, text: 'hang hard' });
    const pid = await until(() => live(h, silent).pid, { message: 'the agent process' });
    const err = await entryOf(h, silent, 'error', /sent nothing for/);
    expect(err.text).toMatch(/in the middle of a turn; Swarmdesk ended it\./);
    await statusBecomes(h, silent, 'error');
    await until(() => !groupAlive(pid), { timeoutMs: 3_000, message: 'the process group to end' });
    expect(entries(h, silent).some((e) => e.kind === 'assistant' && e.text === 'Working on it')).toBe(true);
    // Meanwhile the session asking permission still waits, with no error.
    expect(statusOf(h, id)).toBe('waiting');
    expect(entries(h, id).some((e) => e.kind === 'error')).toBe(false);
    await ok(h, 'acp:answerPermission', { id, requestId: req.requestId, optionId: 'proceed_once' });
    await entryOf(h, id, 'assistant', /Wrote notes.txt/);
    await statusBecomes(h, id, 'idle');
  });

  it('a single message over 64 MB is a typed error; what came before is kept; the group is ended', async () => {
    const id = await session();
    await ok(h, 'sessions:send', { id, text: 'huge line' });
    const pid = await until(() => live(h, id).pid, { message: 'the agent process' });
    const err = await entryOf(h, id, 'error', undefined, 60_000);
    expect(err.text).toBe('The agent sent a single message larger than 64 MB; Swarmdesk ended it.');
    await statusBecomes(h, id, 'error');
    expect(entries(h, id).some((e) => e.kind === 'assistant' && e.text === 'Sending a huge line.')).toBe(true);
    await until(() => !groupAlive(pid), { timeoutMs: 3_000, message: 'the process group to end' });
  });

  it('a message longer than 1 MB is committed in parts', async () => {
    const id = await session();
    await ok(h, 'sessions:send', { id, text: 'long message' });
    await statusBecomes(h, id, 'idle');
    const parts = entries(h, id).filter((e) => e.kind === 'assistant');
    expect(parts.map((p) => p.text.length)).toEqual([1024 * 1024, 1500 * 1024 - 1024 * 1024]);
  });
});
