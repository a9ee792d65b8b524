import { existsSync, mkdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listCheckpoints, MAX_UNTRACKED_BYTES, recordCheckpoint } from '../../src/main/core/git/checkpoint';
import { restoreCheckpoint } from '../../src/main/core/git/restore';
import { GIT_TEST_ENV, git, makeRepo } from '../support/gitRepo';

// Restoring a session's checkpoint (issue 36) on real repositories with the system git.
const SESSION = '5c1d9e2a-7b3f-4a10-8e6d-0f2b4c6a8e13';
const opts = { env: GIT_TEST_ENV };
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dirname(dir), { recursive: true, force: true });
});

function repo(): string {
  const dir = makeRepo('restore repo');
  made.push(dir);
  writeFileSync(join(dir, '.gitignore'), 'build/\n*.log\n');
  writeFileSync(join(dir, 'app.ts'), 'one\ntwo\n');
  writeFileSync(join(dir, 'keep.ts'), 'keep\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '--quiet', '-m', 'app');
  return dir;
}

const read = (dir: string, path: string): string | null => (existsSync(join(dir, path)) ? readFileSync(join(dir, path), 'utf8') : null);

async function checkpoint(dir: string, turn: string): Promise<string> {
  const result = await recordCheckpoint(dir, SESSION, turn, opts);
  if (!result.recorded) throw new Error(`no checkpoint: ${result.reason}`);
  return result.checkpoint.commit;
}

describe('restoreCheckpoint', () => {
  it('puts a turn’s files back (written, changed and deleted ones), leaves index, HEAD, branch, stash and ignored files, and is undone by restoring the present it recorded', async () => {
    const dir = repo();
    writeFileSync(join(dir, 'app.ts'), 'one\ntwo\nthree\n');
    writeFileSync(join(dir, 'notes.md'), 'my notes\n'); // untracked, kept by the checkpoint
    git(dir, 'add', 'app.ts'); // the user's staging
    const good = await checkpoint(dir, '4');

    // The next turn wrecks files: changes one, deletes one, adds new ones (one in a new folder), writes ignored output.
    writeFileSync(join(dir, 'app.ts'), 'wrecked\n');
    rmSync(join(dir, 'keep.ts'));
    rmSync(join(dir, 'notes.md'));
    mkdirSync(join(dir, 'gen', 'deep'), { recursive: true });
    writeFileSync(join(dir, 'gen', 'deep', 'junk.ts'), 'junk\n');
    writeFileSync(join(dir, 'stray.txt'), 'stray\n');
    mkdirSync(join(dir, 'build'));
    writeFileSync(join(dir, 'build', 'out.js'), 'ignored output\n');
    writeFileSync(join(dir, 'debug.log'), 'ignored log\n');
    const wrecked = await checkpoint(dir, '9');
    const index = git(dir, 'ls-files', '--stage');
    const cached = git(dir, 'diff', '--cached', '--name-only');
    const head = git(dir, 'rev-parse', 'HEAD');
    const branch = git(dir, 'symbolic-ref', 'HEAD');

    const result = await restoreCheckpoint(dir, SESSION, good, '10', opts);

    expect(read(dir, 'app.ts')).toBe('one\ntwo\nthree\n');
    expect(read(dir, 'keep.ts')).toBe('keep\n');
    expect(read(dir, 'notes.md')).toBe('my notes\n');
    expect(read(dir, 'stray.txt')).toBe(null);
    expect(existsSync(join(dir, 'gen'))).toBe(false); // emptied folders go too
    expect(read(dir, 'build/out.js')).toBe('ignored output\n');
    expect(read(dir, 'debug.log')).toBe('ignored log\n');
    expect(git(dir, 'ls-files', '--stage')).toBe(index);
    expect(git(dir, 'diff', '--cached', '--name-only')).toBe(cached);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(dir, 'symbolic-ref', 'HEAD')).toBe(branch);
    expect(git(dir, 'stash', 'list')).toBe('');
    expect(result.restored.commit).toBe(good);
    expect(result.before.commit).toBe(wrecked); // the present was the same tree as turn 9: no new checkpoint
    expect({ written: result.written, deleted: result.deleted }).toEqual({ written: 3, deleted: 2 });

    // Undo: restore the present it recorded.
    const undo = await restoreCheckpoint(dir, SESSION, result.before.commit, '11', opts);
    expect(read(dir, 'app.ts')).toBe('wrecked\n');
    expect(read(dir, 'keep.ts')).toBe(null);
    expect(read(dir, 'notes.md')).toBe(null);
    expect(read(dir, 'gen/deep/junk.ts')).toBe('junk\n');
    expect(read(dir, 'stray.txt')).toBe('stray\n');
    expect(read(dir, 'build/out.js')).toBe('ignored output\n');
    expect(undo.before.tree).toBe(result.restored.tree);
    // The restore recorded the restored present as the newest checkpoint before undoing it.
    const list = await listCheckpoints(dir, SESSION, opts);
    expect(list.map((c) => c.turn)).toEqual(['11', '9', '4']);
  });

  it('records changes made after the last checkpoint before restoring, so they can be had back', async () => {
    const dir = repo();
    const first = await checkpoint(dir, '1'); // same tree as HEAD, a first checkpoint all the same
    writeFileSync(join(dir, 'app.ts'), 'unrecorded edit\n');

    const result = await restoreCheckpoint(dir, SESSION, first, '2', opts);

    expect(read(dir, 'app.ts')).toBe('one\ntwo\n');
    expect(result.before.turn).toBe('2');
    expect(git(dir, 'show', `${result.before.commit}:app.ts`)).toBe('unrecorded edit');
  });

  it('never deletes an ignored file, nor an untracked one too big to be recorded', async () => {
    const dir = repo();
    const first = await checkpoint(dir, '1');
    // Ignored now, and a file the checkpoint lacks that matches an ignore rule.
    writeFileSync(join(dir, 'trace.log'), 'log\n');
    writeFileSync(join(dir, 'fresh.ts'), 'fresh\n');
    writeFileSync(join(dir, 'dump.bin'), '');
    truncateSync(join(dir, 'dump.bin'), MAX_UNTRACKED_BYTES + 1);
    const result = await restoreCheckpoint(dir, SESSION, first, '2', { ...opts });
    expect(read(dir, 'trace.log')).toBe('log\n');
    expect(read(dir, 'fresh.ts')).toBe(null);
    expect(existsSync(join(dir, 'dump.bin'))).toBe(true);
    expect(result.before.skipped.map((s) => s.path)).toEqual(['dump.bin']);
    expect(result.deleted).toBe(1);
  });

  it('says a pruned checkpoint is pruned, and refuses a commit that is no checkpoint of the session', async () => {
    const dir = repo();
    writeFileSync(join(dir, 'app.ts'), 'turn one\n');
    const old = await checkpoint(dir, '1');
    // Pruned: the ref moved past it with the chain cut (a fresh chain), then unreachable objects expired.
    git(dir, 'update-ref', '-d', `refs/swarmdesk/checkpoints/${SESSION}`);
    writeFileSync(join(dir, 'app.ts'), 'turn two\n');
    await checkpoint(dir, '2');
    git(dir, '-c', 'gc.reflogExpire=now', '-c', 'gc.reflogExpireUnreachable=now', 'reflog', 'expire', '--expire=now', '--all');
    git(dir, 'prune', '--expire=now');

    await expect(restoreCheckpoint(dir, SESSION, old, '3', opts)).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/was pruned/) });
    expect(read(dir, 'app.ts')).toBe('turn two\n');
    const head = git(dir, 'rev-parse', 'HEAD');
    await expect(restoreCheckpoint(dir, SESSION, head, '3', opts)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(restoreCheckpoint(dir, SESSION, 'HEAD~1', '3', opts)).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(read(dir, 'app.ts')).toBe('turn two\n');
  });
});
