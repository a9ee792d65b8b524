import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClaudeCodeBackend, type ClaudeBackendOptions, type ClaudeCodeSession } from '../../../src/main/core/agents/claude/backend';
import { until } from '../../support/until';
import { REAL_CLAUDE, Recorder, claudeEnv, claudeFixture, groupAlive, isStatus, makeRow, tempDir } from './helpers';

/**
 * One live Claude Code process per open session (issue 9): the real CLI 2.1.332
 * against the stand-in model server, over several turns, through stop, idle end,
 * a permission-mode change and a crash.
 */
const fx = claudeFixture('cclive');

function session(rec: Recorder, extra: Partial<ClaudeBackendOptions> = {}, mode: () => string | null = () => null, homeDir = fx.home.path): ClaudeCodeSession {
  const backend = new ClaudeCodeBackend({
    claudePath: REAL_CLAUDE,
    env: { ...claudeEnv(fx.server.url, homeDir) },
    ...extra,
  });
  const s = backend.open({ row: makeRow({ folder: fx.work.path }), entries: () => [], permissionMode: mode }, rec.sink) as ClaudeCodeSession;
  fx.open.push(s);
  return s;
}

/** One turn: send, wait for its end, return its assistant entries' texts. */
async function turn(s: ClaudeCodeSession, rec: Recorder, text: string): Promise<string[]> {
  const mark = rec.events.length;
  await s.send(text);
  await rec.waitFor((e) => e.type === 'turn-completed', 30_000, mark);
  return rec.events.slice(mark).flatMap((e) => (e.type === 'entry' && e.entry.kind === 'assistant' ? [e.entry.text] : []));
}

const body = (i: number): string => JSON.stringify(fx.server.requests[i]?.body ?? {});

