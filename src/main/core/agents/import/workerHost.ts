import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts the import worker wherever the core runs: from TypeScript sources
 * (tests, `tsx`, benchmarks) the worker registers tsx's loader first; from a
 * build, the bundler emitted `import-worker.js` next to the main bundle.
 * Returns null when neither is available (the caller then scans in-process).
 */
/**
 * The worker's heap is capped so the importer's memory stays bounded (SPEC §13:
 * a 1 GB import under 300 MB): lines are at most 8 MB, batches 2.5 M characters.
 */
const LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 };

export function startImportWorker(): Worker | null {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // tsx's ESM entry (`require.resolve` would give its CommonJS one).
    const tsxApi = pathToFileURL(join(dirname(createRequire(here).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
    const entry = new URL('./worker.ts', here).href;
    const code = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(entry)});`;
    return new Worker(code, { eval: true, resourceLimits: LIMITS });
  }
  // The bundle may place this code in a chunk one folder below the entry.
  for (const candidate of ['./import-worker.js', '../import-worker.js']) {
    const built = new URL(candidate, here);
    if (existsSync(fileURLToPath(built))) return new Worker(built, { resourceLimits: LIMITS });
  }
  return null;
}
