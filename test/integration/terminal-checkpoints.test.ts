import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionRow } from '../../src/shared/domain/session';
import { coreGitEnv, git, makeRepo } from '../support/gitRepo';
import { until } from '../support/until';
import { startCore, type Harness } from '../unit/core/harness';
import { claudeInATerminal, hasToolResult } from './claude-terminal-harness';

/**
 * A terminal's checkpoints (issue 36): one for each command that changed files, none for one that changed
 * nothing, and one at each `Stop` of an agent CLI's own hook while it still holds the terminal. A real core,
 * a real PTY running bash, real git; then the real Claude Code TUI typed into the shell, against the stand-in.
 */
let h: Harness | null = null;
let close: (() => Promise<void>) | null = null;
const made: string[] = [];
afterEach(async () => {
  await h?.core.close();
  h = null;
  await close?.();
  close = null;
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Counts the terminal's turn ends (the signal that a command was judged ended, changed files or not). */
function countTurns(harness: Harness, id: string): () => number {
  let n = 0;
  harness.core.services.hooks.on('terminalTurnEnded', (row: SessionRow) => {
    if (row.id === id) n += 1;
  });
  return () => n;
}

describe('a terminal’s checkpoints', () => {
  it('bash: a command that changed files records one, a command that changed nothing none', async () => {
    const repo = makeRepo('billing-api');
    made.push(dirname(repo));
    h = startCore({ env: { ...coreGitEnv(), PATH: '/usr/local/bin:/usr/bin:/bin', TERM: 'xterm-256color' } });
    const { checkpoints, terminals } = h.core.services;
    terminals.register();
    const row = await h.ok('sessions:create', { kind: 'terminal', folder: repo, command: "PS1='ready> ' exec /bin/bash --norc --noprofile -i" });
    const turns = countTurns(h, row.id);
    await h.ok('terminal:open', { id: row.id, cols: 100, rows: 30 });
    const screen = (): string => h!.eventsOf('terminal:data').filter((e) => e.sessionId === row.id).map((e) => e.data).join('');
    await until(() => screen().includes('ready> '), { message: 'the shell prompt' });
    const list = async () => (await h!.ok('checkpoints:list', { id: row.id })).items;
    /** Types a command line and waits until its turn ended and the checkpoint it asked for (if any) is written. */
    const run = async (line: string): Promise<void> => {
      const before = turns();
      await h!.ok('terminal:input', { id: row.id, data: `${line}\r` });
      await until(() => turns() > before, { timeoutMs: 30_000, message: `the turn of ${line} to end` });
      await checkpoints.settled();
    };

    await run('echo retry > notes.txt');
    const [first, ...none] = await list();
    expect(none).toEqual([]);
    expect((await h.ok('checkpoints:diff', { id: row.id, commit: first?.commit ?? '' })).patch).toContain('+retry');

    await run('ls -la && git status --short');
    expect((await list()).map((c) => c.commit)).toEqual([first?.commit]);

    await run("printf 'backoff\\n' >> notes.txt && sed -i s/hello/hi/ README.md");
    const all = await list();
    expect(all).toHaveLength(2);
    const diff = (await h.ok('checkpoints:diff', { id: row.id, commit: all[0]?.commit ?? '' })).patch;
    expect(diff).toContain('+backoff');
    expect(diff).toContain('+hi');
    // Each turn is marked with the line that ran it.
    const entries = (await h.ok('entries:page', { id: row.id })).entries;
    expect(entries.find((e) => String(e.seq) === all[0]?.turn)?.text).toContain('printf');
    expect(checkpoints.recordedCount).toBe(2);
    expect(git(repo, 'stash', 'list')).toBe('');
    expect(git(repo, '--no-optional-locks', 'status', '--short')).toBe('M README.md\n?? notes.txt');
  }, 120_000);

  it('the last command before the terminal ends records its files: a line ending in `exit`, and a terminal that runs one command itself', async () => {
    const repo = makeRepo('codegen');
    made.push(dirname(repo));
    h = startCore({ env: { ...coreGitEnv(), PATH: '/usr/local/bin:/usr/bin:/bin', TERM: 'xterm-256color' } });
    const { checkpoints, terminals, sessions } = h.core.services;
    terminals.register();
    const shell = await h.ok('sessions:create', { kind: 'terminal', folder: repo, command: "PS1='ready> ' exec /bin/bash --norc --noprofile -i" });
    await h.ok('terminal:open', { id: shell.id, cols: 100, rows: 30 });
    await until(() => h!.eventsOf('terminal:data').some((e) => e.sessionId === shell.id && e.data.includes('ready> ')), { message: 'the shell prompt' });
    await h.ok('terminal:input', { id: shell.id, data: 'echo generated > api.ts; exit\r' });
    await until(() => sessions.get(shell.id).status === 'exited', { timeoutMs: 30_000, message: 'the shell to exit' });
    await checkpoints.settled();
    const [last] = (await h.ok('checkpoints:list', { id: shell.id })).items;
    expect(last && git(repo, 'show', `${last.commit}:api.ts`)).toBe('generated');

    // A terminal whose own command (no shell) writes a file and ends.
    const job = await h.ok('sessions:create', { kind: 'terminal', folder: repo, command: "sh -c 'echo built > out.txt'" });
    await h.ok('terminal:open', { id: job.id, cols: 100, rows: 30 });
    await until(() => sessions.get(job.id).status === 'exited', { timeoutMs: 30_000, message: 'the command to end' });
    await checkpoints.settled();
    const [built] = (await h.ok('checkpoints:list', { id: job.id })).items;
    expect(built && git(repo, 'show', `${built.commit}:out.txt`)).toBe('built');
  }, 120_000);

  it('Claude Code in the terminal: its Stop records the files its turn wrote, while it still holds the terminal', async () => {
    let file = '';
    const t = await claudeInATerminal(
      (req) =>
        hasToolResult(req)
          ? { text: 'Wrote the plan.' }
          : { content: [{ type: 'tool_use', name: 'Write', input: { file_path: file, content: '# Plan\n\nretry with backoff\n' } }] },
      {
        prepare: (cwd) => {
          git(cwd, 'init', '--quiet', '--initial-branch=main');
          writeFileSync(join(cwd, 'README.md'), 'hello\n');
          git(cwd, 'add', 'README.md');
          git(cwd, 'commit', '--quiet', '-m', 'first');
        },
      },
    );
    close = t.close;
    file = join(t.cwd, 'plan.md');
    const { checkpoints } = t.h.core.services;
    const turns = countTurns(t.h, t.row.id);
    await t.start('acceptEdits');
    const turnsBefore = turns();
    await t.type('write the plan');
    await t.type('\r');
    await until(() => t.reports.includes('done'), { timeoutMs: 90_000, message: 'Stop reported' });
    expect(readFileSync(file, 'utf8')).toBe('# Plan\n\nretry with backoff\n');
    await until(() => turns() > turnsBefore, { message: 'the Stop ended the terminal’s turn' });
    await checkpoints.settled();
    const [stop] = (await t.h.ok('checkpoints:list', { id: t.row.id })).items;
    if (!stop) throw new Error('no checkpoint at Stop');
    expect(git(t.cwd, 'show', `${stop.commit}:plan.md`)).toBe('# Plan\n\nretry with backoff');
    // Claude Code still holds the terminal: the turn was its Stop, not a command that ended.
    expect(t.text()).toContain('Wrote the plan.');
    expect(t.text()).not.toMatch(/ready> $/m);
  }, 180_000);
});
