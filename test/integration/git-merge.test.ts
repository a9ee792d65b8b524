/**
 * Commit and merge back (issue 10 part 3) with real repositories in temp folders and the
 * real core: Squash, Merge commit and Rebase land on the base branch; a conflict is
 * reported without touching the base checkout; a dirty base checkout, a base branch that
 * is checked out nowhere, a detached HEAD, a submodule and paths with spaces behave.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorktreeRecord } from '../../src/main/core/git/record';
import type { Harness } from '../unit/core/harness';
import { gitCoreStarter } from '../support/gitCore';
import { git, makeRepo } from '../support/gitRepo';
import { WORKTREE_ON, worktreeSession, writeIn } from '../support/worktreeSession';

const start = gitCoreStarter();

/** What must not change in a checkout that a refused or conflicting merge left alone. */
function snapshot(dir: string) {
  const gitDir = git(dir, 'rev-parse', '--absolute-git-dir');
  return {
    head: git(dir, 'rev-parse', 'HEAD'),
    branch: git(dir, 'rev-parse', '--abbrev-ref', 'HEAD'),
    status: git(dir, 'status', '--porcelain=v1', '--untracked-files=all'),
    index: git(dir, 'ls-files', '--stage'),
    inProgress: ['MERGE_HEAD', 'rebase-merge', 'rebase-apply', 'CHERRY_PICK_HEAD'].filter((f) => existsSync(join(gitDir, f))),
  };
}

const notes = (h: Harness, id: string): string[] =>
  h.core.services.store.entries.page(id, undefined, 100).entries.filter((e) => e.kind === 'note').map((e) => e.text);

