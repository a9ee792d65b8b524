#!/usr/bin/env node
// `npm run bench`: runs every benchmark script under bench/ in turn and prints
// their figures. Budgets (SPEC §13) are checked by reading these, not by tests.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n### ${file}`);
  const r = spawnSync('npx', ['tsx', `bench/${file}`], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed += 1;
    console.log(`### ${file} failed (exit ${r.status ?? r.signal})`);
  }
}
process.exit(failed > 0 ? 1 : 0);
