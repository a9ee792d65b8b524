/**
 * What a checkpoint every turn costs (issue 36, SPEC §13): `npx tsx bench/checkpoint-cost.bench.ts`.
 *
 * A real repository of FILES committed files (three folders deep, 1–3 KB each) under the OS temp dir.
 * 1. One file changed, a checkpoint (the real `recordCheckpoint`) against a bare `git status` on the same tree:
 *    3 runs of PAIRS rounds; each round changes the file again (so every checkpoint writes one), then times
 *    the checkpoint and `git status` in turn (the order turning each round). Budget: the median of the
 *    rounds' ratios ≤ 2× in 2 of 3 runs (`support/ratioRows.ts`).
 * 2. The same with UNTRACKED untracked files beside them (4 KB each), the checkpoint as it is (the session's
 *    own index kept between checkpoints, so unchanged untracked files are not hashed again) and as it was
 *    (a new session each time: an index seeded from the user's, every untracked file hashed).
 * 3. The floor under both: `git add -A` + `write-tree` alone into a temporary index (seeded from the real
 *    one each time, and kept between rounds), against the same status.
 * 4. TURNS turns (each changes one or two files and adds an untracked one, then checkpoints): the time a
 *    turn's checkpoint took and the repository's growth (`git count-objects -v`), before and after `git gc`.
 *
 * Environment: SWARMDESK_BENCH_CHECKPOINT_FILES (10000), _PAIRS (15), _UNTRACKED (2000), _TURNS (500).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { recordCheckpoint } from '../src/main/core/git/checkpoint';
import { runGit } from '../src/main/core/git/run';
import { describeRun, printRatioRow, RATIO_RUNS, runRatio, type Pair, type RunRatio } from './support/ratioRows';

const FILES = Number(process.env.SWARMDESK_BENCH_CHECKPOINT_FILES ?? 10_000);
const PAIRS = Number(process.env.SWARMDESK_BENCH_CHECKPOINT_PAIRS ?? 15);
const UNTRACKED = Number(process.env.SWARMDESK_BENCH_CHECKPOINT_UNTRACKED ?? 2_000);
const TURNS = Number(process.env.SWARMDESK_BENCH_CHECKPOINT_TURNS ?? 500);

const ENV: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
};
const OPTS = { env: ENV };

const git = (dir: string, ...args: string[]): string => execFileSync('git', ['-C', dir, ...args], { env: ENV, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim();

/** Deterministic text of about `bytes` characters (lines of code-like words). */
function text(seed: number, bytes: number): string {
  let s = seed >>> 0 || 1;
  const words = ['const', 'value', 'return', 'function', 'import', 'export', 'await', 'string', 'number', 'session', 'index', 'tree'];
  let out = '';
  while (out.length < bytes) {
    let line = '';
    for (let i = 0; i < 8; i++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      line += `${words[s % words.length]}${s % 97} `;
    }
    out += `${line.trimEnd()}\n`;
  }
  return out;
}

/** The repository: FILES files as src/m<i>/p<j>/f<k>.ts (3 deep), committed, its index written after them. */
async function makeRepository(root: string): Promise<string> {
  const dir = join(root, 'repo');
  mkdirSync(dir);
  git(dir, 'init', '--quiet', '--initial-branch=main');
  const perFolder = 100;
  for (let n = 0; n < FILES; n++) {
    const folder = join(dir, 'src', `m${Math.floor(n / (perFolder * 10)) % 10}`, `p${Math.floor(n / perFolder) % 10}`, `g${Math.floor(n / (perFolder * 100))}`);
    if (n % perFolder === 0) mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `f${n % perFolder}.ts`), text(n + 1, 1_000 + (n % 3) * 1_000));
  }
  writeFileSync(join(dir, '.gitignore'), 'node_modules/\n*.log\n');
  // The index written a while after the files, so none of them is "racily clean" (hashed again by every status).
  await new Promise((r) => setTimeout(r, 1_100));
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'the repository');
  return dir;
}

/** A size in KiB (count-objects -v: loose `size` plus `size-pack`). */
function repoKiB(dir: string): { loose: number; pack: number; objects: number } {
  const v = Object.fromEntries(
    git(dir, 'count-objects', '-v')
      .split('\n')
      .map((l) => l.split(': ') as [string, string]),
  );
  return { loose: Number(v.size), pack: Number(v['size-pack']), objects: Number(v.count) + Number(v['in-pack']) };
}

const mb = (kib: number): string => `${(kib / 1024).toFixed(1)} MB`;
const quantile = (xs: readonly number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.max(0, Math.ceil(q * xs.length) - 1))] ?? NaN;