describe('merge into the base branch', () => {
  it('Squash: one commit on main with the session’s files; the checkout follows; the branch then counts 0 unmerged', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    await h.ok('sessions:rename', { id: s.id, title: 'Greeting files' });
    await h.core.services.worktrees.settled(s.id); // the branch follows the title
    const branch = readWorktreeRecord(h.core.services.store, s.id)?.branch;
    expect(branch).toBe('swarmdesk/greeting-files');
    writeIn(s.path, 'hello.txt', 'hi\n');
    expect((await h.ok('git:mergeCheck', { id: s.id })).uncommitted).toBe(1);
    const first = await h.ok('git:commit', { id: s.id, message: 'Add hello' });
    expect(first.files).toBe(1);
    // The transcript's note says it as the pane's toast does ("Committed 1 file as <7 hex>"), not in other words.
    expect(notes(h, s.id)).toContain(`Committed 1 file as ${first.commit.slice(0, 7)} on ${branch}: Add hello`);
    writeIn(s.path, 'bye.txt', 'bye\n');
    await h.ok('git:commit', { id: s.id, message: 'Add bye' });
    const before = git(repo, 'rev-parse', 'main');
    const check = await h.ok('git:mergeCheck', { id: s.id });
    expect(check).toMatchObject({ baseBranch: 'main', branch, ahead: 2, uncommitted: 0, conflicts: [], reason: null });

    const result = await h.ok('git:merge', { id: s.id, strategy: 'squash' });
    expect(result).toMatchObject({ outcome: 'merged', strategy: 'squash', baseBranch: 'main' });
    const main = git(repo, 'rev-parse', 'main');
    expect(result.outcome === 'merged' && result.commit).toBe(main);
    expect(git(repo, 'rev-list', '--parents', '-n', '1', 'main').split(' ')).toEqual([main, before]);
    expect(git(repo, 'log', '-1', '--format=%B', 'main')).toContain('Greeting files');
    expect(git(repo, 'log', '-1', '--format=%B', 'main')).toContain('- Add hello');
    expect(git(repo, 'ls-tree', '--name-only', 'main').split('\n').sort()).toEqual(['README.md', 'bye.txt', 'hello.txt']);
    // The base checkout was fast-forwarded: files on disk, nothing pending.
    expect(readFileSync(join(repo, 'hello.txt'), 'utf8')).toBe('hi\n');
    expect(snapshot(repo)).toMatchObject({ branch: 'main', status: '', inProgress: [] });
    const state = await h.ok('git:worktreeState', { id: s.id });
    expect(state.worktree).toMatchObject({ unmerged: 0, uncommitted: 0 });
    // The branch's own commits stay reachable.
    const kept = git(repo, 'for-each-ref', '--format=%(objectname)', 'refs/swarmdesk/squashed/');
    expect(git(repo, 'log', '--format=%s', kept)).toContain('Add bye');
    expect(notes(h, s.id)).toContain(`Merged ${branch} into main (squashed) as ${main.slice(0, 7)}.`);
    expect(await h.ok('git:merge', { id: s.id, strategy: 'squash' })).toEqual({ outcome: 'up-to-date', baseBranch: 'main' });
  });

  it('Merge commit: two parents, base first; the files land in the checkout', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'feature.txt', 'feature\n');
    await h.ok('git:commit', { id: s.id, message: 'Add feature' });
    writeIn(repo, 'other.txt', 'other\n');
    git(repo, 'add', 'other.txt');
    git(repo, 'commit', '--quiet', '-m', 'main moves on');
    const [base, head] = [git(repo, 'rev-parse', 'main'), git(s.path, 'rev-parse', 'HEAD')];
    const result = await h.ok('git:merge', { id: s.id, strategy: 'merge' });
    expect(result.outcome).toBe('merged');
    expect(git(repo, 'rev-list', '--parents', '-n', '1', 'main').split(' ').slice(1)).toEqual([base, head]);
    expect(git(repo, 'log', '-1', '--format=%s', 'main')).toBe(`Merge branch '${s.branch}' into main`);
    expect(readFileSync(join(repo, 'feature.txt'), 'utf8')).toBe('feature\n');
    expect(snapshot(repo).status).toBe('');
    expect((await h.ok('git:worktreeState', { id: s.id })).worktree?.unmerged).toBe(0);
  });

  it('Rebase: the branch is replayed on main in its worktree and main fast-forwards (linear history)', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'rebased.txt', 'r\n');
    await h.ok('git:commit', { id: s.id, message: 'Add rebased' });
    writeIn(repo, 'moved.txt', 'm\n');
    git(repo, 'add', 'moved.txt');
    git(repo, 'commit', '--quiet', '-m', 'main moves on');
    const moved = git(repo, 'rev-parse', 'main');
    const result = await h.ok('git:merge', { id: s.id, strategy: 'rebase' });
    expect(result.outcome).toBe('merged');
    expect(git(repo, 'rev-parse', 'main')).toBe(git(s.path, 'rev-parse', 'HEAD'));
    expect(git(repo, 'log', '--format=%s', 'main').split('\n')).toEqual(['Add rebased', 'main moves on', 'first']);
    expect(git(repo, 'rev-parse', 'main~1')).toBe(moved);
    expect(git(repo, 'rev-list', '--merges', '--count', 'main')).toBe('0');
    expect(readFileSync(join(repo, 'rebased.txt'), 'utf8')).toBe('r\n');
    expect(snapshot(s.path).inProgress).toEqual([]);
    expect((await h.ok('git:worktreeState', { id: s.id })).worktree?.unmerged).toBe(0);
  });

  it('two sessions: one squashed, the other rebased after it; no work lost', async () => {
    const h = start();
    const repo = makeRepo();
    const [a, b] = [await worktreeSession(h, repo), await worktreeSession(h, repo)];
    writeIn(a.path, 'a.txt', 'a\n');
    writeIn(b.path, 'b.txt', 'b\n');
    await h.ok('git:commit', { id: a.id, message: 'Add a' });
    await h.ok('git:commit', { id: b.id, message: 'Add b' });
    expect((await h.ok('git:merge', { id: a.id, strategy: 'squash' })).outcome).toBe('merged');
    expect((await h.ok('git:merge', { id: b.id, strategy: 'rebase' })).outcome).toBe('merged');
    expect(git(repo, 'ls-tree', '--name-only', 'main').split('\n').sort()).toEqual(['README.md', 'a.txt', 'b.txt']);
    expect(snapshot(repo).status).toBe('');
  });
});

