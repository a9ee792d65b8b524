import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listCheckpoints, recordCheckpoint } from '../../src/main/core/git/checkpoint';
import { createManualClock } from '../../src/main/core/services/clock';
import { REMOVED_KEY } from '../../src/main/core/git/removed';
import { startCore, type Harness } from '../unit/core/harness';
import { GIT_TEST_ENV, coreGitEnv, git, makeRepo } from '../support/gitRepo';
import { until } from '../support/until';
import { worktreeSession, writeIn } from '../support/worktreeSession';

// Checkpoints pruned in the background by a real core (issue 36), on real repositories.
const DAY = 24 * 60 * 60 * 1000;
const opts = { env: GIT_TEST_ENV };
let harness: Harness | null = null;
const made: string[] = [];
afterEach(async () => {
  await harness?.core.close();
  harness = null;
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function repo(name: string): string {
  const dir = makeRepo(name);
  made.push(dirname(dir));
  return dir;
}

/** A turn of `id` that wrote `text` to notes.md in `folder`, its checkpoint taken. */
async function turn(h: Harness, id: string, folder: string, text: string): Promise<void> {
  const { sessions, hooks, checkpoints } = h.core.services;
  writeFileSync(join(folder, 'notes.md'), text);
  sessions.appendEntry(id, 'assistant', text);
  hooks.emit('turnCompleted', sessions.get(id));
  await checkpoints.settled();
}

/** A checkpoint of `id` taken 20 days before the core's now. */
async function oldCheckpoint(h: Harness, id: string, folder: string): Promise<void> {
  writeFileSync(join(folder, 'notes.md'), 'old\n');
  const r = await recordCheckpoint(folder, id, '1', { ...opts, now: new Date(h.clock.now() - 20 * DAY) });
  expect(r.recorded).toBe(true);
}

const refsUnder = (dir: string, prefix: string): string[] => git(dir, 'for-each-ref', '--format=%(refname)', prefix).split('\n').filter(Boolean);

describe('background pruning of checkpoints', () => {
  it('a few seconds after start, prunes every repository the sessions know with the days of the setting; a removed worktree past them leaves Recently removed, its pins and checkpoints gone', async () => {
    // Days pass between cores (advancing one core's clock by days would run its periodic work for each of them).
    const day0 = Date.UTC(2026, 10, 1, 9);
    const at = (day: number) => ({ clock: createManualClock(day0 + day * DAY), env: coreGitEnv(), pruneDelayMs: 60 * 60_000 });
    let h = (harness = startCore(at(0)));
    const { dataDir } = h;
    const a = repo('prune a');
    const b = repo('prune b');
    let { sessions } = h.core.services;
    // a: a chat in the checkout, a checkpoint on day 0 and one on day 10.
    const chat = sessions.create({ kind: 'chat', folder: a });
    await turn(h, chat.id, a, 'day 0\n');
    // b: a worktree session deleted on day 0 (its files kept, listed under Recently removed), and a chat in the checkout.
    const wt = await worktreeSession(h, b);
    writeIn(wt.path, 'wip.txt', 'uncommitted\n');
    await h.ok('sessions:delete', { id: wt.id });
    expect((await h.ok('git:removedWorktrees', {})).items).toHaveLength(1);
    expect(refsUnder(b, 'refs/swarmdesk/removed/')).toHaveLength(2);
    sessions.create({ kind: 'chat', folder: b });
    // Skipped: a folder that is gone, a folder outside git.
    const gone = repo('prune gone');
    sessions.create({ kind: 'chat', folder: gone });
    rmSync(gone, { recursive: true });
    const plain = mkdtempSync(join(tmpdir(), 'sd-plain-'));
    made.push(plain);
    sessions.create({ kind: 'chat', folder: plain });
    await h.core.close();
    h = harness = startCore({ ...at(10), dataDir });
    ({ sessions } = h.core.services);
    await turn(h, chat.id, a, 'day 10\n');
    expect((await h.ok('settings:set', { general: { keepCheckpointDays: 5 } })).general.keepCheckpointDays).toBe(5);
    await h.core.close();

    // Day 11, a new core: nothing is pruned at start, then the first round comes by itself.
    const started = performance.now();
    h = harness = startCore({ ...at(11), dataDir, pruneDelayMs: 300 });
    expect((await listCheckpoints(a, chat.id, opts)).map((c) => c.turn)).toHaveLength(2);
    await until(async () => (await listCheckpoints(a, chat.id, opts)).length === 1, { timeoutMs: 30_000, message: 'the day-0 checkpoint pruned' });
    await until(() => refsUnder(b, 'refs/swarmdesk/').length === 0, { timeoutMs: 30_000, message: "b's removed worktree pruned" });
    console.info(`first background round done ${Math.round(performance.now() - started)} ms after start`);
    expect((await listCheckpoints(a, chat.id, opts)).map((c) => c.at)).toEqual([new Date(day0 + 10 * DAY).toISOString()]);
    expect(h.core.services.store.settings.get(REMOVED_KEY)).toEqual([]);
    expect((await h.ok('git:removedWorktrees', {})).items).toEqual([]);

    // Each repository once (b's checkout and its worktree session share one git dir), nothing left to do.
    const round = await h.core.services.pruning.round();
    expect(round).toEqual({ repos: expect.any(Array), known: 2, checkpoints: { rewritten: 0, deleted: 0, dropped: 0 }, removedEntries: 0, removedPins: 0 });
    expect(round.repos.sort()).toEqual([join(a, '.git'), join(b, '.git')].sort());
  });

  it('runs in the checkpoint queue: while a checkpoint step holds it, nothing is pruned', async () => {
    const h = (harness = startCore({ env: coreGitEnv(), pruneDelayMs: 60 * 60_000 }));
    const a = repo('prune queue');
    const chat = h.core.services.sessions.create({ kind: 'chat', folder: a });
    await oldCheckpoint(h, chat.id, a);
    let release = (): void => undefined;
    const held = h.core.services.checkpoints.exclusive(() => new Promise<void>((done) => (release = done)));
    const round = h.core.services.pruning.round();
    // The round found its repository and waits behind the held step (a checkpoint of this repository would be there).
    await new Promise((done) => setTimeout(done, 1_000));
    try {
      expect(refsUnder(a, 'refs/swarmdesk/checkpoints/')).toHaveLength(1);
    } finally {
      release();
    }
    await held;
    expect((await round).checkpoints).toEqual({ rewritten: 0, deleted: 1, dropped: 1 });
    expect(refsUnder(a, 'refs/swarmdesk/checkpoints/')).toHaveLength(0);
  });

  it('closing the core while a pruning git hangs returns at once: the git is ended', async () => {
    // A git whose cat-file hangs (exec: the sleep is the process that gets killed); everything else is the real git.
    const bin = mkdtempSync(join(tmpdir(), 'sd-hanging-git-'));
    made.push(bin);
    const realGit = join(git(process.cwd(), '--exec-path'), 'git');
    const pidFile = join(bin, 'cat-file.pid');
    writeFileSync(join(bin, 'git'), `#!/bin/sh\nfor a in "$@"; do [ "$a" = cat-file ] && echo $$ > '${pidFile}' && exec sleep 600; done\nexec '${realGit}' "$@"\n`);
    chmodSync(join(bin, 'git'), 0o755);
    const h = (harness = startCore({ env: { ...coreGitEnv(), PATH: `${bin}:${process.env.PATH ?? ''}` }, pruneDelayMs: 60 * 60_000 }));
    const a = repo('prune hang');
    const chat = h.core.services.sessions.create({ kind: 'chat', folder: a });
    await oldCheckpoint(h, chat.id, a);
    const round = h.core.services.pruning.round();
    await until(() => alive(pidFile), { timeoutMs: 10_000, message: 'the pruning cat-file running' });
    const started = performance.now();
    await h.core.close();
    harness = null;
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(3_000);
    await expect(round).resolves.toMatchObject({ repos: [] });
    await until(() => !alive(pidFile), { timeoutMs: 2_000, message: 'the hanging cat-file ended' });
    expect(refsUnder(a, 'refs/swarmdesk/checkpoints/')).toHaveLength(1);
  });
});

/** Whether the process whose pid is in `file` is alive (false before the file is written). */
function alive(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    process.kill(Number(readFileSync(file, 'utf8').trim()), 0);
    return true;
  } catch {
    return false;
  }
}
