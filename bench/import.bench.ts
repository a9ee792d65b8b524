// Import benchmarks (SPEC §13, issue 9): `npx tsx bench/import.bench.ts`.
// Histories in the real Claude Code format come from bench/gen-history.ts (under the OS temp dir,
// generated once per spec and reused). Each import runs the real core in a child process
// (bench/support/import-run.ts) whose whole process tree's RSS is sampled here every 20 ms.
// 1. 1,000 sessions / 300 MB with a 50 MB session: a marker session findable by search (≤ 4 s after
//    start), the 50 MB session findable (≤ 6 s) and its last answer on screen (≤ 0.5 s), peak memory
//    of the process tree (< 250 MB).
// 2. 2,663 sessions / 1.1 GB with a 100 MB session: marker (≤ 8 s), the 100 MB session (≤ 15 s),
//    peak memory (< 300 MB), the whole first import (≤ 15 s), a later start up to date (< 1 s),
//    reopening the 100 MB session at its last page (0.5 s, ≤ 150 MB more).
// 3. One 500 MB transcript: peak memory under the 300 MB history's bound (< 250 MB), with its ratio to
//    one 100 MB transcript's peak.
// Baselines from the same run: a raw JSON.parse of the same bytes (times), an idle core's process
// tree (memory). Prints `ROW` lines (see scripts/bench.mjs).
// Sizes: SWARMDESK_BENCH_IMPORT_SCALE (default 1) scales every history; SWARMDESK_BENCH_ONEFILE_MB
// (default 500) the single-file case (compared with one file a fifth its size). SWARMDESK_BENCH_IMPORT_ONLY=small|large|onefile runs one part.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BIG_WORD, ensureHistory, MARKER_WORD, type History } from './gen-history';
import type { ImportRunTimes as RunTimes } from './support/importTimes';

const SCALE = Number(process.env.SWARMDESK_BENCH_IMPORT_SCALE ?? 1);
const ONEFILE_MB = Number(process.env.SWARMDESK_BENCH_ONEFILE_MB ?? 500);
const MB = 1024 * 1024;
const ONLY = process.env.SWARMDESK_BENCH_IMPORT_ONLY ?? '';
const part = (name: string): boolean => ONLY === '' || ONLY === name;

/** A process's command line, shortened to what names it (its program and first script argument). */
function processName(pid: number): string {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const script = argv.slice(1).find((a) => !a.startsWith('-') && a !== 'tsx');
    return [argv[0]?.split('/').pop(), script?.split('/').pop()].filter(Boolean).join(' ');
  } catch {
    return '?';
  }
}

/** RSS of a process and all its descendants, from /proc (Linux), in all and process by process. */
function treeRss(pid: number): { total: number; byProcess: Map<number, number> } {
  let total = 0;
  const byProcess = new Map<number, number>();
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop() as number;
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
      total += Number(kb ?? 0) * 1024;
      byProcess.set(p, Number(kb ?? 0) * 1024);
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const kids = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        if (kids) for (const k of kids.split(/\s+/)) stack.push(Number(k));
      }
    } catch {
      // gone meanwhile
    }
  }
  return { total, byProcess };
}

/**
 * The import run as the session host runs the core: bundled JavaScript on plain node (no tsx loader, whose
 * esbuild service process and compiled sources and source maps would be counted), with the host's heap flag
 * (`serve.ts`, `hostBridge.ts`: `--max-semi-space-size=4`). The core's workers are built beside it by the
 * names `startWorker` looks for. `SWARMDESK_BENCH_IMPORT_TSX=1` runs the TypeScript sources under tsx instead.
 */
const BUNDLE_DIR = 'node_modules/.cache/swarmdesk-bench-import';
const TSX = process.env.SWARMDESK_BENCH_IMPORT_TSX === '1';
/** The host's node flags; SWARMDESK_BENCH_IMPORT_NODE_FLAGS replaces them (space-separated; empty for none). */
const HOST_FLAGS = (process.env.SWARMDESK_BENCH_IMPORT_NODE_FLAGS ?? '--max-semi-space-size=4').split(' ').filter(Boolean);

