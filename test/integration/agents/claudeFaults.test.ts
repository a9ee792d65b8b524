import { afterEach, describe, expect, it } from 'vitest';
import { ClaudeCodeBackend, type ClaudeBackendOptions, type ClaudeCodeSession } from '../../../src/main/core/agents/claude/backend';
import { FAKE_CLAUDE, Recorder, groupAlive, isStatus, makeRow } from './helpers';
import { until } from '../../support/until';

/**
 * Faults the real CLI cannot be made to show on demand, played by a misbehaving
 * stand-in executable (fixtures/fake-claude.mjs) spawned exactly like the real one.
 */
const open: ClaudeCodeSession[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.dispose()));
});

function session(mode: string, rec: Recorder, extra: Partial<ClaudeBackendOptions> = {}): ClaudeCodeSession {
  const backend = new ClaudeCodeBackend({ claudePath: FAKE_CLAUDE, env: { FAKE_CLAUDE_MODE: mode }, ...extra });
  const s = backend.open({ row: makeRow(), entries: () => [], permissionMode: () => null }, rec.sink) as ClaudeCodeSession;
  open.push(s);
  return s;
}

describe('claude-code backend faults (misbehaving CLI)', () => {
  it('skips a 50 MB line with an error entry, counts junk lines, and reads on', async () => {
    const rec = new Recorder();
    const s = session('junk', rec, { maxLineBytes: 4 * 1024 * 1024 });
    const rssBefore = process.memoryUsage().rss;
    await s.send('print junk');
    await rec.waitFor((e) => e.type === 'turn-completed', 30_000);
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    expect(rec.entries('error').map((e) => e.entry.text)).toEqual(['Claude Code printed a line of more than 50 MB; Swarmdesk skipped it.']);
    expect(rec.entries('assistant').map((e) => e.entry.text)).toEqual(['still here after the junk']);
    expect(s.stats).toMatchObject({ spawns: 1, invalid: 1, unknown: 1, oversize: 1 });
    expect(rec.statuses().at(-1)).toBe('answered');
    console.log(`50 MB line: rss grew ${(rssGrowth / 1024 / 1024).toFixed(1)} MB`);
    // Unbounded, the line alone would cost 100 MB and more (its chunks, their concatenation, the string).
    expect(rssGrowth).toBeLessThan(80 * 1024 * 1024);
  });

  it('a run that never prints its result is ended, with an error, after the result limit', async () => {
    const rec = new Recorder();
    const s = session('no-result', rec, { resultMs: 1_000 });
    await s.send('go');
    const pid = s.pid as number;
    const t0 = Date.now();
    await rec.waitFor(isStatus('error'), 10_000);
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(rec.entries('error')[0]?.entry.text).toMatch(/never reported the end of the turn/);
    expect(rec.entries('assistant').map((e) => e.entry.text)).toEqual(['an answer with no result line after it']);
    await until(() => !groupAlive(pid), { timeoutMs: 2_500, message: 'the process group to end' });
  });

  it('a follow-up turn in the live process that never prints its result is ended too; the next turn starts afresh', async () => {
    const rec = new Recorder();
    const s = session('no-result-later', rec, { resultMs: 1_000 });
    await s.send('one');
    await rec.waitFor((e) => e.type === 'turn-completed', 10_000);
    const pid = s.pid as number;
    const mark = rec.events.length;
    await s.send('two');
    expect(s.pid).toBe(pid);
    await rec.waitFor(isStatus('error'), 10_000, mark);
    expect(rec.entries('error')[0]?.entry.text).toMatch(/never reported the end of the turn/);
    await until(() => !groupAlive(pid), { timeoutMs: 2_500, message: 'the process group to end' });
    const again = rec.events.length;
    await s.send('three');
    await rec.waitFor((e) => e.type === 'turn-completed', 10_000, again);
    expect(s.stats.spawns).toBe(2);
  });

  it('a CLI that hangs after its result is ended once the exit limit passes; the turn still counts', async () => {
    const rec = new Recorder();
    // The live process is asked to end once its keep-alive runs out; this one does not go.
    const s = session('hang-after-result', rec, { exitMs: 500, keepAliveMs: 100 });
    await s.send('go');
    const pid = s.pid as number;
    await rec.waitFor((e) => e.type === 'turn-completed', 10_000);
    await until(() => !groupAlive(pid), { timeoutMs: 3_500, message: 'the process group to end' });
    expect(rec.statuses().at(-1)).toBe('answered');
    expect(rec.entries('error')).toEqual([]);
  });

  it('stop ends a CLI that ignores SIGTERM with SIGKILL, gone within 2 s', async () => {
    const rec = new Recorder();
    const s = session('ignore-sigterm', rec, { exitMs: 60_000 });
    await s.send('go');
    const pid = s.pid as number;
    await rec.waitFor((e) => e.type === 'turn-completed', 10_000);
    const t0 = Date.now();
    await s.stop();
    const took = Date.now() - t0;
    expect(groupAlive(pid)).toBe(false);
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(2_000);
    console.log(`SIGTERM ignored: gone after ${took} ms`);
  });

  it('a CLI that dies mid-turn leaves an error entry with its last words and an error status', async () => {
    const rec = new Recorder();
    const s = session('crash', rec);
    await s.send('go');
    await rec.waitFor(isStatus('error'), 10_000);
    const err = rec.entries('error')[0]?.entry.text ?? '';
    expect(err).toContain('exited before the turn ended (code 3)');
    expect(err).toContain('fatal: something broke');
    expect(s.working).toBe(false);
  });

  it('a missing executable is an error entry, not a crash', async () => {
    const rec = new Recorder();
    const backend = new ClaudeCodeBackend({ claudePath: '/nonexistent/claude' });
    expect(backend.unavailable()).toMatch(/not found/);
    const s = backend.open({ row: makeRow(), entries: () => [], permissionMode: () => null }, rec.sink) as ClaudeCodeSession;
    open.push(s);
    await s.send('hello');
    await rec.waitFor(isStatus('error'), 5_000);
    expect(rec.entries('error')[0]?.entry.text).toMatch(/not found/);
  });

  it('a session whose folder is gone says so', async () => {
    const rec = new Recorder();
    const backend = new ClaudeCodeBackend({ claudePath: FAKE_CLAUDE });
    const s = backend.open({ row: makeRow({ folder: '/nonexistent/folder' }), entries: () => [], permissionMode: () => null }, rec.sink) as ClaudeCodeSession;
    open.push(s);
    await s.send('hello');
    expect(rec.entries('error')[0]?.entry.text).toBe("The session's folder /nonexistent/folder does not exist.");
    expect(rec.statuses().at(-1)).toBe('error');
  });
});

