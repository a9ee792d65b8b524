import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_UNTRACKED_BYTES, recordCheckpoint } from '../../src/main/core/git/checkpoint';
import { pruneCheckpoints } from '../../src/main/core/git/prune';
import { GIT_TEST_ENV, git, makeRepo } from '../support/gitRepo';

// A session's checkpoint index kept between its checkpoints (issue 36: untracked files are not hashed again
// at every turn), on real repositories with the system git: what each checkpoint records stays right.
const opts = { env: GIT_TEST_ENV };
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dirname(dir), { recursive: true, force: true });
});

function repo(): string {
  const dir = makeRepo('kept index repo');
  made.push(dir);
  writeFileSync(join(dir, '.gitignore'), '*.log\n');
  writeFileSync(join(dir, 'app.ts'), 'one\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '--quiet', '-m', 'app');
  return dir;
}

async function checkpoint(dir: string, session: string, turn: string): Promise<string> {
  const r = await recordCheckpoint(dir, session, turn, opts);
  if (!r.recorded) throw new Error(`turn ${turn} not recorded: ${r.reason}`);
  return r.checkpoint.commit;
}

const filesOf = (dir: string, commit: string): string[] => git(dir, 'ls-tree', '-r', '--name-only', commit).split('\n').filter(Boolean).sort();
const indexHash = (dir: string): string => createHash('sha256').update(readFileSync(join(dir, '.git', 'index'))).digest('hex');
const keptIndexes = (gitDir: string): string[] => readdirSync(gitDir).filter((f) => f.startsWith('swarmdesk-checkpoint-')).sort();

describe('the kept checkpoint index', () => {
  it('does not read an untracked file again while its stat is unchanged, and records it again once it changes', async () => {
    const dir = repo();
    // With ctime not trusted (a user's setting), a file rewritten in place to the same size and mtime
    // looks unchanged to git: what the checkpoint then records shows whether it read the file again.
    git(dir, 'config', 'core.trustctime', 'false');
    const notes = join(dir, 'notes.txt');
    const when = new Date('2026-01-02T03:04:05Z');
    writeFileSync(notes, 'aaaa\n');
    utimesSync(notes, when, when);
    const first = await checkpoint(dir, 's1', '1');
    expect(git(dir, 'show', `${first}:notes.txt`)).toBe('aaaa');

    writeFileSync(notes, 'bbbb\n');
    utimesSync(notes, when, when);
    writeFileSync(join(dir, 'app.ts'), 'two\n');
    const second = await checkpoint(dir, 's1', '2');
    expect(git(dir, 'show', `${second}:app.ts`)).toBe('two');
    expect(git(dir, 'show', `${second}:notes.txt`)).toBe('aaaa'); // not hashed again: its kept entry was stat-clean

    writeFileSync(notes, 'cccccc\n'); // a changed size: read again
    const third = await checkpoint(dir, 's1', '3');
    expect(git(dir, 'show', `${third}:notes.txt`)).toBe('cccccc');
  });

  it('records a changed untracked file, drops a deleted one, one now ignored and one grown past the size limit, and brings back an ignored tracked file deleted then restored', async () => {
    const dir = repo();
    writeFileSync(join(dir, 'forced.log'), 'tracked though ignored\n');
    git(dir, 'add', '--force', 'forced.log');
    git(dir, 'commit', '--quiet', '-m', 'forced');
    mkdirSync(join(dir, 'out'));
    for (const name of ['keep.txt', 'gone.txt', 'later-ignored.txt', 'grows.bin']) writeFileSync(join(dir, 'out', name), `${name}\n`);
    const first = await checkpoint(dir, 's1', '1');
    expect(filesOf(dir, first)).toEqual(['.gitignore', 'README.md', 'app.ts', 'forced.log', 'out/gone.txt', 'out/grows.bin', 'out/keep.txt', 'out/later-ignored.txt']);

    writeFileSync(join(dir, 'out', 'keep.txt'), 'keep, changed\n');
    rmSync(join(dir, 'out', 'gone.txt'));
    writeFileSync(join(dir, '.git', 'info', 'exclude'), 'later-ignored.txt\n');
    truncateSync(join(dir, 'out', 'grows.bin'), MAX_UNTRACKED_BYTES + 1);
    rmSync(join(dir, 'forced.log'));
    const second = await recordCheckpoint(dir, 's1', '2', opts);
    expect(second.recorded).toBe(true);
    if (!second.recorded) return;
    expect(filesOf(dir, second.checkpoint.commit)).toEqual(['.gitignore', 'README.md', 'app.ts', 'out/keep.txt']);
    expect(git(dir, 'show', `${second.checkpoint.commit}:out/keep.txt`)).toBe('keep, changed');
    expect(second.checkpoint.skipped).toEqual([{ path: 'out/grows.bin', bytes: MAX_UNTRACKED_BYTES + 1 }]);

    writeFileSync(join(dir, 'forced.log'), 'tracked though ignored, back\n');
    truncateSync(join(dir, 'out', 'grows.bin'), 10);
    const third = await checkpoint(dir, 's1', '3');
    expect(filesOf(dir, third)).toEqual(['.gitignore', 'README.md', 'app.ts', 'forced.log', 'out/grows.bin', 'out/keep.txt']);
    expect(git(dir, 'show', `${third}:forced.log`)).toBe('tracked though ignored, back');
  });

  it('never touches the user’s index, follows what the user stages between checkpoints, and seeds again from a kept index git cannot read', async () => {
    const dir = repo();
    writeFileSync(join(dir, 'draft.md'), 'draft\n');
    const indexBefore = indexHash(dir);
    const mtimeBefore = statSync(join(dir, '.git', 'index')).mtimeMs;
    await checkpoint(dir, 's1', '1');
    writeFileSync(join(dir, 'draft.md'), 'draft two\n');
    await checkpoint(dir, 's1', '2');
    expect(indexHash(dir)).toBe(indexBefore);
    expect(statSync(join(dir, '.git', 'index')).mtimeMs).toBe(mtimeBefore);
    expect(git(dir, 'ls-files', '--others', '--exclude-standard')).toBe('draft.md');

    git(dir, 'add', 'draft.md'); // the real index changes: the kept one is seeded from it again
    git(dir, 'rm', '--quiet', '--cached', 'app.ts'); // untracked now, still there
    writeFileSync(join(dir, 'app.ts'), 'one, edited\n');
    const third = await checkpoint(dir, 's1', '3');
    expect(filesOf(dir, third)).toEqual(['.gitignore', 'README.md', 'app.ts', 'draft.md']);
    expect(git(dir, 'show', `${third}:app.ts`)).toBe('one, edited');

    // A kept index git cannot read (its objects pruned, a disk fault): the checkpoint starts again from the real index.
    writeFileSync(join(dir, '.git', 'swarmdesk-checkpoint-s1.index'), 'not an index');
    writeFileSync(join(dir, 'draft.md'), 'draft three\n');
    const fourth = await checkpoint(dir, 's1', '4');
    expect(git(dir, 'show', `${fourth}:draft.md`)).toBe('draft three');
    expect(filesOf(dir, fourth)).toEqual(['.gitignore', 'README.md', 'app.ts', 'draft.md']);
  });

  it('gives each session its own index beside the worktree’s, records concurrent checkpoints of one repository right, and prune removes a deleted ref’s index', async () => {
    const dir = repo();
    const wt = join(dirname(dir), 'wt');
    git(dir, 'worktree', 'add', '--quiet', '-b', 'side', wt);
    for (let round = 0; round < 3; round++) {
      writeFileSync(join(dir, 'a.txt'), `a ${round}\n`);
      writeFileSync(join(wt, 'w.txt'), `w ${round}\n`);
      // Two sessions in the main checkout, one in the worktree, and one session asked twice at once.
      const [a, b, w, again] = await Promise.all([
        recordCheckpoint(dir, 'sa', String(round), opts),
        recordCheckpoint(dir, 'sb', String(round), opts),
        recordCheckpoint(wt, 'sw', String(round), opts),
        recordCheckpoint(dir, 'sa', `${round}b`, opts),
      ]);
      // The session asked twice records once (whichever came first) and finds the tree unchanged the other time.
      const [once, twice] = a.recorded ? [a, again] : [again, a];
      expect(twice).toMatchObject({ recorded: false, reason: 'unchanged' });
      for (const r of [once, b]) expect(r.recorded && git(dir, 'show', `${r.checkpoint.commit}:a.txt`)).toBe(`a ${round}`);
      expect(w.recorded && git(wt, 'show', `${w.checkpoint.commit}:w.txt`)).toBe(`w ${round}`);
      expect(w.recorded && filesOf(dir, w.checkpoint.commit)).not.toContain('a.txt');
    }
    expect(keptIndexes(join(dir, '.git'))).toEqual(['swarmdesk-checkpoint-sa.index', 'swarmdesk-checkpoint-sa.json', 'swarmdesk-checkpoint-sb.index', 'swarmdesk-checkpoint-sb.json']);
    expect(keptIndexes(join(dir, '.git', 'worktrees', 'wt'))).toEqual(['swarmdesk-checkpoint-sw.index', 'swarmdesk-checkpoint-sw.json']);

    await pruneCheckpoints(dir, { ...opts, now: new Date(Date.now() + 30 * 86_400_000) });
    expect(git(dir, 'for-each-ref', 'refs/swarmdesk/')).toBe('');
    expect(keptIndexes(join(dir, '.git'))).toEqual([]);
    expect(existsSync(join(dir, '.git', 'worktrees', 'wt', 'swarmdesk-checkpoint-sw.index'))).toBe(false);
  });
});
