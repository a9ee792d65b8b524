import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export interface WorkerEntry {
  /** The caller's `import.meta.url`. */
  readonly here: string;
  /** The worker's TypeScript source, relative to `here` (tests, tsx, benchmarks). */
  readonly source: string;
  /** The bundle's entry for it (electron.vite.config.ts), next to the main bundle. */
  readonly built: string;
}

/**
 * The built entry of a worker, next to the caller's bundle (or one folder up, when the bundler put
 * the caller in a chunk); null when neither exists. In the packaged app that is a path inside
 * `app.asar`, and the worker starts there: Electron reads the archive in worker threads too, so the
 * entry's chunks and `better-sqlite3` resolve as they do for the main thread (the native addon itself
 * is unpacked, electron-builder.yml). Started from `app.asar.unpacked` instead, every import would
 * have to be unpacked beside it (test/integration/packaged-workers.test.ts walks them).
 */
export function builtWorkerFile(entry: Pick<WorkerEntry, 'here' | 'built'>, exists: (file: string) => boolean = existsSync): string | null {
  for (const candidate of [`./${entry.built}`, `../${entry.built}`]) {
    const file = fileURLToPath(new URL(candidate, entry.here));
    if (exists(file)) return file;
  }
  return null;
}

/**
 * Starts a worker wherever the core runs: from TypeScript sources with tsx's
 * loader registered first; from a build, its built entry (builtWorkerFile).
 * Null when there is neither.
 */
export function startWorker(entry: WorkerEntry, options: WorkerOptions): Worker | null {
  const { here } = entry;
  if (here.endsWith('.ts')) {
    // tsx's ESM entry (`require.resolve` would give its CommonJS one).
    const tsxApi = pathToFileURL(join(dirname(createRequire(here).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
    const source = new URL(entry.source, here).href;
    const code = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(source)});`;
    return new Worker(code, { ...options, eval: true });
  }
  const file = builtWorkerFile(entry);
  return file === null ? null : new Worker(pathToFileURL(file), options);
}