describe('what is refused, and what is left alone', () => {
  async function conflicting(h: Harness) {
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'README.md', 'from the session\n');
    await h.ok('git:commit', { id: s.id, message: 'Session edits README' });
    writeIn(repo, 'README.md', 'from main\n');
    git(repo, 'commit', '--quiet', '-am', 'main edits README');
    return { repo, s };
  }

  it('a conflict is listed by the check and by each strategy; neither checkout is touched', async () => {
    const h = start();
    const { repo, s } = await conflicting(h);
    const [baseBefore, wtBefore] = [snapshot(repo), snapshot(s.path)];
    expect((await h.ok('git:mergeCheck', { id: s.id })).conflicts).toEqual(['README.md']);
    for (const strategy of ['squash', 'merge', 'rebase'] as const) {
      expect(await h.ok('git:merge', { id: s.id, strategy })).toEqual({ outcome: 'conflicts', baseBranch: 'main', files: ['README.md'] });
      expect(snapshot(repo)).toEqual(baseBefore);
      expect(snapshot(s.path)).toEqual(wtBefore);
    }
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('from main\n');
  });

  it('"Rebase in worktree" leaves the worktree mid-rebase with the files listed, and merging waits for it', async () => {
    const h = start();
    const { repo, s } = await conflicting(h);
    const baseBefore = snapshot(repo);
    const r = await h.ok('git:resolveConflicts', { id: s.id, how: 'rebase' });
    expect(r.files).toEqual(['README.md']);
    expect(r.message).toContain('in the middle of a rebase onto main');
    expect(snapshot(s.path).inProgress).toEqual(['rebase-merge']);
    expect(snapshot(repo)).toEqual(baseBefore);
    expect((await h.ok('git:mergeCheck', { id: s.id })).reason).toContain('middle of a rebase');
    const refused = await h.call('git:merge', { id: s.id, strategy: 'squash' });
    expect(refused.ok ? null : refused.error.code).toBe('CONFLICT');
    // The agent (or the user) resolves and continues; then the merge goes through.
    writeIn(s.path, 'README.md', 'both\n');
    git(s.path, 'add', 'README.md');
    git(s.path, '-c', 'core.editor=true', 'rebase', '--continue');
    expect((await h.ok('git:merge', { id: s.id, strategy: 'rebase' })).outcome).toBe('merged');
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('both\n');
  });

  it('"Send to agent" sends the session a message naming the base and the files', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo, 'chat');
    writeIn(s.path, 'README.md', 'session\n');
    await h.ok('git:commit', { id: s.id, message: 'Edit' });
    writeIn(repo, 'README.md', 'main\n');
    git(repo, 'commit', '--quiet', '-am', 'main edit');
    const r = await h.ok('git:resolveConflicts', { id: s.id, how: 'agent' });
    expect(r.entry).toMatchObject({ kind: 'user' });
    expect(r.entry?.text).toMatch(/^Resolve the conflicts with main: README\.md\./);
    const t = await worktreeSession(h, repo);
    const refused = await h.call('git:resolveConflicts', { id: t.id, how: 'agent' });
    expect(refused.ok ? null : refused.error.code).toBe('BAD_INPUT');
  });

  it('uncommitted work: the merge asks to Commit first; an empty message is refused', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'wip.txt', 'wip\n');
    const refused = await h.call('git:merge', { id: s.id, strategy: 'squash' });
    expect(refused.ok ? null : refused.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Commit first') });
    const empty = await h.call('git:commit', { id: s.id, message: '  \n ' });
    expect(empty.ok ? null : empty.error.code).toBe('BAD_INPUT');
    expect(existsSync(join(s.path, 'wip.txt'))).toBe(true);
  });

  it('a dirty base checkout: an overlapping file refuses with nothing changed; a separate one is kept through the merge', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'README.md', 'session\n');
    await h.ok('git:commit', { id: s.id, message: 'Session edits README' });
    writeIn(repo, 'README.md', 'local edit in the base checkout\n');
    const before = snapshot(repo);
    for (const strategy of ['squash', 'rebase'] as const) {
      const refused = await h.call('git:merge', { id: s.id, strategy });
      expect(refused.ok ? null : refused.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('uncommitted changes to README.md') });
      expect(snapshot(repo)).toEqual(before);
    }
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('local edit in the base checkout\n');
    git(repo, 'checkout', '--', 'README.md');
    writeIn(repo, 'notes.txt', 'mine\n');
    expect((await h.ok('git:merge', { id: s.id, strategy: 'squash' })).outcome).toBe('merged');
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('session\n');
    expect(readFileSync(join(repo, 'notes.txt'), 'utf8')).toBe('mine\n');
    expect(git(repo, 'status', '--porcelain')).toBe('?? notes.txt');
  });

  it('an untracked file in the base checkout where the merge would write one refuses; so does a checkout mid-merge', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'new.txt', 'from the session\n');
    await h.ok('git:commit', { id: s.id, message: 'Add new.txt' });
    writeIn(repo, 'new.txt', 'the user’s own, untracked\n');
    let before = snapshot(repo);
    const refused = await h.call('git:merge', { id: s.id, strategy: 'merge' });
    expect(refused.ok ? null : refused.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('new.txt') });
    expect(snapshot(repo)).toEqual(before);
    expect(readFileSync(join(repo, 'new.txt'), 'utf8')).toBe('the user’s own, untracked\n');
    // The base checkout in the middle of its own merge: refused, nothing changed.
    git(repo, 'clean', '-fq');
    git(repo, 'checkout', '--quiet', '-b', 'side');
    writeIn(repo, 'README.md', 'side\n');
    git(repo, 'commit', '--quiet', '-am', 'side');
    git(repo, 'checkout', '--quiet', 'main');
    writeIn(repo, 'README.md', 'main\n');
    git(repo, 'commit', '--quiet', '-am', 'main');
    expect(() => git(repo, 'merge', '--quiet', 'side')).toThrow();
    before = snapshot(repo);
    expect(before.inProgress).toEqual(['MERGE_HEAD']);
    const busy = await h.call('git:merge', { id: s.id, strategy: 'squash' });
    expect(busy.ok ? null : busy.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('in the middle of a merge') });
    expect(snapshot(repo)).toEqual(before);
  });

  it('"Send to agent" with nothing in conflict is refused, and nothing is sent', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo, 'chat');
    writeIn(s.path, 'fine.txt', 'fine\n');
    await h.ok('git:commit', { id: s.id, message: 'Fine' });
    const r = await h.call('git:resolveConflicts', { id: s.id, how: 'agent' });
    expect(r.ok ? null : r.error.code).toBe('CONFLICT');
    expect(h.core.services.store.entries.page(s.id, undefined, 100).entries.filter((e) => e.kind === 'user')).toEqual([]);
  });

  it('a base branch checked out nowhere moves by update-ref; the checkout on another branch is untouched', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'x.txt', 'x\n');
    await h.ok('git:commit', { id: s.id, message: 'Add x' });
    git(repo, 'checkout', '--quiet', '-b', 'elsewhere');
    const before = snapshot(repo);
    const result = await h.ok('git:merge', { id: s.id, strategy: 'merge' });
    expect(result.outcome).toBe('merged');
    expect(git(repo, 'rev-parse', 'main')).toBe(result.outcome === 'merged' ? result.commit : '');
    expect(snapshot(repo)).toEqual(before);
    expect(existsSync(join(repo, 'x.txt'))).toBe(false);
    expect(git(repo, 'reflog', '-1', '--format=%gs', 'main')).toContain('swarmdesk: merge commit');
  });

  it('a session made from a detached HEAD has nothing to merge into, and says why', async () => {
    const h = start();
    const repo = makeRepo();
    git(repo, 'checkout', '--quiet', '--detach');
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'd.txt', 'd\n');
    const check = await h.ok('git:mergeCheck', { id: s.id });
    expect(check).toMatchObject({ baseBranch: null, uncommitted: 1 });
    expect(check.reason).toContain('detached HEAD');
    await h.ok('git:commit', { id: s.id, message: 'Commit still works' });
    const refused = await h.call('git:merge', { id: s.id, strategy: 'squash' });
    expect(refused.ok ? null : refused.error.code).toBe('UNAVAILABLE');
  });

  it('a session without a worktree: the check says so, merge is unavailable', async () => {
    const h = start();
    const row = await h.ok('sessions:create', { kind: 'terminal', folder: makeRepo(), worktree: { ...WORKTREE_ON, enabled: false } });
    expect((await h.ok('git:mergeCheck', { id: row.id })).reason).toContain('does not work in a git worktree');
    const r = await h.call('git:merge', { id: row.id, strategy: 'squash' });
    expect(r.ok ? null : r.error.code).toBe('UNAVAILABLE');
  });
});

