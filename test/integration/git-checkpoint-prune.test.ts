import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointDiff, listCheckpoints, recordCheckpoint } from '../../src/main/core/git/checkpoint';
import { pruneCheckpoints } from '../../src/main/core/git/prune';
import { restoreCheckpoint } from '../../src/main/core/git/restore';
import { GIT_TEST_ENV, git, makeRepo } from '../support/gitRepo';

// Pruning checkpoints by age and count across every session's ref (issue 36), on a real repository.
const opts = { env: GIT_TEST_ENV };
const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 1, 9, 0, 0);
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dirname(dir), { recursive: true, force: true });
});

async function at(dir: string, session: string, day: number, text: string): Promise<string> {
  writeFileSync(join(dir, 'notes.md'), text);
  const r = await recordCheckpoint(dir, session, String(day), { ...opts, now: new Date(T0 + day * DAY) });
  if (!r.recorded) throw new Error(r.reason);
  return r.checkpoint.commit;
}

describe('pruneCheckpoints', () => {
  it('drops checkpoints older than the days kept on every session’s ref, keeps the newer ones readable, diffable and restorable, and deletes a ref left empty', async () => {
    const dir = makeRepo('prune repo');
    made.push(dir);
    await at(dir, 'one', 0, 'day 0\n');
    await at(dir, 'one', 10, 'day 10\n');
    await at(dir, 'one', 20, 'day 20\n');
    await at(dir, 'two', 1, 'two: day 1\n');
    const diffBefore = (await checkpointDiff(dir, 'one', (await listCheckpoints(dir, 'one', opts))[0]?.commit ?? '', opts)).patch;

    const result = await pruneCheckpoints(dir, { ...opts, now: new Date(T0 + 25 * DAY), keepDays: 14 });

    expect(result).toEqual({ rewritten: 1, deleted: 1, dropped: 3 });
    const kept = await listCheckpoints(dir, 'one', opts);
    expect(kept.map((c) => c.turn)).toEqual(['20']);
    expect(git(dir, 'for-each-ref', '--format=%(refname)', 'refs/swarmdesk/')).toBe('refs/swarmdesk/checkpoints/one');
    // Its diff still reads against the files of the turn before (day 10), not an empty tree.
    const kept20 = kept[0]?.commit ?? '';
    expect((await checkpointDiff(dir, 'one', kept20, opts)).patch).toBe(diffBefore);
    expect(git(dir, 'rev-list', '--count', 'refs/swarmdesk/checkpoints/one')).toBe('2'); // the kept one and its boundary
    writeFileSync(join(dir, 'notes.md'), 'later\n');
    await restoreCheckpoint(dir, 'one', kept20, '21', opts);
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe('day 20\n');
    // Nothing left to prune: a second round changes nothing.
    expect(await pruneCheckpoints(dir, { ...opts, now: new Date(T0 + 25 * DAY), keepDays: 14 })).toEqual({ rewritten: 0, deleted: 0, dropped: 0 });
  });

  it('keeps at most the count, newest first, whatever their age', async () => {
    const dir = makeRepo('prune count repo');
    made.push(dir);
    for (const day of [1, 2, 3, 4]) await at(dir, 's', day, `day ${day}\n`);
    const result = await pruneCheckpoints(dir, { ...opts, now: new Date(T0 + 5 * DAY), keepCount: 2 });
    expect(result.dropped).toBe(2);
    expect((await listCheckpoints(dir, 's', opts)).map((c) => [c.turn, c.at])).toEqual([
      ['4', new Date(T0 + 4 * DAY).toISOString()],
      ['3', new Date(T0 + 3 * DAY).toISOString()],
    ]);
  });
});
