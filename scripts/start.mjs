#!/usr/bin/env node
// `npm start` (SPEC §5): the Electron app where Electron's runtime is
// installed; otherwise one line saying so, then web mode (as `npm run serve`).
// Electron (from 42) fetches its runtime on first use, not at install: this
// fetches it once where there is a display, unless ELECTRON_SKIP_BINARY_DOWNLOAD
// is set. Before launching Electron it makes sure better-sqlite3 has an
// Electron build at .native/electron/better_sqlite3.node (kept apart from the
// node_modules one, which web mode and the tests load under Node) and that
// out/ is built.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runOnSupportedNode } from './node24.mjs';
import { ensureBuilt, runWebMode } from './serve.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const NATIVE_DIR = join(root, '.native', 'electron');
const NATIVE_FILE = join(NATIVE_DIR, 'better_sqlite3.node');
const NATIVE_STAMP = join(NATIVE_DIR, 'build.json');

const ELECTRON_DIR = join(root, 'node_modules', 'electron');

/**
 * The Electron binary's path when the runtime is really installed, else null.
 * Reads what node_modules/electron's installer left (path.txt, dist/) instead
 * of `require('electron')`, which would start a download when it is missing.
 */
export function electronBinary() {
  try {
    const relative = readFileSync(join(ELECTRON_DIR, 'path.txt'), 'utf8');
    const path = process.env.ELECTRON_OVERRIDE_DIST_PATH ? join(process.env.ELECTRON_OVERRIDE_DIST_PATH, relative) : join(ELECTRON_DIR, 'dist', relative);
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/** Fetches Electron's runtime (its own installer, bounded); the binary's path, or null. */
export function installElectronRuntime() {
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return null;
  const installer = join(ELECTRON_DIR, 'install.js');
  if (!existsSync(installer)) return null;
  console.error("Fetching Electron's runtime (once)...");
  run(process.execPath, [installer], { cwd: ELECTRON_DIR, timeout: 600_000 });
  return electronBinary();
}

/** better-sqlite3's own prebuilt binary for this platform (Node-API: the same file loads in Node and Electron). */
function sqlitePrebuild(sqliteDir) {
  const glibc = process.platform !== 'linux' || Boolean(process.report?.getReport().header.glibcVersionRuntime);
  const file = join(sqliteDir, 'prebuilds', `${glibc ? process.platform : 'linuxmusl'}-${process.arch}.node`);
  return existsSync(file) ? file : null;
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
 * better-sqlite3. A build works in a temporary copy so node_modules (used by
 * web mode and the tests under Node) is never touched. Returns an error string or null.
 */
export function ensureElectronNative() {
  const electronVersion = readJson(join(root, 'node_modules', 'electron', 'package.json'))?.version;
  const sqliteDir = join(root, 'node_modules', 'better-sqlite3');
  const sqliteVersion = readJson(join(sqliteDir, 'package.json'))?.version;
  if (!electronVersion || !sqliteVersion) return 'electron or better-sqlite3 is not installed';
  const want = { electron: electronVersion, betterSqlite3: sqliteVersion, platform: process.platform, arch: process.arch };
  const have = readJson(NATIVE_STAMP);
  if (existsSync(NATIVE_FILE) && have && JSON.stringify(have) === JSON.stringify(want)) return null;

  const work = mkdtempSync(join(tmpdir(), 'swarmdesk-native-'));
  try {
    // better-sqlite3 13 ships Node-API binaries (ABI-stable: Electron loads them as Node does);
    // where there is none for this platform, build one against Electron's headers.
    let built = sqlitePrebuild(sqliteDir);
    if (built === null) {
      console.error(`Building better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} (once)...`);
      const copy = join(work, 'better-sqlite3');
      const oldBuild = join(sqliteDir, 'build'); // the Node build: never carried into the Electron one
      cpSync(sqliteDir, copy, { recursive: true, filter: (src) => src !== oldBuild && !src.startsWith(oldBuild + sep) });
      built = join(copy, 'build', 'Release', 'better_sqlite3.node');
      const [cmd, pre] = nodeGypCommand();
      // Electron's headers, not Node's; binding.gyp's `require('node-addon-api')` runs in the copy,
      // outside the project: it finds the package through NODE_PATH.
      const env = { ...process.env, NODE_PATH: join(root, 'node_modules') };
      delete env.npm_config_nodedir;
      const args = ['rebuild', '--release', '--force_build=1', `--target=${electronVersion}`, `--arch=${process.arch}`, '--dist-url=https://electronjs.org/headers'];
      if (!run(cmd, [...pre, ...args], { cwd: copy, env, timeout: 600_000 }) || !existsSync(built)) {
        return 'there is no prebuilt binary for this platform and a local build (node-gyp) failed';
      }
    }
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

export { ensureBuilt };

function launchElectron(binary) {
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE; // would start a bare node instead of the app
  // `electron <root>` loads package.json's main: out/main/index.js.
  const child = spawn(binary, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

async function main() {
  const display = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  // No fetch without a display: the runtime could not show a window there anyway.
  const binary = electronBinary() ?? (display ? installElectronRuntime() : null);
  if (binary === null) {
    console.error("Electron's runtime is not installed here; starting web mode instead.");
    return runWebMode();
  }
  if (!display) {
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
  await runOnSupportedNode();
  await main();
}