describe('awkward repositories', () => {
  it('no git identity anywhere: commits and merge commits are made as Swarmdesk, not refused', async () => {
    const env: NodeJS.ProcessEnv = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'user.useConfigOnly', GIT_CONFIG_VALUE_0: 'true' };
    const h = start({ env });
    const repo = makeRepo();
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'n.txt', 'n\n');
    await h.ok('git:commit', { id: s.id, message: 'Nobody configured' });
    expect(git(s.path, 'log', '-1', '--format=%an <%ae>')).toBe('Swarmdesk <swarmdesk@localhost>');
    const result = await h.ok('git:merge', { id: s.id, strategy: 'merge' });
    expect(result.outcome).toBe('merged');
    expect(git(repo, 'log', '-1', '--format=%cn', 'main')).toBe('Swarmdesk');
  });

  it('paths with spaces, in the repository and in the files', async () => {
    const h = start();
    const repo = makeRepo('my project');
    const s = await worktreeSession(h, repo);
    writeIn(s.path, 'dir with space/file name.txt', 'spaced\n');
    const c = await h.ok('git:commit', { id: s.id, message: 'Add spaced file' });
    expect(c.files).toBe(1);
    writeIn(repo, 'dir with space/other file.txt', 'local\n'); // dirt beside it, not overlapping
    expect((await h.ok('git:merge', { id: s.id, strategy: 'squash' })).outcome).toBe('merged');
    expect(readFileSync(join(repo, 'dir with space/file name.txt'), 'utf8')).toBe('spaced\n');
    expect(readFileSync(join(repo, 'dir with space/other file.txt'), 'utf8')).toBe('local\n');
  });

  it('a repository with a submodule: the session’s change merges, the submodule pointer and checkout stay', async () => {
    const h = start();
    const lib = makeRepo('lib');
    const repo = makeRepo('app');
    git(repo, 'submodule', '--quiet', 'add', lib, 'vendor/lib');
    git(repo, 'commit', '--quiet', '-m', 'add submodule');
    const pointer = git(repo, 'rev-parse', 'HEAD:vendor/lib');
    const s = await worktreeSession(h, repo);
    expect(existsSync(join(s.path, 'vendor/lib/README.md'))).toBe(true);
    writeIn(s.path, 'src/app.txt', 'app\n');
    await h.ok('git:commit', { id: s.id, message: 'Add app' });
    expect((await h.ok('git:merge', { id: s.id, strategy: 'rebase' })).outcome).toBe('merged');
    expect(git(repo, 'rev-parse', 'main:vendor/lib')).toBe(pointer);
    expect(readFileSync(join(repo, 'vendor/lib/README.md'), 'utf8')).toBe('hello\n');
    expect(git(repo, 'status', '--porcelain')).toBe('');
  });
});