describe('claude-code: one live CLI per open session (real CLI)', () => {
  it('serves three turns from one process, each answer an entry, the conversation carried along', async () => {
    fx.server.enqueue({ text: 'Answer one: apricots.' }, { text: 'Answer two: bananas.' }, { text: 'Answer three: cherries.' });
    const rec = new Recorder();
    const s = session(rec);
    expect(await turn(s, rec, 'first question')).toEqual(['Answer one: apricots.']);
    const pid = s.pid;
    expect(pid).not.toBeNull();
    expect(await turn(s, rec, 'second question')).toEqual(['Answer two: bananas.']);
    expect(s.pid).toBe(pid);
    expect(await turn(s, rec, 'third question')).toEqual(['Answer three: cherries.']);
    expect(s.pid).toBe(pid);
    expect(s.stats.spawns).toBe(1);
    expect(groupAlive(pid as number)).toBe(true);
    expect(fx.server.requests).toHaveLength(3);
    expect(body(2)).toContain('Answer one: apricots.');
    expect(body(2)).toContain('Answer two: bananas.');
    expect(rec.statuses().at(-1)).toBe('answered');
    expect(rec.events.filter((e) => e.type === 'backend-id')).toHaveLength(1);
  });

  it('text typed during a follow-up turn steers it inside the same process', async () => {
    fx.server.enqueue({ text: 'Ready.' }, { text: 'Working on the list…', delayMs: 1_500 });
    fx.server.setPolicy((req) => ({ text: req.lastUserText.includes('only the even ones') ? 'Only the even ones, then.' : 'Other.' }));
    const rec = new Recorder();
    const s = session(rec);
    await turn(s, rec, 'get ready');
    const pid = s.pid;
    const mark = rec.events.length;
    const seen = fx.server.requests.length;
    await s.send('list the numbers');
    await fx.server.waitForRequests(seen + 1, 30_000);
    expect(s.working).toBe(true);
    await s.steer('only the even ones');
    await until(() => rec.entries('assistant').some((e) => e.entry.text === 'Only the even ones, then.'), { timeoutMs: 30_000, message: 'the steered answer' });
    await rec.waitFor((e) => e.type === 'turn-completed', 30_000, mark);
    expect(s.pid).toBe(pid);
    expect(s.stats.spawns).toBe(1);
  });

  it('stop during a foreground command: the CLI ends the command and the turn, and the same process takes the next turn', async () => {
    // Bash allowed by the user's settings (in -p mode a command that is not read-only is refused otherwise).
    const bashHome = tempDir('cclive-bash-home');
    mkdirSync(join(bashHome.path, '.claude'));
    writeFileSync(join(bashHome.path, '.claude/settings.json'), JSON.stringify({ permissions: { allow: ['Bash'] } }));
    const marker = `swarmdesk-stop-${process.pid}`;
    const running = (): boolean => {
      try {
        return execFileSync('pgrep', ['-f', marker]).toString().trim() !== '';
      } catch {
        return false;
      }
    };
    try {
      fx.server.enqueue({ content: [{ type: 'tool_use', name: 'Bash', input: { command: `node -e "setTimeout(() => {}, 45000)" ${marker}`, description: 'wait a while' } }] }, { text: 'Next turn.' });
      const rec = new Recorder();
      const s = session(rec, {}, () => null, bashHome.path);
      await s.send('run the long command');
      await until(running, { timeoutMs: 30_000, message: 'the command to run' });
      const pid = s.pid;
      await s.stop();
      await until(() => !running(), { timeoutMs: 2_000, message: 'the command to be ended' });
      expect(s.pid).toBe(pid);
      expect(rec.entries('note').map((e) => e.entry.text)).toEqual(['Stopped by you.']);
      expect(rec.entries('error')).toEqual([]);
      expect(rec.events.filter((e) => e.type === 'background-task')).toEqual([]);
      expect(rec.statuses().at(-1)).toBe('idle');
      expect(await turn(s, rec, 'something else')).toEqual(['Next turn.']);
      expect(s.pid).toBe(pid);
    } finally {
      await Promise.all(fx.open.splice(0).map((o) => o.dispose()));
      bashHome.remove();
    }
  });

  it('an idle process is ended after the keep-alive; the next turn resumes the conversation with --resume', async () => {
    fx.server.enqueue({ text: 'Noted: the password is persimmon.' }, { text: 'It was persimmon.' });
    const rec = new Recorder();
    const s = session(rec, { keepAliveMs: 300 });
    await turn(s, rec, 'remember persimmon');
    const pid = s.pid as number;
    await until(() => s.pid === null, { timeoutMs: 10_000, message: 'the idle CLI to be ended' });
    await until(() => !groupAlive(pid), { timeoutMs: 2_500, message: 'its process group to be gone' });
    expect(rec.entries('error')).toEqual([]);
    expect(rec.statuses().at(-1)).toBe('answered');
    expect(await turn(s, rec, 'what was it?')).toEqual(['It was persimmon.']);
    expect(s.stats.spawns).toBe(2);
    expect(s.pid).not.toBe(pid);
    // Resumed by id: the earlier exchange reached the model, and the CLI session id stayed.
    expect(body(1)).toContain('remember persimmon');
    expect(body(1)).toContain('Noted: the password is persimmon.');
    expect(rec.events.filter((e) => e.type === 'backend-id')).toHaveLength(1);
  });

  it('a permission-mode change takes effect at the next turn (a new process with the mode, same conversation)', async () => {
    fx.server.enqueue({ text: 'Default mode answer.' }, { text: 'Plan mode answer.' }, { text: 'Still planning.' });
    let mode: string | null = null;
    const rec = new Recorder();
    const s = session(rec, {}, () => mode);
    await turn(s, rec, 'first, in default mode');
    const pid = s.pid as number;
    expect(body(0)).not.toContain('Plan mode');
    mode = 'plan';
    expect(await turn(s, rec, 'now plan')).toEqual(['Plan mode answer.']);
    expect(s.pid).not.toBe(pid);
    expect(s.stats.spawns).toBe(2);
    expect(groupAlive(pid)).toBe(false);
    expect(body(1)).toContain('Plan mode');
    expect(body(1)).toContain('Default mode answer.');
    // The mode did not change again: the same process goes on.
    const planPid = s.pid;
    await turn(s, rec, 'and more');
    expect(s.pid).toBe(planPid);
    expect(s.stats.spawns).toBe(2);
  });

  it('a CLI killed mid-turn shows an error; killed between turns, nothing; either way the next turn works', async () => {
    fx.server.enqueue({ text: 'First.' }, { text: 'never sent', delayMs: 60_000 }, { text: 'Back after the crash.' }, { text: 'Back again.' });
    const rec = new Recorder();
    const s = session(rec);
    await turn(s, rec, 'hello');
    const pid1 = s.pid as number;
    const seen = fx.server.requests.length;
    await s.send('this one crashes');
    await fx.server.waitForRequests(seen + 1, 30_000);
    process.kill(pid1, 'SIGKILL');
    await rec.waitFor(isStatus('error'), 10_000);
    expect(rec.entries('error')[0]?.entry.text).toMatch(/exited before the turn ended \(SIGKILL\)/);
    expect(s.working).toBe(false);
    expect(await turn(s, rec, 'are you back?')).toEqual(['Back after the crash.']);
    const pid2 = s.pid as number;
    expect(pid2).not.toBe(pid1);
    expect(body(fx.server.requests.length - 1)).toContain('First.');

    // Between turns: the exit is noted in the log only; the next turn resumes.
    const errors = rec.entries('error').length;
    process.kill(pid2, 'SIGKILL');
    await until(() => s.pid === null, { timeoutMs: 5_000, message: 'the crash to be seen' });
    expect(rec.entries('error')).toHaveLength(errors);
    expect(await turn(s, rec, 'and again?')).toEqual(['Back again.']);
    expect(s.stats.spawns).toBe(3);
  });
});
