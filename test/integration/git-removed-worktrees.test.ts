/**
 * Worktrees that cannot lose work (issue 36), with real repositories and the real core: "Remove worktree"
 * after a merge keeps the worktree's uncommitted files as a checkpoint (never a commit on the branch,
 * never a stash) and lists it under "Recently removed"; Restore brings the folder back with them, on a
 * new branch from the HEAD it had when the branch was deleted, and beside its path when the path is taken.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorktreeRecord } from '../../src/main/core/git/record';
import { branchExists, git, makeRepo } from '../support/gitRepo';
import { gitCoreStarter } from '../support/gitCore';
import { worktreeSession, writeIn } from '../support/worktreeSession';

const start = gitCoreStarter();

describe('Recently removed', () => {
  it('a worktree removed after a merge, its branch deleted, comes back with its uncommitted and untracked files on a new branch', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'a.txt', 'a\n');
    await h.ok('git:commit', { id: s.id, message: 'Add a' });
    await h.ok('git:merge', { id: s.id, strategy: 'merge', message: 'Merge a' });
    const head = git(s.path, 'rev-parse', 'HEAD');
    writeIn(s.path, 'a.txt', 'a, edited after the merge\n');
    writeIn(s.path, 'notes/wip.txt', 'wip\n');
    const stashBefore = git(repo, 'stash', 'list');

    const removal = await h.ok('git:removeWorktree', { id: s.id, deleteBranch: true });
    expect(removal).toMatchObject({ branchDeleted: true });
    expect(existsSync(s.path)).toBe(false);
    expect(branchExists(repo, s.branch)).toBe(false);
    expect(git(repo, 'log', '-1', '--format=%s', 'main')).toBe('Merge a');
    expect(git(repo, 'stash', 'list')).toBe(stashBefore);
    const { items } = await h.ok('git:removedWorktrees', {});
    expect(items).toMatchObject([{ sessionId: s.id, path: s.path, branch: s.branch, how: 'removed' }]);

    const restored = await h.ok('git:restoreRemovedWorktree', { removed: items[0]!.id });
    expect(restored).toEqual({ path: s.path, branch: `${s.branch}-restored`, newBranch: true });
    expect(git(s.path, 'rev-parse', 'HEAD')).toBe(head);
    expect(readFileSync(join(s.path, 'a.txt'), 'utf8')).toBe('a, edited after the merge\n');
    expect(readFileSync(join(s.path, 'notes/wip.txt'), 'utf8')).toBe('wip\n');
    // Files only: the edit is unstaged, the new file untracked, nothing stashed.
    expect(git(s.path, 'diff', '--name-only')).toBe('a.txt');
    expect(git(s.path, 'diff', '--cached', '--name-only')).toBe('');
    expect(git(s.path, 'ls-files', '--others', '--exclude-standard')).toBe('notes/wip.txt');
    expect(git(repo, 'stash', 'list')).toBe(stashBefore);
    expect((await h.ok('git:removedWorktrees', {})).items).toEqual([]);
    expect(readWorktreeRecord(h.core.services.store, s.id)).toMatchObject({ gone: null, path: s.path, branch: `${s.branch}-restored` });
  });

  it('the branch kept: Restore puts the worktree back on it, beside its path when that folder is taken', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'b.txt', 'b\n');
    git(s.path, 'rm', '--quiet', 'README.md');
    await h.ok('git:removeWorktree', { id: s.id, deleteBranch: false });
    expect(branchExists(repo, s.branch)).toBe(true);
    expect(git(repo, 'log', '-1', '--format=%s', s.branch)).not.toContain('Swarmdesk');
    mkdirSync(s.path, { recursive: true });
    const [item] = (await h.ok('git:removedWorktrees', {})).items;
    const restored = await h.ok('git:restoreRemovedWorktree', { removed: item!.id });
    expect(restored).toEqual({ path: `${s.path}-2`, branch: s.branch, newBranch: false });
    expect(readFileSync(join(restored.path, 'b.txt'), 'utf8')).toBe('b\n');
    expect(existsSync(join(restored.path, 'README.md'))).toBe(false);
    expect(git(repo, 'stash', 'list')).toBe('');
  });

  it('an unknown or expired entry is refused with a clear error', async () => {
    const h = start();
    const missing = await h.call('git:restoreRemovedWorktree', { removed: '0123456789abcdef' });
    expect(missing.ok ? null : missing.error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('14 days') });
  });
});

describe('Open existing worktree', () => {
  it('adopts a worktree made outside Swarmdesk: listed, the session works there on its branch, nothing removed, stashed or lost', async () => {
    const h = start();
    const repo = makeRepo();
    const outside = join(repo, '..', 'by-hand');
    git(repo, 'worktree', 'add', '--quiet', '-b', 'feature/by-hand', outside);
    writeIn(outside, 'draft.txt', 'draft\n');
    expect((await h.ok('git:outsideWorktrees', { folder: repo })).items).toEqual([{ path: outside, branch: 'feature/by-hand' }]);

    const row = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: { enabled: true, copyPatterns: [], setupCommand: '', existing: outside } });
    expect(row.folder).toBe(outside);
    expect(readWorktreeRecord(h.core.services.store, row.id)).toMatchObject({ repoRoot: repo, path: outside, branch: 'feature/by-hand', baseBranch: 'main' });
    expect((await h.ok('git:worktreeState', { id: row.id })).worktree).toMatchObject({ branch: 'feature/by-hand', uncommitted: 1 });
    expect((await h.ok('git:outsideWorktrees', { folder: repo })).items).toEqual([]);
    expect(git(outside, 'ls-files', '--others', '--exclude-standard')).toBe('draft.txt');
    expect(git(repo, 'stash', 'list')).toBe('');
    expect(branchExists(repo, 'feature/by-hand')).toBe(true);

    const again = await h.call('sessions:create', { kind: 'terminal', folder: repo, worktree: { enabled: true, copyPatterns: [], setupCommand: '', existing: outside } });
    expect(again.ok ? null : again.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('already works in the worktree') });
    const notOne = await h.call('sessions:create', { kind: 'terminal', folder: repo, worktree: { enabled: true, copyPatterns: [], setupCommand: '', existing: repo } });
    expect(notOne.ok ? null : notOne.error.code).toBe('BAD_INPUT');
    expect(existsSync(join(outside, 'draft.txt'))).toBe(true);
  });

  it('the adopted worktree’s branch is the user’s: a title never renames it, and a rename outside is followed', async () => {
    const h = start();
    const repo = makeRepo();
    const outside = join(repo, '..', 'by-hand');
    git(repo, 'worktree', 'add', '--quiet', '-b', 'feature/by-hand', outside);
    const row = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: { enabled: true, copyPatterns: [], setupCommand: '', existing: outside } });
    // A person's title renames a branch Swarmdesk made; this one it did not make.
    await h.ok('sessions:rename', { id: row.id, title: 'Fix the export' });
    await h.core.services.worktrees.settled(row.id);
    expect(branchExists(repo, 'feature/by-hand')).toBe(true);
    expect(readWorktreeRecord(h.core.services.store, row.id)?.branch).toBe('feature/by-hand');

    git(outside, 'branch', '-m', 'feature/export-csv');
    await h.ok('entries:page', { id: row.id });
    await h.core.services.worktrees.settled(row.id);
    expect((await h.ok('git:worktreeState', { id: row.id })).worktree?.branch).toBe('feature/export-csv');
    await h.ok('sessions:rename', { id: row.id, title: 'Export as CSV' });
    await h.core.services.worktrees.settled(row.id);
    expect(git(outside, 'branch', '--show-current')).toBe('feature/export-csv');
    expect(git(repo, 'stash', 'list')).toBe('');
  });

  it('deleting the session leaves the adopted worktree exactly as it is: folder, uncommitted files, branch, git worktree list, stash; Undo finds it there', async () => {
    const h = start();
    const repo = makeRepo();
    const outside = join(repo, '..', 'by-hand');
    git(repo, 'worktree', 'add', '--quiet', '-b', 'feature/by-hand', outside);
    writeIn(outside, 'draft.txt', 'draft\n');
    writeIn(outside, 'README.md', 'edited by hand\n');
    const row = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: { enabled: true, copyPatterns: [], setupCommand: '', existing: outside } });
    expect((await h.ok('git:worktreeState', { id: row.id })).worktree).toMatchObject({ adopted: true, uncommitted: 2 });
    const before = { list: git(repo, 'worktree', 'list', '--porcelain'), head: git(repo, 'rev-parse', 'feature/by-hand'), status: git(outside, 'status', '--porcelain'), stash: git(repo, 'stash', 'list') };

    await h.ok('sessions:delete', { id: row.id });
    expect(existsSync(outside)).toBe(true);
    expect(readFileSync(join(outside, 'draft.txt'), 'utf8')).toBe('draft\n');
    expect(readFileSync(join(outside, 'README.md'), 'utf8')).toBe('edited by hand\n');
    const after = { list: git(repo, 'worktree', 'list', '--porcelain'), head: git(repo, 'rev-parse', 'feature/by-hand'), status: git(outside, 'status', '--porcelain'), stash: git(repo, 'stash', 'list') };
    expect(after).toEqual(before);
    expect(git(outside, 'branch', '--show-current')).toBe('feature/by-hand');
    // Nothing was removed, so nothing is listed to bring back.
    expect((await h.ok('git:removedWorktrees', {})).items).toEqual([]);

    await h.ok('sessions:restore', { id: row.id });
    expect(readWorktreeRecord(h.core.services.store, row.id)).toMatchObject({ path: outside, branch: 'feature/by-hand', gone: null, adopted: true });
    expect(git(outside, 'status', '--porcelain')).toBe(before.status);
  });

  it('"Remove worktree" after a merge is refused for an adopted worktree: nothing removed, the branch kept', async () => {
    const h = start();
    const repo = makeRepo();
    const outside = join(repo, '..', 'by-hand');
    git(repo, 'worktree', 'add', '--quiet', '-b', 'feature/by-hand', outside);
    const row = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: { enabled: true, copyPatterns: [], setupCommand: '', existing: outside } });
    writeIn(outside, 'a.txt', 'a\n');
    await h.ok('git:commit', { id: row.id, message: 'Add a' });
    await h.ok('git:merge', { id: row.id, strategy: 'merge', message: 'Merge a' });
    writeIn(outside, 'wip.txt', 'wip\n');
    // The pane's summary says so: it offers no "Remove worktree…" for it.
    expect((await h.ok('git:changes', { id: row.id })).summary.adopted).toBe(true);

    const refused = await h.call('git:removeWorktree', { id: row.id, deleteBranch: true });
    expect(refused.ok ? null : refused.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('made outside Swarmdesk') });
    expect(readFileSync(join(outside, 'wip.txt'), 'utf8')).toBe('wip\n');
    expect(branchExists(repo, 'feature/by-hand')).toBe(true);
    expect(git(repo, 'worktree', 'list')).toContain(outside);
    expect(git(repo, 'stash', 'list')).toBe('');
    expect((await h.ok('git:removedWorktrees', {})).items).toEqual([]);
  });
});
