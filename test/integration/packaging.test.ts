import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, describe, expect, it } from 'vitest';
import { type BuilderConfig, type PackageView, packagedStart, packagingModel, walk, workerStarts } from '../support/packagedApp';

/**
 * `npm run dist -- --dir` packages the app with electron-builder and its afterPack
 * hook flips the release fuses; this reads them back from the packaged binary.
 * Packaging needs Electron's runtime in node_modules/electron: where it is not
 * installed (this CI cannot download it) the test says it was skipped.
 */
const root = resolve(import.meta.dirname, '../..');
const start = (await import(pathToFileURL(join(root, 'scripts/start.mjs')).href)) as { electronBinary(): string | null };
const runtime = start.electronBinary();
if (runtime === null) console.log('packaging: skipped: Electron runtime not installed (node_modules/electron has no dist/)');

const ON = 49;
const OFF = 48;
const EXPECTED: Array<[keyof typeof FuseV1Options, number]> = [
  ['RunAsNode', OFF],
  ['EnableNodeOptionsEnvironmentVariable', OFF],
  ['EnableNodeCliInspectArguments', OFF],
  // Electron checks the asar's hash only on macOS and Windows; elsewhere the fuse stays off.
  ['EnableEmbeddedAsarIntegrityValidation', process.platform === 'darwin' || process.platform === 'win32' ? ON : OFF],
  ['OnlyLoadAppFromAsar', ON],
  ['EnableCookieEncryption', ON],
  ['GrantFileProtocolExtraPrivileges', OFF],
  ['WasmTrapHandlers', ON],
];

const out = mkdtempSync(join(tmpdir(), 'swarmdesk-dist-'));
const dirs: string[] = [out];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The packaged executable in electron-builder's unpacked folder for this OS. */
function packagedBinary(dir: string): string {
  const unpacked = readdirSync(dir).find((n) => n.endsWith('-unpacked') || n === 'mac' || n === 'mac-arm64');
  if (!unpacked) throw new Error(`no unpacked app in ${dir}: ${readdirSync(dir).join(', ')}`);
  if (process.platform === 'darwin') return join(dir, unpacked, 'Swarmdesk.app');
  return join(dir, unpacked, process.platform === 'win32' ? 'Swarmdesk.exe' : 'swarmdesk');
}

describe('the packaged app (npm run dist)', () => {
  it.skipIf(runtime === null)('carries the release fuses, set by the afterPack hook', async () => {
    const r = spawnSync(process.execPath, ['scripts/dist.mjs', '--dir', `-c.directories.output=${out}`], { cwd: root, encoding: 'utf8', timeout: 600_000 });
    expect(r.status, r.stderr).toBe(0);
    const binary = packagedBinary(out);
    expect(existsSync(binary)).toBe(true);
    const wire = await getCurrentFuseWire(binary);
    for (const [name, value] of EXPECTED) expect(wire[FuseV1Options[name]], name).toBe(value);
    // The native addon sits outside the archive; the workers start inside it (packaged-workers.test.ts).
    const resources = process.platform === 'darwin' ? join(binary, 'Contents', 'Resources') : join(binary, '..', 'resources');
    expect(existsSync(join(resources, 'app.asar'))).toBe(true);
    expect(existsSync(join(resources, 'app.asar.unpacked', 'node_modules', 'better-sqlite3', 'package.json'))).toBe(true);
  });
});

/**
 * Where Electron's runtime cannot be downloaded: the same electron-builder run on a stand-in Electron
 * distribution, a file holding the fuse sentinel and a wire as long as the installed @electron/fuses'
 * fuse list, in Electron's default states. electron-builder packs the real app.asar beside it and runs
 * the afterPack hook (strict mode: a fuse it does not set fails the build, as WasmTrapHandlers did).
 */
const ELECTRON_DEFAULT_ON = new Set(['RunAsNode', 'EnableNodeOptionsEnvironmentVariable', 'EnableNodeCliInspectArguments', 'GrantFileProtocolExtraPrivileges', 'WasmTrapHandlers']);

