import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
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
 * A path inside the packaged app's `app.asar` mapped to its unpacked copy:
 * worker threads start from plain files, so electron-builder.yml unpacks the
 * worker entries beside the archive (`app.asar.unpacked`).
 */
export function unpackedPath(path: string): string {
  const packed = `${sep}app.asar${sep}`;
  return path.includes(packed) ? path.replace(packed, `${sep}app.asar.unpacked${sep}`) : path;
}

/**
 * Starts a worker wherever the core runs: from TypeScript sources with tsx's
 * loader registered first; from a build, the named entry next to the main
 * bundle (or one folder up, when the bundler put the caller in a chunk),
 * outside the asar archive when packaged. Null when neither exists.
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
  for (const candidate of [`./${entry.built}`, `../${entry.built}`]) {
    const file = unpackedPath(fileURLToPath(new URL(candidate, here)));
    if (existsSync(file)) return new Worker(pathToFileURL(file), options);
  }
  return null;
}
