#!/usr/bin/env node
// `npm test`: every check, in order, each counted; ends with `N passed, N failed`.
// Steps: type checks, lint, build, vitest (unit, renderer, integration), Playwright e2e.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { runOnSupportedNode } from './node24.mjs';

await runOnSupportedNode();

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
mkdirSync('test-results', { recursive: true });

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`=== ${label}: exit ${r.status ?? r.signal} in ${secs}s`);
  return r.status === 0;
}

function step(label, cmd, args) {
  if (run(label, cmd, args)) results.passed += 1;
  else {
    results.failed += 1;
    failures.push(label);
  }
}

function countVitest(file, label) {
  if (!existsSync(file)) {
    results.failed += 1;
    failures.push(`${label}: no report`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const suite of report.testResults ?? []) {
    for (const t of suite.assertionResults ?? []) {
      if (t.status === 'passed') results.passed += 1;
      else if (t.status === 'failed') {
        results.failed += 1;
        failures.push(`${label}: ${t.fullName}`);
      } else results.skipped += 1;
    }
    // A file that failed to load has no assertions but is a failure.
    if ((suite.assertionResults ?? []).length === 0 && suite.status === 'failed') {
      results.failed += 1;
      failures.push(`${label}: ${suite.name} (did not load)`);
    }
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) {
    results.failed += 1;
    failures.push('e2e: no report');
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const status = t.results?.at(-1)?.status ?? 'skipped';
        if (status === 'passed') results.passed += 1;
        else if (status === 'skipped') {
          results.skipped += 1;
          console.log(`e2e skipped: ${spec.title}${t.annotations?.length ? ' — ' + t.annotations.map((a) => a.description).join('; ') : ''}`);
        } else {
          results.failed += 1;
          failures.push(`e2e: ${spec.title}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  for (const err of report.errors ?? []) {
    results.failed += 1;
    failures.push(`e2e: ${String(err.message ?? err).split('\n')[0]}`);
  }
}

step('typecheck (node side)', 'npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']);
step('typecheck (web side)', 'npx', ['tsc', '-p', 'tsconfig.web.json', '--noEmit']);
step('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
step('build (electron-vite)', 'npx', ['electron-vite', 'build']);

for (const project of ['unit', 'renderer', 'integration']) {
  const file = `test-results/vitest-${project}.json`;
  rmSync(file, { force: true });
  const clean = run(`vitest ${project}`, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  const before = results.failed;
  countVitest(file, project);
  // Every test passed but vitest still failed: unhandled errors (a timer firing after its test), which
  // can hide a real fault, count as one failure.
  if (!clean && results.failed === before) {
    results.failed += 1;
    failures.push(`${project}: vitest exited non-zero with every test passing (unhandled errors; see its output)`);
  }
}

rmSync('test-results/e2e.json', { force: true });
run('e2e (Playwright)', 'npx', ['playwright', 'test']);
countPlaywright('test-results/e2e.json');

if (failures.length > 0) {
  console.log('\nFailed:');
  for (const f of failures) console.log(`  - ${f}`);
}
const skipped = results.skipped > 0 ? `, ${results.skipped} skipped` : '';
console.log(`\n${results.passed} passed, ${results.failed} failed${skipped}`);
process.exit(results.failed > 0 ? 1 : 0);
