import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ClaudeCodeBackend, type ClaudeCodeSession } from '../../../src/main/core/agents/claude/backend';
import { REAL_CLAUDE, Recorder, claudeEnv, claudeFixture, groupAlive, isStatus, makeRow, sleep } from './helpers';
import { until } from '../../support/until';

/**
 * The real Claude Code CLI (node_modules/.bin/claude) against the stand-in model
 * server: what a user's `claude` does, minus the network.
 */
const fx = claudeFixture('cc');

function backend(extra: { idleMs?: number } = {}): ClaudeCodeBackend {
  return new ClaudeCodeBackend({
    claudePath: REAL_CLAUDE,
    env: claudeEnv(fx.server.url, fx.home.path),
    ...extra,
  });
}

function session(rec: Recorder, over: Parameters<typeof makeRow>[0] = {}, extra: { idleMs?: number } = {}): ClaudeCodeSession {
  const s = backend(extra).open({ row: makeRow({ folder: fx.work.path, ...over }), entries: () => [], permissionMode: () => null }, rec.sink) as ClaudeCodeSession;
  fx.open.push(s);
  return s;
}

function requestTexts(i: number): string {
  return JSON.stringify(fx.server.requests[i]?.body?.messages ?? []);
}

describe('claude-code backend (real CLI 2.1.332, stand-in model server)', () => {
  it('runs a multi-turn session: entries, live text, waiting status, backend id, and --resume between turns', async () => {
    const before = 0;
    fx.server.enqueue({ text: 'First answer about kumquats.', chunkDelayMs: 40 }, { text: 'Second answer.' });
    const rec = new Recorder();
    const s = session(rec);
    await s.send('tell me about kumquats');
    expect(s.working).toBe(true);
    await rec.waitFor((e) => e.type === 'turn-completed');
    expect(s.working).toBe(false);
    const id = await rec.waitFor((e) => e.type === 'backend-id');
    expect(id.type === 'backend-id' && /^[0-9a-f-]{36}$/.test(id.backendId)).toBe(true);
    expect(rec.entries('assistant').map((e) => e.entry.text)).toEqual(['First answer about kumquats.']);
    expect(rec.events.some((e) => e.type === 'streaming' && e.kind === 'assistant')).toBe(true);
    expect(rec.statuses()).toContain('working');
    expect(rec.statuses().at(-1)).toBe('answered');

    const mark = rec.events.length;
    await s.send('and the second question');
    await rec.waitFor((e) => e.type === 'turn-completed', 30_000, mark);
    expect(rec.entries('assistant').map((e) => e.entry.text)).toEqual(['First answer about kumquats.', 'Second answer.']);
    expect(fx.server.requests.length - before).toBe(2);
    // The second turn ran in the same live process: the first exchange went with it.
    expect(requestTexts(before + 1)).toContain('tell me about kumquats');
    expect(requestTexts(before + 1)).toContain('First answer about kumquats.');
    expect(rec.events.filter((e) => e.type === 'backend-id')).toHaveLength(1);
  });

  it('stop mid-turn interrupts the turn within 2 s and leaves the session idle, the CLI ready for the next turn', async () => {
    fx.server.enqueue({ text: 'this reply arrives far too late', delayMs: 60_000 }, { text: 'After the stop.' });
    const rec = new Recorder();
    const s = session(rec);
    const seen = fx.server.requests.length;
    await s.send('start something slow');
    await fx.server.waitForRequests(seen + 1, 30_000);
    const pid = s.pid;
    expect(pid).not.toBeNull();
    const t0 = Date.now();
    await s.stop();
    const took = Date.now() - t0;
    expect(took).toBeLessThan(2_000);
    expect(s.working).toBe(false);
    expect(rec.statuses().at(-1)).toBe('idle');
    expect(rec.entries('note').map((e) => e.entry.text)).toEqual(['Stopped by you.']);
    expect(rec.entries('error')).toEqual([]);
    // The CLI's own interrupt: the process stays and takes the next turn.
    expect(s.pid).toBe(pid);
    const mark = rec.events.length;
    await s.send('are you still there?');
    await rec.waitFor((e) => e.type === 'turn-completed', 30_000, mark);
    expect(rec.entries('assistant').map((e) => e.entry.text)).toEqual(['After the stop.']);
    expect(s.pid).toBe(pid);
    expect(s.stats.spawns).toBe(1);
    console.log(`stop mid-turn: interrupted in ${took} ms`);
  });

  it('resumes a session by its id in a fresh session object', async () => {
    fx.server.enqueue({ text: 'I will remember the word marmalade.' });
    const first = new Recorder();
    const a = session(first);
    await a.send('remember the word marmalade');
    await first.waitFor((e) => e.type === 'turn-completed');
    const idEvent = await first.waitFor((e) => e.type === 'backend-id');
    const backendId = idEvent.type === 'backend-id' ? idEvent.backendId : '';
    await a.dispose();

    fx.server.enqueue({ text: 'The word was marmalade.' });
    const second = new Recorder();
    const b = session(second, { backendId });
    const seen = fx.server.requests.length;
    await b.send('what was the word?');
    await second.waitFor((e) => e.type === 'turn-completed');
    expect(requestTexts(seen)).toContain('remember the word marmalade');
    expect(second.entries('assistant').map((e) => e.entry.text)).toEqual(['The word was marmalade.']);
    // Same CLI session: no new id reported.
    expect(second.events.filter((e) => e.type === 'backend-id')).toEqual([]);
  });

  it('a Task tool use becomes a subagent whose messages and end go to the child', async () => {
    fx.server.enqueue({ content: [{ type: 'tool_use', name: 'Task', input: { description: 'Find callers', prompt: 'find every caller of retry()', subagent_type: 'general-purpose' } }] });
    fx.server.setPolicy(() => ({ text: 'Done looking.' }));
    const rec = new Recorder();
    const s = session(rec);
    await s.send('delegate a search');
    const sub = await rec.waitFor((e) => e.type === 'subagent');
    expect(sub).toMatchObject({ description: 'Find callers', prompt: 'find every caller of retry()', agentType: 'general-purpose' });
    const child = sub.type === 'subagent' ? sub.child : '';
    await rec.waitFor(isStatus('idle', child), 60_000);
    expect(rec.entries().filter((e) => e.child === child).length).toBeGreaterThan(0);
    expect(rec.entries('tool-use').find((e) => !e.child)?.entry.meta).toMatchObject({ tool: 'Task', summary: 'Find callers' });
    await rec.waitFor((e) => e.type === 'turn-completed', 60_000);
  });

  it('a background Bash command raises a background task, and stop ends the command too', async () => {
    const marker = `sleep 37.${process.pid}`;
    fx.server.enqueue({ content: [{ type: 'tool_use', name: 'Bash', input: { command: marker, description: 'wait a while', run_in_background: true } }] }, { text: 'Started it in the background.' });
    const rec = new Recorder();
    const s = session(rec);
    await s.send('run the long job in the background');
    const bg = await rec.waitFor((e) => e.type === 'background-task');
    expect(bg).toEqual({ type: 'background-task', command: marker, description: 'wait a while' });
    await rec.waitFor((e) => e.type === 'turn-completed');
    const running = (): boolean => {
      try {
        return execFileSync('pgrep', ['-f', marker]).toString().trim() !== '';
      } catch {
        return false;
      }
    };
    // The CLI keeps running while its background command does.
    await sleep(300);
    expect(running()).toBe(true);
    expect(s.pid).not.toBeNull();
    await s.stop();
    expect(running()).toBe(false);
  });

  it('a turn that goes silent is ended by the idle watchdog with an error, in bounded time', async () => {
    fx.server.enqueue({ fault: 'silence-after-headers' });
    const rec = new Recorder();
    const s = session(rec, {}, { idleMs: 3_000 });
    const t0 = Date.now();
    await s.send('this will hang');
    const pid = s.pid as number;
    await rec.waitFor(isStatus('error'), 20_000);
    const took = Date.now() - t0;
    expect(rec.entries('error')[0]?.entry.text).toMatch(/printed nothing for \d+ s/);
    await until(() => !groupAlive(pid), { timeoutMs: 2_500, message: 'the process group to end' });
    expect(took).toBeLessThan(12_000);
    console.log(`silent turn ended after ${took} ms (idle limit 3 s)`);
  });
});
