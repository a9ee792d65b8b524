import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuilderConfig, packagedStart, packagingModel, walk, workerStarts } from '../support/packagedApp';

/**
 * The packaged app's worker threads must find their code where they start (issue 29: started from
 * app.asar.unpacked, their chunks and better-sqlite3 were left inside app.asar: ERR_MODULE_NOT_FOUND).
 * Without Electron's runtime this models the package from the built out/ tree and electron-builder.yml,
 * with electron-builder's own file matcher (its asarUnpack filter and smart unpack of native modules),
 * starts each worker where workerEntry.ts would in the package, and walks every import, static and
 * dynamic, transitively, as Node resolves it from there (support/packagedApp.ts). packaging.test.ts
 * walks a real package the same way.
 */
const root = resolve(import.meta.dirname, '../..');
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

let config: BuilderConfig;
beforeAll(async () => {
  const serve = (await import(/* @vite-ignore */ pathToFileURL(join(root, 'scripts', 'serve.mjs')).href)) as { ensureBuilt(): boolean };
  if (!serve.ensureBuilt()) throw new Error('electron-vite build failed');
  config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
}, 240_000);

describe('the packaged app’s worker threads (electron-builder.yml, out/)', () => {
  it('finds both workers the core starts, and the two scripts its agents run (hook reporter, MCP server)', () => {
    expect(workerStarts().map((s) => s.built).sort()).toEqual(['hook-reporter.js', 'import-worker.js', 'mcp-server.js', 'store-check-worker.js']);
  });

  it('every import of each worker resolves from where the worker starts in the package', () => {
    const model = packagingModel(config);
    for (const start of workerStarts()) {
      const place = packagedStart(model, start);
      expect(place, `${start.built} is not in the package`).not.toBeNull();
      if (place === null) continue;
      const { reached, missing } = walk(model, place);
      expect(missing, `${start.built} started from ${place.layout === 'asar' ? 'app.asar' : 'app.asar.unpacked'}`).toEqual([]);
      // The walk really followed the imports: the shared chunks, and for the check the SQLite driver.
      // (The agents' scripts use Node's built-ins only: they have no chunks to reach.)
      if (start.built.endsWith('-worker.js')) expect(reached.some((p) => p.rel.startsWith('out/main/chunks/')), start.built).toBe(true);
      if (start.built === 'store-check-worker.js') expect(reached.map((p) => p.rel)).toContain('node_modules/better-sqlite3/lib/index.js');
    }
  });

  it('the walk sees a worker started beside the archive lose its chunks (the issue 29 failure)', () => {
    // The old layout: entries unpacked, started from app.asar.unpacked, their imports left in the archive.
    const model = packagingModel({ ...config, asarUnpack: ['**/*.node', 'out/main/import-worker.js', 'out/main/store-check-worker.js'] });
    const { missing } = walk(model, { layout: 'unpacked', rel: 'out/main/store-check-worker.js' });
    expect(missing.some((m) => /imports \.\/chunks\/inspect-.*\.js: .* is not in app\.asar\.unpacked/.test(m)), missing.join('\n')).toBe(true);
    expect(missing.some((m) => m.startsWith('no package.json')), missing.join('\n')).toBe(true);
  });
});