describe('claude-code backend: stop while a turn runs', () => {
  it('an interrupted turn ends with a note, not an error, and the same process takes the next turn', async () => {
    const rec = new Recorder();
    const s = session('slow', rec);
    await s.send('go');
    await rec.waitFor(isStatus('working'), 10_000);
    const pid = s.pid as number;
    await s.stop();
    expect(s.working).toBe(false);
    expect(rec.entries('note').map((e) => e.entry.text)).toEqual(['Stopped by you.']);
    expect(rec.entries('error')).toEqual([]);
    expect(rec.statuses().at(-1)).toBe('idle');
    expect(s.pid).toBe(pid);
    expect(groupAlive(pid)).toBe(true);
  });

  it('a CLI that ignores the interrupt and SIGTERM is killed with its group, still within 2 s of the stop', async () => {
    const rec = new Recorder();
    const s = session('deaf', rec);
    await s.send('go');
    await rec.waitFor(isStatus('working'), 10_000);
    const pid = s.pid as number;
    const t0 = Date.now();
    await s.stop();
    const took = Date.now() - t0;
    expect(groupAlive(pid)).toBe(false);
    // The interrupt's wait (500 ms) counts against the kill's grace: SIGKILL at 1.5 s.
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(2_000);
    console.log(`interrupt and SIGTERM ignored: gone after ${took} ms`);
    expect(rec.entries('note').map((e) => e.entry.text)).toEqual(['Stopped by you.']);
    expect(rec.entries('error')).toEqual([]);
    expect(rec.statuses().at(-1)).toBe('idle');
    expect(s.pid).toBeNull();
  });
});

