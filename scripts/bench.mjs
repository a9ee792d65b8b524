#!/usr/bin/env node
// `npm run bench`: runs every benchmark script under bench/ in turn, echoes what they print, and ends
// with one table of every budget row they reported. A bench reports a row as one tab-separated line:
//   ROW\t<what>\t<figure with unit>\t<budget>\t<ratio vs a baseline measured in the same run>\t<within|OVER>
// Budgets (SPEC §13) are checked by reading these, not by tests; bench/README.md keeps the one budget table.
// A ratio row's budget reads `≤ N× in 2 of 3 runs` (bench/support/ratioRows.ts). `npm run bench -- import store`
// runs the benches whose file names contain one of the words.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { runOnSupportedNode } from './node24.mjs';

await runOnSupportedNode();

const only = process.argv.slice(2);
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

/** Runs one bench, echoing its output; resolves with its exit status and the ROW lines it printed. */
function run(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: ['ignore', 'pipe', 'inherit'] });
    const rows = [];
    let partial = '';
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      const lines = (partial + d.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('ROW\t')) rows.push(line.split('\t').slice(1));
    });
    child.once('exit', (code, signal) => {
      if (partial.startsWith('ROW\t')) rows.push(partial.split('\t').slice(1));
      resolve({ status: code ?? signal, rows });
    });
  });
}

const started = Date.now();
const table = [];
let failed = 0;
for (const file of files) {
  console.log(`\n### ${file}`);
  const t0 = Date.now();
  const r = await run(file);
  console.log(`### ${file}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  if (r.status !== 0) {
    failed += 1;
    console.log(`### ${file} failed (exit ${r.status})`);
  }
  for (const cells of r.rows) table.push([file.replace('.bench.ts', ''), ...cells]);
}

const header = ['bench', 'what', 'figure', 'budget', 'ratio vs baseline (same run)', 'verdict'];
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? '').length)));
const line = (cells) => cells.map((c, i) => (c ?? '').padEnd(widths[i])).join(' | ');
console.log(`\n## Budgets (${cpus().length} cores; total ${((Date.now() - started) / 1000).toFixed(0)} s)`);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const row of table) console.log(line(row));
const over = table.filter((row) => row[5] !== 'within').length;
// A ratio row (SPEC §13) is held against its floor measured in the same run; the others are absolute.
const ratio = table.filter((row) => /in \d of \d runs/.test(row[3] ?? '')).length;
console.log(`${table.length} rows (${ratio} held against a floor in the same run, ${table.length - ratio} absolute), ${table.length - over} within budget, ${over} over${failed ? `; ${failed} bench(es) failed` : ''}`);
process.exit(failed > 0 ? 1 : 0);
