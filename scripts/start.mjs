#!/usr/bin/env node
// `npm start` (SPEC §5): the Electron app where Electron's runtime is
// installed; otherwise one line saying so, then web mode (as `npm run serve`).
// Before launching Electron it makes sure better-sqlite3 has an Electron build
// at .native/electron/better_sqlite3.node (the node_modules copy is built for
// Node, whose ABI differs) and that out/ is built.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runWebMode } from './serve.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const NATIVE_DIR = join(root, '.native', 'electron');
const NATIVE_FILE = join(NATIVE_DIR, 'better_sqlite3.node');
const NATIVE_STAMP = join(NATIVE_DIR, 'build.json');

/** The Electron binary's path when the runtime is really installed, else null. */
export function electronBinary() {
  try {
    // node_modules/electron exports the binary's path, or throws when the download was skipped.
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function run(cmd, args, opts) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 2, 2], ...opts });
  return r.status === 0;
}

/** npm's own node-gyp (npm sets npm_config_node_gyp for scripts), else one on PATH; never a download. */
function nodeGypCommand() {
  const bundled = process.env.npm_config_node_gyp;
  if (bundled && existsSync(bundled)) return [process.execPath, [bundled]];
  const besideNode = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  if (existsSync(besideNode)) return [process.execPath, [besideNode]];
  return ['node-gyp', []];
}

/**
 * Ensure .native/electron/better_sqlite3.node matches this Electron and
 * better-sqlite3. Works in a temporary copy so node_modules (used by web
 * mode and the tests under Node) is never touched. Returns an error string or null.
 */
export function ensureElectronNative() {
  const electronVersion = readJson(join(root, 'node_modules', 'electron', 'package.json'))?.version;
  const sqliteDir = join(root, 'node_modules', 'better-sqlite3');
  const sqliteVersion = readJson(join(sqliteDir, 'package.json'))?.version;
  if (!electronVersion || !sqliteVersion) return 'electron or better-sqlite3 is not installed';
  const want = { electron: electronVersion, betterSqlite3: sqliteVersion, platform: process.platform, arch: process.arch };
  const have = readJson(NATIVE_STAMP);
  if (existsSync(NATIVE_FILE) && have && JSON.stringify(have) === JSON.stringify(want)) return null;

  console.error(`Building better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} (once)...`);
  const work = mkdtempSync(join(tmpdir(), 'swarmdesk-native-'));
  try {
    const copy = join(work, 'better-sqlite3');
    const oldBuild = join(sqliteDir, 'build'); // the Node build: never carried into the Electron one
    cpSync(sqliteDir, copy, { recursive: true, filter: (src) => src !== oldBuild && !src.startsWith(oldBuild + sep) });
    const built = join(copy, 'build', 'Release', 'better_sqlite3.node');
    const prebuild = join(root, 'node_modules', 'prebuild-install', 'bin.js');
    const target = ['--runtime', 'electron', '--target', electronVersion, '--arch', process.arch, '--platform', process.platform];
    let ok = existsSync(prebuild) && run(process.execPath, [prebuild, ...target], { cwd: copy, timeout: 120_000 });
    if (!ok || !existsSync(built)) {
      const [cmd, pre] = nodeGypCommand();
      ok = run(cmd, [...pre, 'rebuild', '--release', `--target=${electronVersion}`, `--arch=${process.arch}`, '--dist-url=https://electronjs.org/headers'], {
        cwd: copy,
        timeout: 600_000,
      });
    }
    if (!ok || !existsSync(built)) return 'neither a prebuilt binary nor a local build (node-gyp) worked';
    mkdirSync(NATIVE_DIR, { recursive: true });
    copyFileSync(built, NATIVE_FILE);
    writeFileSync(NATIVE_STAMP, JSON.stringify(want, null, 2));
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function ensureBuilt() {
  const outputs = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];
  if (outputs.every((p) => existsSync(join(root, p)))) return true;
  console.error('Building Swarmdesk (out/ is missing)...');
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  return run(npx, ['electron-vite', 'build'], { cwd: root }) && outputs.every((p) => existsSync(join(root, p)));
}

function launchElectron(binary) {
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE; // would start a bare node instead of the app
  // `electron <root>` loads package.json's main: out/main/index.js.
  const child = spawn(binary, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

async function main() {
  const binary = electronBinary();
  if (binary === null) {
    console.error("Electron's runtime is not installed here; starting web mode instead.");
    return runWebMode();
  }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    console.error('No display here (DISPLAY and WAYLAND_DISPLAY are unset); starting web mode instead.');
    return runWebMode();
  }
  const nativeError = ensureElectronNative();
  if (nativeError !== null) {
    console.error(`Could not build better-sqlite3 for Electron (${nativeError}); starting web mode instead.`);
    return runWebMode();
  }
  if (!ensureBuilt()) {
    console.error('The build failed; see above.');
    process.exit(1);
  }
  launchElectron(binary);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
