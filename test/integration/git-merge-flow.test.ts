/**
 * The git flow after issue 14 §3, with real repositories and the real core: the merge writes
 * the message the user confirmed (or one made from the branch's own commits, never "Work from
 * <branch>"); a branch with nothing to merge says so; the summary says "merged" after a merge;
 * the worktree is removed keeping or deleting the branch, and unmerged work is never deleted;
 * a rename from the title reaches the summary and the transcript; Commit lists its files.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorktreeRecord } from '../../src/main/core/git/record';
import { until } from '../support/until';
import type { Harness } from '../unit/core/harness';
import { branchExists, git, makeRepo } from '../support/gitRepo';
import { gitCoreStarter } from '../support/gitCore';
import { worktreeSession, writeIn } from '../support/worktreeSession';

const start = gitCoreStarter();

const notes = (h: Harness, id: string): string[] =>
  h.core.services.store.entries.page(id, undefined, 100).entries.filter((e) => e.kind === 'note').map((e) => e.text);

describe('the merge message', () => {
  it('Squash writes exactly the message the user confirmed', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'a.txt', 'a\n');
    await h.ok('git:commit', { id: s.id, message: 'Add a' });
    writeIn(s.path, 'b.txt', 'b\n');
    await h.ok('git:commit', { id: s.id, message: 'Add b' });
    const message = 'Add the a and b files\n\nBoth are needed by the release script.';
    expect(await h.ok('git:merge', { id: s.id, strategy: 'squash', message: `${message}\n\n` })).toMatchObject({ outcome: 'merged' });
    expect(git(repo, 'log', '-1', '--format=%B', 'main')).toBe(message);
  });

  it('Merge commit writes the confirmed message; an empty one is refused with nothing changed', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'c.txt', 'c\n');
    await h.ok('git:commit', { id: s.id, message: 'Add c' });
    const before = git(repo, 'rev-parse', 'main');
    const empty = await h.call('git:merge', { id: s.id, strategy: 'merge', message: ' \n ' });
    expect(empty.ok ? null : empty.error.code).toBe('BAD_INPUT');
    expect(git(repo, 'rev-parse', 'main')).toBe(before);
    await h.ok('git:merge', { id: s.id, strategy: 'merge', message: 'Merge the c work' });
    expect(git(repo, 'log', '-1', '--format=%B', 'main')).toBe('Merge the c work');
    expect(git(repo, 'rev-list', '--parents', '-n', '1', 'main').split(' ')).toHaveLength(3);
  });

  it('an untitled session: the check suggests the commit’s own message, and a merge without one uses it (not "Work from …")', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'd.txt', 'd\n');
    await h.ok('git:commit', { id: s.id, message: 'Add d\n\nThe d file, explained.' });
    const check = await h.ok('git:mergeCheck', { id: s.id });
    expect(check.messages).toEqual({
      squash: 'Add d\n\nThe d file, explained.',
      merge: `Merge branch '${s.branch}' into main\n\n- Add d`,
    });
    await h.ok('git:merge', { id: s.id, strategy: 'squash' });
    const written = git(repo, 'log', '-1', '--format=%B', 'main');
    expect(written).toBe('Add d\n\nThe d file, explained.');
    expect(written).not.toContain('Work from');
  });

  it('several commits: the suggestion is the last subject and the list of subjects', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    for (const name of ['e', 'f']) {
      writeIn(s.path, `${name}.txt`, `${name}\n`);
      await h.ok('git:commit', { id: s.id, message: `Add ${name}` });
    }
    const check = await h.ok('git:mergeCheck', { id: s.id });
    expect(check.messages?.squash).toBe(`Add f\n\nSquashed from ${s.branch} (2 commits):\n\n- Add e\n- Add f`);
  });
});

describe('nothing to merge, merged, and removing the worktree', () => {
  it('a fresh worktree has nothing to merge: ahead 0, no message, not "merged"', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    expect(await h.ok('git:mergeCheck', { id: s.id })).toMatchObject({ ahead: 0, uncommitted: 0, messages: null, reason: null });
    expect((await h.ok('git:changes', { id: s.id })).summary).toMatchObject({ ahead: 0, uncommitted: 0, merged: null });
    expect(await h.ok('git:merge', { id: s.id, strategy: 'squash' })).toEqual({ outcome: 'up-to-date', baseBranch: 'main' });
  });

  it('after a merge the summary says merged into main, and new work clears it', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'g.txt', 'g\n');
    await h.ok('git:commit', { id: s.id, message: 'Add g' });
    await h.ok('git:merge', { id: s.id, strategy: 'squash', message: 'Add g' });
    await until(() => h.eventsOf('session:changes').some((e) => e.sessionId === s.id && e.merged === 'main'), { message: 'a pushed summary saying merged' });
    expect((await h.ok('git:changes', { id: s.id })).summary).toMatchObject({ ahead: 0, uncommitted: 0, files: 0, merged: 'main' });
    writeIn(s.path, 'h.txt', 'h\n');
    expect((await h.ok('git:changes', { id: s.id })).summary).toMatchObject({ uncommitted: 1, merged: null });
  });

  it('remove the worktree keeping the branch: folder gone, branch kept, summary and transcript say so', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'i.txt', 'i\n');
    await h.ok('git:commit', { id: s.id, message: 'Add i' });
    await h.ok('git:merge', { id: s.id, strategy: 'merge', message: 'Merge i' });
    const removed = await h.ok('git:removeWorktree', { id: s.id, deleteBranch: false });
    expect(removed).toMatchObject({ branch: s.branch, branchDeleted: false });
    expect(existsSync(s.path)).toBe(false);
    expect(branchExists(repo, s.branch)).toBe(true);
    expect(git(repo, 'worktree', 'list', '--porcelain')).not.toContain(s.path);
    expect((await h.ok('git:changes', { id: s.id })).summary).toMatchObject({ missing: true, worktreeRemoved: 'branch-kept' });
    expect(notes(h, s.id).at(-1)).toContain(`the branch ${s.branch} is kept`);
    expect((await h.ok('git:mergeCheck', { id: s.id })).reason).toContain('removed after the merge');
  });

  it('remove the worktree deleting the merged branch (after a squash)', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'j.txt', 'j\n');
    await h.ok('git:commit', { id: s.id, message: 'Add j' });
    await h.ok('git:merge', { id: s.id, strategy: 'squash', message: 'Add j' });
    expect(await h.ok('git:removeWorktree', { id: s.id, deleteBranch: true })).toMatchObject({ branchDeleted: true });
    expect(existsSync(s.path)).toBe(false);
    expect(branchExists(repo, s.branch)).toBe(false);
    expect(git(repo, 'ls-tree', '--name-only', 'main')).toContain('j.txt');
    expect((await h.ok('git:changes', { id: s.id })).summary.worktreeRemoved).toBe('branch-deleted');
  });

  it('refuses to delete a branch with unmerged commits; nothing is removed', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'k.txt', 'k\n');
    await h.ok('git:commit', { id: s.id, message: 'Add k' });
    const unmerged = await h.call('git:removeWorktree', { id: s.id, deleteBranch: true });
    expect(unmerged.ok ? null : unmerged.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('1 commit that main does not have') });
    expect(existsSync(join(s.path, 'k.txt'))).toBe(true);
    expect(branchExists(repo, s.branch)).toBe(true);
    expect(readWorktreeRecord(h.core.services.store, s.id)?.gone).toBeNull();
  });

  it('refuses while the session is working in the worktree', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    h.core.services.sessions.setStatus(s.id, 'working');
    const busy = await h.call('git:removeWorktree', { id: s.id, deleteBranch: false });
    expect(busy.ok ? null : busy.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('The session is working') });
    expect(existsSync(s.path)).toBe(true);
  });
});

describe('the branch name and the files to commit', () => {
  it('a rename from the title reaches the pushed summary and the transcript', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    await h.ok('sessions:rename', { id: s.id, title: 'Fix login redirect' });
    await h.core.services.worktrees.settled(s.id);
    await until(() => h.eventsOf('session:changes').some((e) => e.sessionId === s.id && e.branch === 'swarmdesk/fix-login-redirect'), { message: 'the renamed branch pushed' });
    expect(notes(h, s.id).at(-1)).toBe(`The branch ${s.branch} is now swarmdesk/fix-login-redirect, after the session's title.`);
    expect(git(repo, 'branch', '--list', 'swarmdesk/*', '--format=%(refname:short)')).toBe('swarmdesk/fix-login-redirect');
  });

  it('git:uncommittedFiles lists what Commit takes, with how each changed', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'README.md', 'changed\n');
    writeIn(s.path, 'new dir/new file.txt', 'n\n');
    const { files, truncated } = await h.ok('git:uncommittedFiles', { id: s.id });
    expect(truncated).toBe(false);
    expect(files).toEqual(expect.arrayContaining([{ path: 'README.md', how: 'modified' }, { path: 'new dir/new file.txt', how: 'new' }]));
    await h.ok('git:commit', { id: s.id, message: 'Both' });
    expect((await h.ok('git:uncommittedFiles', { id: s.id })).files).toEqual([]);
  });
});
