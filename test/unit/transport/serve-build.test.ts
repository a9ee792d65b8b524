import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run serve` runs the built out/main/serve.js; it builds first only when
// out/ is missing or older than the sources (scripts/serve.mjs).
interface ServeScript {
  BUILD_OUTPUTS: string[];
  buildNeeded(dir?: string): string | null;
}
const load = async (): Promise<ServeScript> =>
  (await import(/* @vite-ignore */ pathToFileURL(resolve('scripts/serve.mjs')).href)) as ServeScript;

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function touch(dir: string, path: string, secondsAgo: number): void {
  const file = join(dir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
  const at = Date.now() / 1000 - secondsAgo;
  utimesSync(file, at, at);
}

/** A checkout whose sources were written 100 s ago and whose build 50 s ago. */
async function builtCheckout(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'swarmdesk-serve-build-'));
  dirs.push(dir);
  for (const source of ['src/main/serve.ts', 'src/renderer/src/App.tsx', 'electron.vite.config.ts', 'package.json']) touch(dir, source, 100);
  for (const output of (await load()).BUILD_OUTPUTS) touch(dir, output, 50);
  return dir;
}

describe('web mode runs a build that is there and current', () => {
  it('a build newer than every source is used as it is', async () => {
    const { buildNeeded } = await load();
    expect(buildNeeded(await builtCheckout())).toBeNull();
  });

  it('a missing output means a build first', async () => {
    const { buildNeeded } = await load();
    const dir = await builtCheckout();
    rmSync(join(dir, 'out', 'main', 'serve.js'));
    expect(buildNeeded(dir)).toBe('out/ is missing');
  });

  it('a source changed after the build, deep in src/ or the build config, means a build first', async () => {
    const { buildNeeded } = await load();
    const deep = await builtCheckout();
    touch(deep, 'src/renderer/src/App.tsx', 0);
    expect(buildNeeded(deep)).toBe('the sources changed since the last build');
    const config = await builtCheckout();
    touch(config, 'electron.vite.config.ts', 0);
    expect(buildNeeded(config)).toBe('the sources changed since the last build');
  });
});
