import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointDiff, listCheckpoints } from '../../src/main/core/git/checkpoint';
import { pruneCheckpoints } from '../../src/main/core/git/prune';
import { GIT_TEST_ENV, git, makeRepo } from '../support/gitRepo';

// Pruning across 10,000 sessions' checkpoint refs in one real repository (issue 36): the refs are written
// by one `git fast-import` (not 10,000 processes), then pruned by age in bounded time.
const opts = { env: GIT_TEST_ENV };
const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 1, 9, 0, 0);
const SESSIONS = 10_000;
/** Sessions 0..5999: every checkpoint old (deleted); 6000..6999: one old, one new (rewritten); the rest new (kept as they are). */
const ALL_OLD = 6_000;
const MIXED = 1_000;
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dirname(dir), { recursive: true, force: true });
});

const sessionId = (n: number): string => `s${String(n).padStart(5, '0')}`;

function checkpointMessage(id: string, turn: number, day: number): string {
  const at = new Date(T0 + day * DAY).toISOString();
  return `Swarmdesk checkpoint: turn ${turn}\n\nSwarmdesk-Session: ${id}\nSwarmdesk-Turn: "${turn}"\nSwarmdesk-Time: ${at}\n`;
}

/** One fast-import stream: for each session, two checkpoints on HEAD (notes.md changed each time). */
function writeCheckpointRefs(dir: string, head: string): void {
  const out: string[] = [];
  const data = (text: string): string => `data ${Buffer.byteLength(text)}\n${text}`;
  out.push('blob', 'mark :1', data('first\n'), 'blob', 'mark :2', data('second\n'));
  for (let n = 0; n < SESSIONS; n++) {
    const id = sessionId(n);
    const days = n < ALL_OLD ? [1, 2] : n < ALL_OLD + MIXED ? [3, 20] : [19, 20];
    days.forEach((day, i) => {
      const when = `${Math.floor((T0 + day * DAY) / 1000)} +0000`;
      const message = checkpointMessage(id, i + 1, day);
      out.push(`commit refs/swarmdesk/checkpoints/${id}`);
      out.push(`author Swarmdesk <checkpoints@swarmdesk.invalid> ${when}`, `committer Swarmdesk <checkpoints@swarmdesk.invalid> ${when}`);
      out.push(data(message));
      if (i === 0) out.push(`from ${head}`);
      out.push(`M 100644 :${i + 1} notes.md`, '');
    });
  }
  execFileSync('git', ['-C', dir, 'fast-import', '--quiet'], { env: GIT_TEST_ENV, input: `${out.join('\n')}\n`, maxBuffer: 64 * 1024 * 1024 });
}

describe('pruneCheckpoints across 10,000 sessions', () => {
  it('deletes the old refs, rewrites the mixed ones and leaves the new ones, in bounded time', async () => {
    const dir = makeRepo('ten thousand');
    made.push(dir);
    writeCheckpointRefs(dir, git(dir, 'rev-parse', 'HEAD'));
    expect(Number(git(dir, 'for-each-ref', '--count=20000', '--format=x', 'refs/swarmdesk/checkpoints/').split('\n').length)).toBe(SESSIONS);
    const untouched = git(dir, 'rev-parse', `refs/swarmdesk/checkpoints/${sessionId(SESSIONS - 1)}`);
    const mixed = sessionId(ALL_OLD + 7);
    const mixedDiff = (await checkpointDiff(dir, mixed, (await listCheckpoints(dir, mixed, opts))[0]?.commit ?? '', opts)).patch;

    const started = performance.now();
    const result = await pruneCheckpoints(dir, { ...opts, now: new Date(T0 + 21 * DAY), keepDays: 14 });
    const ms = performance.now() - started;
    console.info(`pruned ${SESSIONS} sessions' checkpoint refs in ${Math.round(ms)} ms`, result);

    expect(result).toEqual({ rewritten: MIXED, deleted: ALL_OLD, dropped: ALL_OLD * 2 + MIXED });
    expect(ms).toBeLessThan(60_000);
    expect(git(dir, 'for-each-ref', '--format=x', 'refs/swarmdesk/checkpoints/').split('\n').length).toBe(SESSIONS - ALL_OLD);
    expect(git(dir, 'for-each-ref', '--format=x', `refs/swarmdesk/checkpoints/${sessionId(0)}`)).toBe('');
    expect(git(dir, 'rev-parse', `refs/swarmdesk/checkpoints/${sessionId(SESSIONS - 1)}`)).toBe(untouched);
    // A rewritten session keeps its day-20 checkpoint, whose diff still reads against the day-3 files.
    const kept = await listCheckpoints(dir, mixed, opts);
    expect(kept.map((c) => [c.turn, c.at])).toEqual([['2', new Date(T0 + 20 * DAY).toISOString()]]);
    expect((await checkpointDiff(dir, mixed, kept[0]?.commit ?? '', opts)).patch).toBe(mixedDiff);
    expect(git(dir, 'fsck', '--connectivity-only', '--no-dangling')).toBe('');
    // A second round has nothing left to do.
    expect(await pruneCheckpoints(dir, { ...opts, now: new Date(T0 + 21 * DAY), keepDays: 14 })).toEqual({ rewritten: 0, deleted: 0, dropped: 0 });
  });
});
