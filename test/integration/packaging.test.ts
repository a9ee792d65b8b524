import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, describe, expect, it } from 'vitest';

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
afterAll(() => rmSync(out, { recursive: true, force: true }));

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