function standInElectronDist(dir: string): string {
  const dist = join(dir, 'electron-dist');
  mkdirSync(join(dist, 'resources'), { recursive: true });
  const fuses = Object.entries(FuseV1Options).filter((e): e is [string, number] => typeof e[1] === 'number').sort((a, b) => a[1] - b[1]);
  const wire = Buffer.from(fuses.map(([name]) => (ELECTRON_DEFAULT_ON.has(name) ? ON : OFF)));
  const sentinel = Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX');
  writeFileSync(join(dist, 'electron'), Buffer.concat([Buffer.from('\x7fELF stand-in '), sentinel, Buffer.from([1, wire.length]), wire, Buffer.from(' tail')]));
  chmodSync(join(dist, 'electron'), 0o755);
  for (const file of ['chrome-sandbox', 'LICENSE', 'version']) writeFileSync(join(dist, file), 'stand-in');
  return dist;
}

describe('packaging on a stand-in Electron (npm run dist -- --dir without the runtime)', () => {
  it.runIf(process.platform === 'linux')(
    'passes the fuse step, and every import of each worker resolves in the real app.asar from where it starts',
    async () => {
      const serve = (await import(/* @vite-ignore */ pathToFileURL(join(root, 'scripts', 'serve.mjs')).href)) as { ensureBuilt(): boolean };
      expect(serve.ensureBuilt()).toBe(true);
      const dir = mkdtempSync(join(tmpdir(), 'swarmdesk-standin-dist-'));
      dirs.push(dir);
      const version = (JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
      const args = ['electron-builder', '--config', 'electron-builder.yml', '--dir', '--linux', `-c.electronDist=${standInElectronDist(dir)}`, `-c.electronVersion=${version}`, `-c.directories.output=${join(dir, 'out')}`];
      const r = spawnSync('npx', args, { cwd: root, encoding: 'utf8', timeout: 280_000 });
      expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
      const app = join(dir, 'out', 'linux-unpacked');
      const wire = await getCurrentFuseWire(join(app, 'swarmdesk'));
      for (const [name, value] of EXPECTED) expect(wire[FuseV1Options[name]], name).toBe(value);

      // The package as electron-builder made it: app.asar's listing, and the plain folder beside it.
      const resources = join(app, 'resources');
      const asar = createRequire(import.meta.url)('@electron/asar') as { listPackage(archive: string, options: { isPack: boolean }): string[] };
      const listed = new Set(asar.listPackage(join(resources, 'app.asar'), { isPack: false }).map((p) => p.slice(1).split(sep).join('/')));
      const real: PackageView = {
        has: ({ layout, rel }) => (layout === 'asar' ? listed.has(rel) && existsSync(join(root, rel)) && statSync(join(root, rel)).isFile() : existsSync(join(resources, 'app.asar.unpacked', ...rel.split('/')))),
      };
      const starts = workerStarts();
      // Two worker threads, and the two scripts agents run (the hook reporter, the MCP server: issues 31, 33).
      expect(starts).toHaveLength(4);
      for (const start of starts) {
        const place = packagedStart(real, start, resources);
        expect(place, start.built).toEqual({ layout: 'asar', rel: `out/main/${start.built}` });
        if (place !== null) expect(walk(real, place).missing, start.built).toEqual([]);
      }

      // The model packaged-workers.test.ts walks without electron-builder agrees with it on every built file.
      const config = (createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown }).load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
      const model = packagingModel(config);
      const builtFiles = readdirSync(join(root, 'out'), { recursive: true }).map((f) => `out/${String(f).split(sep).join('/')}`).filter((rel) => statSync(join(root, rel)).isFile());
      const disagree = [...builtFiles, 'package.json', 'node_modules/better-sqlite3/lib/index.js', 'node_modules/better-sqlite3/prebuilds/linux-x64.node'].flatMap((rel) =>
        (['asar', 'unpacked'] as const).filter((layout) => model.has({ layout, rel }) !== real.has({ layout, rel })).map((layout) => `${layout}: ${rel}`),
      );
      expect(disagree).toEqual([]);
    },
    300_000,
  );
});
