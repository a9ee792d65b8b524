import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type Harness } from '../unit/core/harness';
import { coreGitEnv, git, makeRepo } from '../support/gitRepo';

// A checkpoint at each finished turn, and one as an agent session's first turn starts (issue 36), through a real
// core's hooks, on real repositories.
let harness: Harness | null = null;
const made: string[] = [];
afterEach(async () => {
  await harness?.core.close();
  harness = null;
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const refOf = (repo: string, id: string): string => git(repo, 'for-each-ref', '--format=%(objectname)', `refs/swarmdesk/checkpoints/${id}`);

describe('a checkpoint at each finished turn', () => {
  it('an agent’s turnCompleted and a terminal’s terminalTurnEnded each record their session’s tree in the background, marked with the turn’s newest entry', async () => {
    const h = (harness = startCore({ env: coreGitEnv() }));
    const repo = makeRepo('turns repo');
    made.push(dirname(repo));
    const { sessions, hooks, checkpoints } = h.core.services;
    const chat = sessions.create({ kind: 'chat', folder: repo });
    sessions.appendEntry(chat.id, 'user', 'Add notes');
    await checkpoints.settled(); // the one taken as the first message went in
    const answer = sessions.appendEntry(chat.id, 'assistant', 'Added notes.md');
    writeFileSync(join(repo, 'notes.md'), 'notes\n');

    const started = refOf(repo, chat.id);
    hooks.emit('turnCompleted', sessions.get(chat.id));
    expect(refOf(repo, chat.id)).toBe(started); // the turn did not wait for git
    await checkpoints.settled();

    const [first, ...rest] = await checkpoints.list(sessions.get(chat.id));
    expect(rest.map((c) => c.commit)).toEqual([started]);
    expect(first?.turn).toBe(String(answer.seq));
    expect(git(repo, 'ls-tree', '-r', '--name-only', first?.commit ?? '')).toContain('notes.md');
    expect(git(repo, '--no-optional-locks', 'status', '--porcelain')).toBe('?? notes.md'); // still untracked

    const terminal = sessions.create({ kind: 'terminal', folder: repo });
    writeFileSync(join(repo, 'README.md'), 'changed by a command\n');
    hooks.emit('terminalTurnEnded', sessions.get(terminal.id));
    await checkpoints.settled();
    const [termCheckpoint] = await checkpoints.list(sessions.get(terminal.id));
    expect(termCheckpoint).toBeDefined();
    expect((await checkpoints.diff(sessions.get(terminal.id), termCheckpoint?.commit ?? '')).patch).toContain('+changed by a command');
    expect(checkpoints.recordedCount).toBe(3);
  });

  it('an agent session’s first message records its folder before the agent has it, once: the first turn’s diff is its own work, and it can be undone', async () => {
    const h = (harness = startCore({ env: coreGitEnv() }));
    const repo = makeRepo('first turn repo');
    made.push(dirname(repo));
    writeFileSync(join(repo, 'README.md'), 'the user’s own edit\n'); // uncommitted before the session
    const { sessions, hooks, checkpoints } = h.core.services;
    const row = sessions.create({ kind: 'claude-code', folder: repo });
    const asked = sessions.appendEntry(row.id, 'user', 'Write the plan');
    await checkpoints.settled();
    writeFileSync(join(repo, 'plan.md'), 'wrecked\n'); // the agent's first turn
    sessions.appendEntry(row.id, 'assistant', 'Wrote plan.md');
    hooks.emit('turnCompleted', sessions.get(row.id));
    await checkpoints.settled();
    sessions.appendEntry(row.id, 'user', 'And the tests?'); // not the first message: no second one
    await checkpoints.settled();

    const [turn, before, ...none] = await checkpoints.list(sessions.get(row.id));
    expect(none).toEqual([]);
    expect(before?.turn).toBe(String(asked.seq));
    const patch = (await checkpoints.diff(sessions.get(row.id), turn?.commit ?? '')).patch;
    expect(patch).toContain('+wrecked');
    expect(patch).not.toContain('README.md');
    await checkpoints.restore(sessions.get(row.id), before?.commit ?? '');
    expect(existsSync(join(repo, 'plan.md'))).toBe(false);
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('the user’s own edit\n');

    // A terminal's lines are recorded once the shell took them: no checkpoint on them.
    const terminal = sessions.create({ kind: 'terminal', folder: repo });
    sessions.appendEntry(terminal.id, 'user', 'ls');
    await checkpoints.settled();
    expect(refOf(repo, terminal.id)).toBe('');
  });

  it('a session outside git, in a missing folder, or a subagent gets none, and nothing fails', async () => {
    const h = (harness = startCore({ env: { ...coreGitEnv(), GIT_CEILING_DIRECTORIES: tmpdir() } }));
    const plain = mkdtempSync(join(tmpdir(), 'sd-plain-'));
    made.push(plain);
    const repo = makeRepo('sub repo');
    made.push(dirname(repo));
    const { sessions, hooks, checkpoints } = h.core.services;
    const outside = sessions.create({ kind: 'chat', folder: plain });
    const missing = sessions.create({ kind: 'chat', folder: join(plain, 'gone') });
    const parent = sessions.create({ kind: 'chat', folder: repo });
    const child = sessions.create({ kind: 'chat', folder: repo, parentId: parent.id });
    writeFileSync(join(repo, 'x.txt'), 'x\n');
    for (const row of [outside, missing, child]) hooks.emit('turnCompleted', sessions.get(row.id));
    await checkpoints.settled();
    expect(checkpoints.recordedCount).toBe(0);
    expect(git(repo, 'for-each-ref', 'refs/swarmdesk/')).toBe('');
  });
});
