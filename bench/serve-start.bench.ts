/**
 * Web mode's start-up (SPEC §13): the time from `node scripts/serve.mjs` being
 * spawned to its `serving` line (a cold start: it starts the session host and attaches), on an empty data folder and on one holding
 * 10,000 sessions (the second and later starts: the database exists). The
 * build is made first, so no run includes it; the import reads an empty folder.
 *
 * Run: npx tsx bench/serve-start.bench.ts   (SWARMDESK_BENCH_SESSIONS overrides 10000)
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../src/main/core/store';
import { freshDataDir } from '../test/e2e/support/server';

const SESSIONS = Number(process.env.SWARMDESK_BENCH_SESSIONS ?? 10_000);
const RUNS = 5;

function seed(dataDir: string): void {
  const { store } = openStore({ dataDir });
  const now = Date.now();
  store.transaction(() => {
    for (let i = 0; i < SESSIONS; i++) {
      const id = `bench-${i}`;
      store.sessions.insert({ id, kind: 'chat', folder: `/home/dev/project-${i % 40}`, position: i, at: now - i * 60_000 });
      if (i % 2 === 0) store.sessions.setTitle(id, { title: `Fix the parser in module ${i}`, source: 'auto', pinned: false });
      for (let e = 0; e < 4; e++) store.entries.append(id, e % 2 === 0 ? 'user' : 'assistant', `step ${e} of case ${i}`, null, now - i * 60_000 + e);
    }
  });
  store.close();
}

/**
 * Milliseconds from spawn to the `serving` line; the front is then stopped (SIGTERM) and awaited, and with
 * `stopHost` its session host too (a cold start each time: the front starts the host and attaches).
 */
async function timeOneStart(dataDir: string, emptyImportDir: string, stopHost = true): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, SWARMDESK_AMBIENT_PROVIDER: 'offline', SWARMDESK_IMPORT_CLAUDE_DIRS: emptyImportDir, SWARMDESK_IMPORT_CODEX_DIRS: emptyImportDir },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ms = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('no serving line within 60 s')), 60_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('serving ')) {
        clearTimeout(timer);
        resolve(performance.now() - started);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before serving`)));
  });
  child.kill('SIGTERM');
  await exited;
  if (stopHost) stopHostOf(dataDir);
  return ms;
}

/** Ends the data folder's session host (each cold start then starts its own). */
function stopHostOf(dataDir: string): void {
  spawnSync(process.execPath, ['scripts/serve.mjs', '--stop', '--data-dir', dataDir], { stdio: 'ignore', timeout: 60_000 });
}

async function series(label: string, dataDir: string, emptyImportDir: string, baselineMs?: number, stopHost = true): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timeOneStart(dataDir, emptyImportDir, stopHost));
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(`${label}: median ${(median / 1000).toFixed(2)} s (runs: ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s)`);
  if (baselineMs !== undefined) {
    console.log(`ROW\t${label}: spawn → serving line\t${(median / 1000).toFixed(2)} s\t< 1 s\t${(median / baselineMs).toFixed(1)}× a bare node spawn to its first line (${baselineMs.toFixed(0)} ms)\t${median < 1000 ? 'within' : 'OVER'}`);
  }
  return median;
}

/** The baseline: a bare `node -e` that prints the same line, spawn to that line (median of RUNS). */
async function bareSpawnMs(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['-e', "process.stdout.write('serving \\n')"], { stdio: ['ignore', 'pipe', 'ignore'] });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    times.push(performance.now() - t0);
    await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  }
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

async function main(): Promise<void> {
  if (spawnSync('node', ['-e', "import('./scripts/serve.mjs').then((m) => process.exit(m.ensureBuilt() ? 0 : 1))"], { stdio: 'inherit' }).status !== 0) {
    throw new Error('the build failed');
  }
  const emptyImportDir = freshDataDir('swarmdesk-bench-noimport-');
  mkdirSync(join(emptyImportDir, 'none'), { recursive: true });
  const empty = freshDataDir('swarmdesk-bench-serve-empty-');
  const bare = await bareSpawnMs();
  await series('serve start, empty data folder (first start creates the database)', empty, emptyImportDir, bare);
  const full = freshDataDir('swarmdesk-bench-serve-10k-');
  seed(full);
  await series(`serve start, existing database of ${SESSIONS} sessions`, full, emptyImportDir, bare);
  // A front beside a running host (its agents alive): attach only, the host is not started again.
  await timeOneStart(full, emptyImportDir, false);
  try {
    await series(`serve start beside a running session host (${SESSIONS} sessions)`, full, emptyImportDir, bare, false);
  } finally {
    stopHostOf(full);
  }
}

await main();