function bundleImportRun(): string {
  const entries = {
    'import-run': 'bench/support/import-run.ts',
    'import-worker': 'src/main/core/agents/import/worker.ts',
    'store-check-worker': 'src/main/core/store/checkWorker.ts',
  };
  const args = [...Object.entries(entries).map(([name, file]) => `${name}=${file}`), '--bundle', '--platform=node', '--format=esm', '--packages=external', '--target=node22', `--outdir=${BUNDLE_DIR}`, '--log-level=warning'];
  const r = spawnSync('node_modules/.bin/esbuild', args, { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`bundling the import run failed (esbuild exit ${r.status})`);
  return join(BUNDLE_DIR, 'import-run.js');
}

let runner: string[] | null = null;

/** One import in a child process; returns its times, the peak RSS of its process tree and each process's part in that peak. */
async function runImport(dir: string, again = false): Promise<{ times: RunTimes; peak: number; atPeak: string }> {
  runner ??= TSX ? [...HOST_FLAGS, '--import', 'tsx', 'bench/support/import-run.ts'] : [...HOST_FLAGS, bundleImportRun()];
  const args = [...runner, dir, MARKER_WORD, BIG_WORD, ...(again ? ['--again'] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let peak = 0;
  let atPeak = new Map<number, number>();
  const names = new Map<number, string>();
  const timer = setInterval(() => {
    if (!child.pid) return;
    const now = treeRss(child.pid);
    for (const p of now.byProcess.keys()) if (!names.has(p)) names.set(p, processName(p));
    if (now.total > peak) [peak, atPeak] = [now.total, now.byProcess];
  }, 20);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(timer);
  if (code !== 0) throw new Error(`import run exited ${code}`);
  const parts = [...atPeak].map(([p, bytes]) => `${names.get(p) ?? p} ${mb(bytes)}`).join(', ');
  return { times: JSON.parse(out.trim().split('\n').pop() as string) as RunTimes, peak, atPeak: parts };
}

/** The baseline: read every transcript in 1 MB chunks and JSON.parse each line (ms). */
function rawParseMs(dir: string): number {
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.jsonl')) files.push(join(d, e.name));
    }
  };
  walk(dir);
  const t0 = performance.now();
  const chunk = Buffer.allocUnsafe(1 << 20);
  for (const f of files) {
    const fd = openSync(f, 'r');
    let rest = '';
    for (let got; (got = readSync(fd, chunk, 0, chunk.length, null)) > 0; ) {
      const lines = (rest + chunk.toString('utf8', 0, got)).split('\n');
      rest = lines.pop() ?? '';
      for (const l of lines) if (l) JSON.parse(l);
    }
    closeSync(fd);
  }
  return performance.now() - t0;
}

const s = (ms: number | null): string => (ms === null ? 'never' : `${(ms / 1000).toFixed(2)} s`);
const mb = (b: number): string => `${(b / MB).toFixed(0)} MB`;

function row(what: string, figure: string, budget: string, ratio: string, within: boolean): void {
  console.log(`ROW\t${what}\t${figure}\t${budget}\t${ratio}\t${within ? 'within' : 'OVER'}`);
}

function timeRow(what: string, ms: number | null, budgetMs: number, parseMs: number, bytes: number): void {
  const ratio = ms === null ? 'n/a' : `${(ms / parseMs).toFixed(2)}× raw JSON.parse of the same ${mb(bytes)} (${s(parseMs)})`;
  row(what, s(ms), `≤ ${budgetMs / 1000} s`, ratio, ms !== null && ms <= budgetMs);
}

function memRow(what: string, peak: number, budget: number, idle: number): void {
  row(what, mb(peak), `< ${mb(budget)}`, `${(peak / idle).toFixed(2)}× an idle core's process tree (${mb(idle)})`, peak < budget);
}

function describe(h: History): string {
  return `${h.sessions} sessions / ${mb(h.bytes)}`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const n = (x: number) => Math.max(1, Math.round(x * SCALE));
  const small = ensureHistory({ sessions: n(1000), mb: n(300), bigMb: n(50) });
  const large = ensureHistory({ sessions: n(2663), mb: n(1100), bigMb: n(100) });
  const oneBig = ensureHistory({ sessions: 1, mb: ONEFILE_MB, bigMb: ONEFILE_MB });
  const oneSmall = ensureHistory({ sessions: 1, mb: Math.max(1, Math.round(ONEFILE_MB / 5)), bigMb: Math.max(1, Math.round(ONEFILE_MB / 5)) });
  console.log(`machine: ${cpus().length} cores; histories under ${tmpdir()}`);

  const emptyDir = mkdtempSync(join(tmpdir(), 'swarmdesk-bench-empty-history-'));
  const idle = await runImport(emptyDir);
  rmSync(emptyDir, { recursive: true, force: true });
  console.log(`idle core (empty history): peak process tree ${mb(idle.peak)} (${idle.atPeak})`);

  // 1. 1,000 sessions / 300 MB.
  if (part('small')) {
    const a = await runImport(small.dir);
    const aParse = rawParseMs(small.dir);
    const at = a.times;
    console.log(`${describe(small)}: ${JSON.stringify(at)}; peak tree RSS ${mb(a.peak)} (${a.atPeak}); raw parse ${s(aParse)}`);
    if (!at.bigLastPageOk) console.log('WARNING: the big session\'s last page did not hold its last answer');
    timeRow(`import ${describe(small)}: a marker session findable by search`, at.markerMs, 4_000, aParse, small.bytes);
    timeRow(`the same: the ${n(50)} MB session findable`, at.bigMs, 6_000, aParse, small.bytes);
    row(`the same: the ${n(50)} MB session's last answer on screen (entries:page while importing)`, at.bigLastPageMs === null ? 'never' : `${at.bigLastPageMs} ms`, '≤ 500 ms',
      at.bigLastPageMs === null ? 'n/a' : `${(at.bigLastPageMs / aParse).toFixed(4)}× raw JSON.parse (${s(aParse)})`, at.bigLastPageOk && at.bigLastPageMs !== null && at.bigLastPageMs <= 500);
    memRow('peak memory of the process tree during that import', a.peak, 250 * MB, idle.peak);
  }

  // 2. 2,663 sessions / 1.1 GB.
  if (part('large')) {
    const b = await runImport(large.dir, true);
    const bParse = rawParseMs(large.dir);
    const bt = b.times;
    console.log(`${describe(large)}: ${JSON.stringify(bt)}; peak tree RSS ${mb(b.peak)} (${b.atPeak}); raw parse ${s(bParse)}`);
    timeRow(`import ${describe(large)}: a marker session findable`, bt.markerMs, 8_000, bParse, large.bytes);
    timeRow(`the same: the ${n(100)} MB session findable`, bt.bigMs, 15_000, bParse, large.bytes);
    memRow('the same: peak memory of the process tree', b.peak, 300 * MB, idle.peak);
    timeRow('the same: whole first import done and indexed', bt.indexedMs, 15_000, bParse, large.bytes);
    row('the same: a later start up to date (nothing changed)', bt.againMs === null ? 'never' : `${bt.againMs} ms`, '< 1000 ms',
      bt.againMs === null ? 'n/a' : `${(bt.againMs / bParse).toFixed(3)}× raw JSON.parse (${s(bParse)})`, bt.againMs !== null && bt.againMs < 1000);
    row(`reopening the ${n(100)} MB session at its last page (a fresh start)`, bt.reopenPageMs === null ? 'never' : `${bt.reopenPageMs} ms, +${bt.reopenRssMb} MB`, '≤ 500 ms, ≤ 150 MB',
      bt.reopenPageMs === null ? 'n/a' : `${(bt.reopenPageMs / bParse).toFixed(4)}× raw JSON.parse (${s(bParse)})`,
      bt.reopenPageMs !== null && bt.reopenPageMs <= 500 && (bt.reopenRssMb ?? 0) <= 150);
  }

  // 3. One huge transcript: memory must not grow with the file.
  if (part('onefile')) {
    const c10 = await runImport(oneSmall.dir);
    const c = await runImport(oneBig.dir);
    console.log(`one ${mb(oneSmall.bytes)} file: ${JSON.stringify(c10.times)}, peak ${mb(c10.peak)} (${c10.atPeak}); one ${mb(oneBig.bytes)} file: ${JSON.stringify(c.times)}, peak ${mb(c.peak)} (${c.atPeak})`);
    // Bounded however large one file is: under the 300 MB history's bound (the ratio shows what a 5× bigger file adds).
    row(`import one ${mb(oneBig.bytes)} transcript: peak memory of the process tree`, mb(c.peak), '< 250 MB (the 300 MB history\'s bound)',
      `${(c.peak / c10.peak).toFixed(2)}× one ${mb(oneSmall.bytes)} transcript (${mb(c10.peak)})`, c.peak < 250 * MB);
  }
  console.log(`import bench total: ${((performance.now() - started) / 1000).toFixed(0)} s (file sizes: ${statSync(oneBig.bigFile).size} bytes)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
