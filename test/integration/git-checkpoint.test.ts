import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointDiff, listCheckpoints, MAX_UNTRACKED_BYTES, recordCheckpoint } from '../../src/main/core/git/checkpoint';
import { GIT_TEST_ENV, git, makeRepo } from '../support/gitRepo';

// Checkpoints of a session's working tree (issue 36) on real repositories with the system git.
const SESSION = '0b7e2a4c-5d1f-4f0e-9a31-2c8d6e5f7a10';
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dirname(dir), { recursive: true, force: true });
});

function repo(): string {
  const dir = makeRepo('checkpoint repo');
  made.push(dir);
  writeFileSync(join(dir, '.gitignore'), 'build/\n*.log\n');
  writeFileSync(join(dir, 'app.ts'), 'one\ntwo\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '--quiet', '-m', 'app');
  return dir;
}

/** What a user would notice of their repository: status, stash, HEAD, branch, and the index file itself. */
function userState(dir: string): Record<string, string | number> {
  const index = join(dir, '.git', 'index');
  const indexHash = createHash('sha256').update(readFileSync(index)).digest('hex');
  const indexMtime = statSync(index).mtimeMs;
  return {
    // --no-optional-locks: the test's own status must not refresh (rewrite) the index it watches.
    status: git(dir, '--no-optional-locks', 'status', '--porcelain=v1', '--untracked-files=all'),
    stash: git(dir, 'stash', 'list'),
    head: git(dir, 'rev-parse', 'HEAD'),
    branch: git(dir, 'symbolic-ref', 'HEAD'),
    refs: git(dir, 'for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads', 'refs/tags', 'refs/stash'),
    indexHash,
    indexMtime,
  };
}

const filesOf = (dir: string, commit: string): string[] => git(dir, 'ls-tree', '-r', '--name-only', commit).split('\n').sort();

describe('recordCheckpoint', () => {
  it('records tracked changes, staged and untracked files, never ignored ones, and leaves the user’s index, HEAD, branch and stash as they were', async () => {
    const dir = repo();
    writeFileSync(join(dir, 'app.ts'), 'one\ntwo\nthree\n'); // tracked, unstaged
    writeFileSync(join(dir, 'staged.ts'), 'staged\n');
    git(dir, 'add', 'staged.ts'); // staged only
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'new.ts'), 'untracked\n');
    mkdirSync(join(dir, 'build'));
    writeFileSync(join(dir, 'build', 'out.js'), 'ignored\n');
    writeFileSync(join(dir, 'debug.log'), 'ignored too\n');
    const before = userState(dir);

    const result = await recordCheckpoint(join(dir, 'src'), SESSION, 'turn-1', { env: GIT_TEST_ENV });

    expect(result.recorded).toBe(true);
    if (!result.recorded) return;
    const { commit, tree } = result.checkpoint;
    expect(filesOf(dir, commit)).toEqual(['.gitignore', 'README.md', 'app.ts', 'src/new.ts', 'staged.ts']);
    expect(git(dir, 'show', `${commit}:app.ts`)).toBe('one\ntwo\nthree');
    expect(git(dir, 'rev-parse', `refs/swarmdesk/checkpoints/${SESSION}`)).toBe(commit);
    expect(git(dir, 'rev-parse', `${commit}^{tree}`)).toBe(tree);
    // The first checkpoint's parent is the HEAD it was taken on.
    expect(git(dir, 'rev-parse', `${commit}^`)).toBe(before.head);
    expect(userState(dir)).toEqual(before);
    expect(git(dir, 'ls-files', '--others', '--exclude-standard')).toBe('src/new.ts'); // still untracked
    expect(git(dir, 'diff', '--cached', '--name-only')).toBe('staged.ts'); // still only staged.ts
  });

  it('records a same-size edit made in the second the index was written (git’s racily clean entry), as git status sees it', async () => {
    const dir = repo();
    // As when an agent writes a file right after a checkout: the file's and the index's times are the same.
    // (ctime cannot be set back, so ctime is not trusted here; size and mtime alone then match.)
    git(dir, 'config', 'core.trustctime', 'false');
    const index = join(dir, '.git', 'index');
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    utimesSync(join(dir, 'app.ts'), at, at);
    git(dir, 'update-index', '--refresh');
    utimesSync(index, at, at);
    writeFileSync(join(dir, 'app.ts'), 'ONE\nTWO\n'); // the same size
    utimesSync(join(dir, 'app.ts'), at, at);
    expect(git(dir, '--no-optional-locks', 'status', '--porcelain')).toBe('M app.ts');

    const result = await recordCheckpoint(dir, SESSION, '1', { env: GIT_TEST_ENV });
    expect(result.recorded).toBe(true);
    expect(result.recorded && git(dir, 'show', `${result.checkpoint.commit}:app.ts`)).toBe('ONE\nTWO');
  });

  it('chains a session’s checkpoints by parent on one ref, writes nothing for an unchanged tree, and lists them newest first', async () => {
    const dir = repo();
    const head = git(dir, 'rev-parse', 'HEAD');
    writeFileSync(join(dir, 'app.ts'), 'one\ntwo\nthree\n');
    const first = await recordCheckpoint(dir, SESSION, 'turn-1', { env: GIT_TEST_ENV, now: new Date('2026-12-06T08:00:00Z') });
    const same = await recordCheckpoint(dir, SESSION, 'turn-2', { env: GIT_TEST_ENV });
    writeFileSync(join(dir, 'notes.md'), 'a note\n');
    rmSync(join(dir, 'README.md'));
    const third = await recordCheckpoint(dir, SESSION, 'turn-3', { env: GIT_TEST_ENV, now: new Date('2026-12-06T08:05:00Z') });
    const other = await recordCheckpoint(dir, 'another-session', 'x', { env: GIT_TEST_ENV });

    expect(first.recorded && third.recorded && other.recorded).toBe(true);
    if (!first.recorded || !third.recorded) return;
    expect(same).toMatchObject({ recorded: false, reason: 'unchanged', checkpoint: { commit: first.checkpoint.commit } });
    expect(third.checkpoint.parent).toBe(first.checkpoint.commit);
    expect(git(dir, 'rev-parse', `${third.checkpoint.commit}^`)).toBe(first.checkpoint.commit);
    expect(git(dir, 'for-each-ref', '--format=%(refname)', 'refs/swarmdesk/checkpoints/').split('\n')).toEqual([
      'refs/swarmdesk/checkpoints/0b7e2a4c-5d1f-4f0e-9a31-2c8d6e5f7a10',
      'refs/swarmdesk/checkpoints/another-session',
    ]);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head);

    const list = await listCheckpoints(dir, SESSION, { env: GIT_TEST_ENV });
    expect(list.map((c) => [c.turn, c.at, c.commit])).toEqual([
      ['turn-3', '2026-12-06T08:05:00.000Z', third.checkpoint.commit],
      ['turn-1', '2026-12-06T08:00:00.000Z', first.checkpoint.commit],
    ]);

    // What each turn changed: its own diff against the checkpoint before (the first: against HEAD).
    const turn3 = await checkpointDiff(dir, SESSION, third.checkpoint.commit, { env: GIT_TEST_ENV });
    expect(turn3.patch).toContain('+++ b/notes.md');
    expect(turn3.patch).toContain('--- a/README.md');
    expect(turn3.patch).not.toContain('app.ts');
    const turn1 = await checkpointDiff(dir, SESSION, first.checkpoint.commit, { env: GIT_TEST_ENV });
    expect(turn1.patch).toContain('+three');
    expect(turn1.patch).not.toContain('notes.md');
    await expect(checkpointDiff(dir, SESSION, head, { env: GIT_TEST_ENV })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('skips an untracked file over 10 MB and says so in the checkpoint', async () => {
    const dir = repo();
    writeFileSync(join(dir, 'small.txt'), 'small\n');
    writeFileSync(join(dir, 'big dump.bin'), '');
    truncateSync(join(dir, 'big dump.bin'), MAX_UNTRACKED_BYTES + 1);

    const result = await recordCheckpoint(dir, SESSION, 'turn-1', { env: GIT_TEST_ENV });

    expect(result.recorded).toBe(true);
    if (!result.recorded) return;
    expect(filesOf(dir, result.checkpoint.commit)).toEqual(['.gitignore', 'README.md', 'app.ts', 'small.txt']);
    expect(result.checkpoint.skipped).toEqual([{ path: 'big dump.bin', bytes: MAX_UNTRACKED_BYTES + 1 }]);
    expect(git(dir, 'log', '-1', '--format=%B', result.checkpoint.commit)).toContain(`Swarmdesk-Skipped: ${MAX_UNTRACKED_BYTES + 1} "big dump.bin"`);
    const [listed] = await listCheckpoints(dir, SESSION, { env: GIT_TEST_ENV });
    expect(listed?.skipped).toEqual([{ path: 'big dump.bin', bytes: MAX_UNTRACKED_BYTES + 1 }]);
  });

  it('takes none (and writes nothing) when the folder holds more untracked files than the limit', async () => {
    const dir = repo();
    for (const name of ['a.txt', 'b.txt', 'c.txt']) writeFileSync(join(dir, name), name);
    const objects = git(dir, 'count-objects');

    const result = await recordCheckpoint(dir, SESSION, 'turn-1', { env: GIT_TEST_ENV, maxUntrackedFiles: 2 });

    expect(result).toEqual({ recorded: false, reason: 'too-many-untracked', untracked: 3 });
    expect(git(dir, 'count-objects')).toBe(objects); // not one file hashed
    expect(git(dir, 'for-each-ref', 'refs/swarmdesk/')).toBe('');
    expect((await recordCheckpoint(dir, SESSION, 'turn-1', { env: GIT_TEST_ENV, maxUntrackedFiles: 3 })).recorded).toBe(true);
  });

  it('works in a worktree (its own index) and in a repository without commits; a folder outside git is said', async () => {
    const dir = repo();
    const wt = join(dirname(dir), 'wt');
    git(dir, 'worktree', 'add', '--quiet', '-b', 'side', wt);
    writeFileSync(join(wt, 'side.ts'), 'side\n');
    const inWorktree = await recordCheckpoint(wt, SESSION, '1', { env: GIT_TEST_ENV });
    expect(inWorktree.recorded && filesOf(dir, inWorktree.checkpoint.commit)).toContain('side.ts');
    expect(git(wt, 'status', '--porcelain')).toBe('?? side.ts');

    const empty = join(dirname(dir), 'empty');
    mkdirSync(empty);
    git(empty, 'init', '--quiet');
    writeFileSync(join(empty, 'first.txt'), 'first\n');
    const fresh = await recordCheckpoint(empty, SESSION, '1', { env: GIT_TEST_ENV });
    expect(fresh.recorded && fresh.checkpoint.parent).toBe(null);
    expect(fresh.recorded && filesOf(empty, fresh.checkpoint.commit)).toEqual(['first.txt']);
    expect((await checkpointDiff(empty, SESSION, fresh.recorded ? fresh.checkpoint.commit : '', { env: GIT_TEST_ENV })).patch).toContain('+first');

    const plain = join(dirname(dir), 'plain');
    mkdirSync(plain);
    expect(await recordCheckpoint(plain, SESSION, '1', { env: { ...GIT_TEST_ENV, GIT_CEILING_DIRECTORIES: dirname(dir) } })).toEqual({
      recorded: false,
      reason: 'not-a-repository',
    });
  });

  it('refuses a session id that cannot name a ref', async () => {
    const dir = repo();
    await expect(recordCheckpoint(dir, '../heads/main', '1', { env: GIT_TEST_ENV })).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});
