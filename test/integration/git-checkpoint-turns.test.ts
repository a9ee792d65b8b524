import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type Harness } from '../unit/core/harness';
import { coreGitEnv, git, makeRepo } from '../support/gitRepo';

// A checkpoint at each finished turn (issue 36), through a real core's hooks, on real repositories.
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
    const answer = sessions.appendEntry(chat.id, 'assistant', 'Added notes.md');
    writeFileSync(join(repo, 'notes.md'), 'notes\n');

    hooks.emit('turnCompleted', sessions.get(chat.id));
    expect(refOf(repo, chat.id)).toBe(''); // the turn did not wait for git
    await checkpoints.settled();

    const [first, ...rest] = await checkpoints.list(sessions.get(chat.id));
    expect(rest).toEqual([]);
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
    expect(checkpoints.recordedCount).toBe(2);
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
