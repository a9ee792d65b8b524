import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionRow } from '../../src/shared/domain/session';
import type { CheckpointInfo, RestoreResultInfo, TurnDiffInfo } from '../../src/shared/ipc/checkpoints';
import type { RemovedWorktreeItem } from '../../src/shared/ipc/gitRemoved';
import { setLogSink } from '../../src/main/core';
import { DB_FILE_NAME } from '../../src/main/core/store';
import { git } from '../support/gitRepo';
import { startSwarmWithBox, type SwarmWithBox } from '../support/swarmWithBox';
import { until } from '../support/until';
import { WORKTREE_ON } from '../support/worktreeSession';

/*
 * Checkpoints, review and removed worktrees of a session on a remote host (issues 35 and 36: "the diff
 * and the comments live where the session lives", "on a remote host all of this runs on that machine's
 * git"), every part real: a local session host, sshd, ssh and box's host (test/support/swarmWithBox.ts),
 * a repository in box's home, box's chat answering from the model stand-in. The test is a front of the
 * local host only; it looks at box's files, git and database directly only to check what happened there.
 */
setLogSink(() => {});

interface WorktreeState {
  readonly worktree: { readonly path: string; readonly branch: string } | null;
}

describe('git on a remote host: checkpoints, review and removed worktrees live on box (real sshd, ssh, hosts, git)', () => {
  let swarm: SwarmWithBox;
  let repo: string;
  let chat: SessionRow;
  let wt: string;
  let branch: string;

  const assistantAnswers = (id: string): number => swarm.pushes.filter((p) => p.event === 'entry:added' && p.payload.sessionId === id && p.payload.kind === 'assistant').length;
  const checkpoints = async (id: string): Promise<CheckpointInfo[]> => (await swarm.call<{ items: CheckpointInfo[] }>('checkpoints:list', { id })).items;
  /** Sends a message to box's chat and waits for its answer (its turn ended). */
  const turn = async (id: string, text: string): Promise<void> => {
    const before = assistantAnswers(id);
    await swarm.call('sessions:send', { id, text });
    await until(() => assistantAnswers(id) > before, { timeoutMs: 30_000, message: "box's chat to answer" });
  };

  beforeAll(async () => {
    swarm = await startSwarmWithBox(() => ({ text: 'Answered on box.' }));
    // A repository in box's home, made with box's git (the same machine here, reached only through box's host).
    repo = join(swarm.sshd.remoteHome, 'billing');
    mkdirSync(repo);
    git(repo, 'init', '--quiet', '--initial-branch=main');
    writeFileSync(join(repo, 'README.md'), 'hello\n');
    writeFileSync(join(repo, 'retry.ts'), 'export const tries = 3;\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '--quiet', '-m', 'first');
  }, 300_000);

  afterAll(async () => {
    await swarm?.stop();
  }, 90_000);

  it("each turn of box's session records a checkpoint with box's git; list, diff and restore reach it, refused while it works", async () => {
    chat = await swarm.call<SessionRow>('sessions:create', { kind: 'chat', host: 'box', folder: repo, worktree: WORKTREE_ON });
    expect(chat.host).toBe('box');
    const state = await swarm.call<WorktreeState>('git:worktreeState', { id: chat.id });
    wt = state.worktree?.path ?? '';
    branch = state.worktree?.branch ?? '';
    // Box's worktree, in box's data folder.
    expect(wt.startsWith(join(swarm.sshd.remoteHome, 'data'))).toBe(true);

    writeFileSync(join(wt, 'retry.ts'), 'export const tries = 5;\n');
    writeFileSync(join(wt, 'NOTES.md'), 'retry five times\n');
    await turn(chat.id, 'Retry five times and note it.');
    await until(async () => (await checkpoints(chat.id)).length === 1, { timeoutMs: 20_000, message: "box's checkpoint of the turn" });
    const [first] = await checkpoints(chat.id);
    // The private ref is in box's repository, written by box's host.
    expect(git(repo, 'for-each-ref', '--format=%(objectname)', `refs/swarmdesk/checkpoints/${chat.id}`)).toBe(first?.commit);
    const diff = await swarm.call<TurnDiffInfo>('checkpoints:diff', { id: chat.id, commit: first?.commit });
    expect(diff.patch).toContain('+export const tries = 5;');
    expect(diff.patch).toContain('+retry five times');

    // The next turn wrecks retry.ts and leaves a stray file; while box's agent works, a restore is refused.
    writeFileSync(join(wt, 'retry.ts'), 'wrecked\n');
    writeFileSync(join(wt, 'stray.txt'), 'stray\n');
    swarm.model.enqueue({ text: 'Done slowly on box.', delayMs: 6_000 });
    const before = assistantAnswers(chat.id);
    await swarm.call('sessions:send', { id: chat.id, text: 'Take your time.' });
    await until(async () => (await swarm.call<SessionRow>('sessions:get', { id: chat.id })).status === 'working', { timeoutMs: 10_000, message: 'box working' });
    expect(await swarm.handle('checkpoints:restore', { id: chat.id, commit: first?.commit })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', message: expect.stringContaining('the agent is working') },
    });
    expect(readFileSync(join(wt, 'retry.ts'), 'utf8')).toBe('wrecked\n');
    await until(() => assistantAnswers(chat.id) > before, { timeoutMs: 30_000, message: 'the slow turn to end' });
    await until(async () => (await checkpoints(chat.id)).length === 2, { timeoutMs: 20_000, message: "box's checkpoint of the wrecking turn" });

    const stashBefore = git(repo, 'stash', 'list');
    const restored = await swarm.call<RestoreResultInfo>('checkpoints:restore', { id: chat.id, commit: first?.commit });
    expect(restored.restored.commit).toBe(first?.commit);
    expect(readFileSync(join(wt, 'retry.ts'), 'utf8')).toBe('export const tries = 5;\n');
    expect(existsSync(join(wt, 'stray.txt'))).toBe(false);
    expect(git(repo, 'stash', 'list')).toBe(stashBefore);
    // The present was recorded first: restoring it undoes the restore, on box.
    await swarm.call<RestoreResultInfo>('checkpoints:restore', { id: chat.id, commit: restored.before.commit });
    expect(readFileSync(join(wt, 'retry.ts'), 'utf8')).toBe('wrecked\n');
    expect(readFileSync(join(wt, 'stray.txt'), 'utf8')).toBe('stray\n');
  }, 120_000);

  it("a review of box's session is stored in box's database, read from box's diff and sent to box's agent", async () => {
    const comment = await swarm.call<{ id: string; state: string; quote: string }>('review:add', {
      id: chat.id,
      path: 'NOTES.md',
      side: 'new',
      startLine: 1,
      endLine: 1,
      body: 'Say why five.',
    });
    expect(comment).toMatchObject({ state: 'draft', quote: 'retry five times' });
    const boxDb = new Database(join(swarm.sshd.remoteHome, 'data', DB_FILE_NAME), { readonly: true, fileMustExist: true });
    try {
      expect(boxDb.prepare('SELECT session_id, path, body, state FROM review_comments').all()).toEqual([
        { session_id: chat.id, path: 'NOTES.md', body: 'Say why five.', state: 'draft' },
      ]);
    } finally {
      boxDb.close();
    }
    // A path box's diff does not hold is refused there, nothing stored.
    expect(await swarm.handle('review:add', { id: chat.id, path: 'README.md', side: 'file', body: 'Unchanged.' })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });

    const requests = swarm.model.requests.length;
    const sent = await swarm.call<{ comments: Array<{ state: string }> }>('review:send', { id: chat.id });
    expect(sent.comments.map((c) => c.state)).toEqual(['sent']);
    await until(() => swarm.model.requests.length > requests, { timeoutMs: 30_000, message: "box's agent to get the review" });
    const asked = swarm.model.requests.at(-1)?.lastUserText ?? '';
    expect(asked).toContain('NOTES.md, line 1');
    expect(asked).toContain('retry five times');
    expect(asked).toContain('Say why five.');
    expect((await swarm.call<{ comments: Array<{ state: string }> }>('review:list', { id: chat.id })).comments.map((c) => c.state)).toEqual(['sent']);
  }, 90_000);

  it("a worktree removed on box is listed with its host and restored there; Open existing worktree lists box's", async () => {
    await until(async () => (await swarm.call<SessionRow>('sessions:get', { id: chat.id })).status !== 'working', { timeoutMs: 30_000, message: "box's chat idle" });
    await swarm.call('sessions:delete', { id: chat.id });
    await until(() => !existsSync(wt), { timeoutMs: 20_000, message: "box's worktree removed" });

    const { items } = await swarm.call<{ items: RemovedWorktreeItem[] }>('git:removedWorktrees', {});
    const item = items.find((i) => i.sessionId === chat.id);
    expect(item).toMatchObject({ path: wt, branch, how: 'deleted', host: 'box' });

    const restored = await swarm.call<{ path: string; branch: string }>('git:restoreRemovedWorktree', { removed: item?.id, host: 'box' });
    expect(restored).toMatchObject({ path: wt, branch });
    expect(readFileSync(join(wt, 'retry.ts'), 'utf8')).toBe('wrecked\n');
    expect(git(wt, 'ls-files', '--others', '--exclude-standard').split('\n').sort()).toEqual(['NOTES.md', 'stray.txt']);
    expect((await swarm.call<{ items: RemovedWorktreeItem[] }>('git:removedWorktrees', {})).items.some((i) => i.sessionId === chat.id)).toBe(false);

    // A worktree made by hand in box's repository: offered for a new session on box (the restored one, no session in it, too).
    const byHand = join(swarm.sshd.remoteHome, 'billing-by-hand');
    git(repo, 'worktree', 'add', '--quiet', '-b', 'by-hand', byHand);
    const outside = await swarm.call<{ items: Array<{ path: string; branch: string }> }>('git:outsideWorktrees', { folder: repo, host: 'box' });
    expect(outside.items).toEqual(expect.arrayContaining([{ path: byHand, branch: 'by-hand' }]));
    // Adopted by a session on box: no longer offered there.
    const adopted = await swarm.call<SessionRow>('sessions:create', { kind: 'chat', host: 'box', folder: repo, worktree: { ...WORKTREE_ON, existing: byHand } });
    expect(adopted.host).toBe('box');
    const after = await swarm.call<{ items: Array<{ path: string }> }>('git:outsideWorktrees', { folder: repo, host: 'box' });
    expect(after.items.map((i) => i.path)).not.toContain(byHand);
  }, 90_000);
});