describe('claude-code backend: idle live processes across sessions', () => {
  it('past the cap, the oldest idle session\'s CLI is ended; its next turn starts a new one', async () => {
    const backend = new ClaudeCodeBackend({ claudePath: FAKE_CLAUDE, env: { FAKE_CLAUDE_MODE: 'ok' }, maxIdleProcesses: 1 });
    const recA = new Recorder();
    const recB = new Recorder();
    const a = backend.open({ row: makeRow({ id: 'sess-a' }), entries: () => [], permissionMode: () => null }, recA.sink) as ClaudeCodeSession;
    const b = backend.open({ row: makeRow({ id: 'sess-b' }), entries: () => [], permissionMode: () => null }, recB.sink) as ClaudeCodeSession;
    open.push(a, b);
    await a.send('one');
    await recA.waitFor((e) => e.type === 'turn-completed', 10_000);
    const pidA = a.pid as number;
    await b.send('two');
    await recB.waitFor((e) => e.type === 'turn-completed', 10_000);
    await until(() => a.pid === null, { timeoutMs: 5_000, message: "a's idle CLI to be ended" });
    expect(groupAlive(pidA)).toBe(false);
    expect(b.pid).not.toBeNull();
    const mark = recA.events.length;
    await a.send('three');
    await recA.waitFor((e) => e.type === 'turn-completed', 10_000, mark);
    expect(a.stats.spawns).toBe(2);
    await until(() => b.pid === null, { timeoutMs: 5_000, message: "b's idle CLI to be ended" });
    expect(recA.entries('error')).toEqual([]);
    expect(recB.entries('error')).toEqual([]);
  });
});

describe('claude-code backend: text typed while the CLI starts', () => {
  it('a second message sent before the first reached the CLI is a steer into the same process, not a second CLI', async () => {
    const rec = new Recorder();
    const s = session('ok', rec);
    const first = s.send('first');
    expect(s.working).toBe(true);
    await s.steer('second');
    await first;
    await rec.waitFor((e) => e.type === 'turn-completed', 10_000);
    await until(() => rec.entries('assistant').length === 2, { timeoutMs: 5_000, message: 'two replies' });
    expect(s.stats.spawns).toBe(1);
    expect(rec.entries('assistant').map((e) => e.entry.text)).toEqual(['fine', 'fine']);
  });
});

describe('claude-code backend: the environment the CLI gets (SPEC §11)', () => {
  it('keeps the Anthropic credentials the CLI is configured by, and no other secret', async () => {
    const rec = new Recorder();
    const s = session('env', rec, {
      env: { FAKE_CLAUDE_MODE: 'env', ANTHROPIC_API_KEY: 'sk-ant-for-claude', ANTHROPIC_AUTH_TOKEN: 'auth-for-claude', OPENAI_API_KEY: 'sk-openai-not-for-claude', SWARMDESK_WEB_TOKEN: 'web-token' },
    });
    await s.send('which keys?');
    await rec.waitFor((e) => e.type === 'turn-completed', 10_000);
    expect(JSON.parse(rec.entries('assistant')[0]?.entry.text ?? '{}')).toEqual({
      ANTHROPIC_API_KEY: 'sk-ant-for-claude',
      ANTHROPIC_AUTH_TOKEN: 'auth-for-claude',
      OPENAI_API_KEY: null,
      SWARMDESK_WEB_TOKEN: null,
    });
  });
});