async function timed(task: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await task();
  return performance.now() - t0;
}

/** `git add -A` + `write-tree` alone into `index` (the floor of any checkpoint that reads the tree through git). */
async function addAndWriteTree(dir: string, index: string): Promise<void> {
  const env = { env: { ...ENV, GIT_INDEX_FILE: index } };
  await runGit(dir, ['add', '--all', '--', ':/'], env);
  await runGit(dir, ['write-tree'], env);
}

/**
 * The simplest process doing a checkpoint's whole job: `add -A` + `write-tree`, then `commit-tree` on the last
 * one and `update-ref` (four git processes one after another; no untracked listing, size check or bookkeeping).
 */
async function plumbingAlone(dir: string, index: string, ref: string): Promise<void> {
  const env = { env: { ...ENV, GIT_INDEX_FILE: index } };
  await runGit(dir, ['add', '--all', '--', ':/'], env);
  const tree = (await runGit(dir, ['write-tree'], env)).trim();
  const parent = (await runGit(dir, ['rev-parse', '--verify', '--quiet', ref], OPTS).catch(() => '')).trim();
  const commit = (await runGit(dir, ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', 'bench floor'], OPTS)).trim();
  await runGit(dir, ['update-ref', ref, commit], OPTS);
}

type Task = { readonly name: string; readonly run: (round: number) => Promise<unknown> };

/**
 * RATIO_RUNS runs of PAIRS rounds: each round calls `change`, then times every task and a bare `git status`,
 * the order turning each round; resolves with each task's runs against status.
 */
async function measure(dir: string, label: string, change: (round: number) => void, tasks: readonly Task[]): Promise<Map<string, RunRatio[]>> {
  const status: Task = { name: 'git status', run: () => runGit(dir, ['status'], OPTS) };
  const all = [status, ...tasks];
  const runs = new Map<string, RunRatio[]>(tasks.map((t) => [t.name, []]));
  let round = 0;
  for (let run = 0; run < RATIO_RUNS; run++) {
    const pairs = new Map<string, Pair[]>(tasks.map((t) => [t.name, []]));
    const load = loadavg()[0]!.toFixed(2);
    for (let p = 0; p < PAIRS; p++, round++) {
      change(round);
      const ms = new Map<string, number>();
      for (let k = 0; k < all.length; k++) {
        const task = all[(round + k) % all.length]!;
        ms.set(task.name, await timed(() => task.run(round)));
      }
      for (const t of tasks) pairs.get(t.name)!.push({ app: ms.get(t.name)!, floor: ms.get(status.name)! });
    }
    for (const t of tasks) {
      const r = runRatio(pairs.get(t.name)!);
      runs.get(t.name)!.push(r);
      console.log(`  ${describeRun(`${label}: ${t.name}`, run, r, pairs.get(t.name)!, 'ms')} (load ${load})`);
    }
  }
  return runs;
}

/** A row with no budget: the runs' medians against status, for comparison. */
function printFactRow(what: string, runs: readonly RunRatio[]): void {
  const figure = runs.map((r) => `${r.median.toFixed(2)}× (${r.low.toFixed(2)}–${r.high.toFixed(2)})`).join(', ');
  const own = runs.map((r) => `${r.app.toFixed(0)} / ${r.floor.toFixed(0)} ms`).join(', ');
  console.log(['ROW', what, figure, 'none (a figure)', `against git status in the same rounds; it / status (medians): ${own}`, 'within'].join('\t'));
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'sd-bench-checkpoint-'));
  try {
    const t0 = performance.now();
    const dir = await makeRepository(root);
    const realIndex = join(dir, '.git', 'index');
    const n = FILES.toLocaleString('en-US');
    console.log(`checkpoint.repo: ${n} files committed in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${mb(repoKiB(dir).loose + repoKiB(dir).pack)}`);
    const changed = join(dir, 'src', 'm0', 'p0', 'g0', 'f0.ts');
    const changeOne = (round: number): void => appendFileSync(changed, `// round ${round}\n`);
    const keptFloor = join(dir, '.git', 'bench-floor-kept.index');
    await copyFile(realIndex, keptFloor);
    const seededFloor = join(dir, '.git', 'bench-floor-seeded.index');
    const plumbingFloor = join(dir, '.git', 'bench-floor-plumbing.index');
    await copyFile(realIndex, plumbingFloor);
    const floors: Task[] = [
      { name: 'add + write-tree, index kept', run: () => addAndWriteTree(dir, keptFloor) },
      { name: 'add + write-tree + commit-tree + update-ref', run: () => plumbingAlone(dir, plumbingFloor, 'refs/bench/floor') },
      {
        name: 'add + write-tree, index seeded',
        run: async () => {
          await copyFile(realIndex, seededFloor);
          await addAndWriteTree(dir, seededFloor);
          await rm(seededFloor);
        },
      },
    ];

    // 1. One changed file.
    const checkpoint: Task = { name: 'checkpoint', run: (round) => recordCheckpoint(dir, 'bench-session', String(round), OPTS) };
    const one = await measure(dir, 'one changed file', changeOne, [checkpoint, ...floors]);
    const what = `a checkpoint, ${n} files, one changed, against a bare git status on the same tree`;
    printRatioRow(what, one.get('checkpoint')!, 2, 'git status', ' ms');
    printFactRow(`the floor of that: git add -A + write-tree alone, the temporary index kept, against git status`, one.get(floors[0]!.name)!);
    printFactRow(`the same, the temporary index seeded from the real one each time`, one.get(floors[2]!.name)!);
    printFactRow(`the whole job's floor: add -A, write-tree, commit-tree, update-ref (the parent read first), index kept`, one.get(floors[1]!.name)!);

    // 2. With untracked files beside them: kept index against a fresh one (as before).
    const scratch = join(dir, 'scratch');
    mkdirSync(scratch);
    for (let u = 0; u < UNTRACKED; u++) writeFileSync(join(scratch, `u${u}.txt`), text(100_000 + u, 4_000));
    await new Promise((r) => setTimeout(r, 1_100));
    await recordCheckpoint(dir, 'bench-untracked', 'warm', OPTS); // the session's first checkpoint hashes them once
    const u = UNTRACKED.toLocaleString('en-US');
    const withUntracked = await measure(dir, `${u} untracked`, changeOne, [
      { name: 'checkpoint', run: (round) => recordCheckpoint(dir, 'bench-untracked', String(round), OPTS) },
      { name: 'checkpoint as before', run: (round) => recordCheckpoint(dir, `bench-before-${round}`, String(round), OPTS) },
    ]);
    printRatioRow(`the same with ${u} untracked files (4 KB each) beside them`, withUntracked.get('checkpoint')!, 2, 'git status', ' ms');
    printFactRow(`the same, as before issue 36's kept index (an index seeded from the user's: every untracked file hashed)`, withUntracked.get('checkpoint as before')!);
    for (const ref of git(dir, 'for-each-ref', '--format=%(refname)', 'refs/swarmdesk/checkpoints/').split('\n')) {
      if (ref.includes('bench-before-')) git(dir, 'update-ref', '-d', ref);
    }
    rmSync(scratch, { recursive: true });

    // 4. Turns: growth.
    git(dir, 'gc', '--quiet');
    const before = repoKiB(dir);
    const turnMs: number[] = [];
    for (let t = 0; t < TURNS; t++) {
      const a = 1 + ((t * 7919) % (FILES - 1));
      const file = (k: number): string => join(dir, 'src', `m${Math.floor(k / 1000) % 10}`, `p${Math.floor(k / 100) % 10}`, `g${Math.floor(k / 10_000)}`, `f${k % 100}.ts`);
      appendFileSync(file(a), `// turn ${t}\n`);
      if (t % 2 === 0) appendFileSync(file((a * 31) % FILES), `// turn ${t} again\n`);
      writeFileSync(join(dir, 'src', `new-${t}.ts`), text(200_000 + t, 1_000));
      turnMs.push(await timed(() => recordCheckpoint(dir, 'bench-turns', String(t), OPTS)));
    }
    const after = repoKiB(dir);
    const gcMs = await timed(async () => git(dir, 'gc', '--quiet'));
    const packed = repoKiB(dir);
    const turns = TURNS.toLocaleString('en-US');
    console.log(`checkpoint.turns: ${turns} turns, a checkpoint each: median ${quantile(turnMs, 0.5).toFixed(0)} ms, p90 ${quantile(turnMs, 0.9).toFixed(0)} ms; objects ${before.objects} → ${after.objects}`);
    const grown = after.loose + after.pack - (before.loose + before.pack);
    const grownPacked = packed.loose + packed.pack - (before.loose + before.pack);
    console.log(
      [
        'ROW',
        `the repository's growth after ${turns} checkpointed turns (each: one or two files changed, one 1 KB file added), ${n} files`,
        `+${mb(grown)} loose, +${mb(grownPacked)} after git gc (${(gcMs / 1000).toFixed(1)} s)`,
        'none (a figure)',
        `${mb(before.loose + before.pack)} before (packed); a turn's checkpoint median ${quantile(turnMs, 0.5).toFixed(0)} ms`,
        'within',
      ].join('\t'),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
