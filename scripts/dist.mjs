#!/usr/bin/env node
// `npm run dist`: builds the app and packages it for this OS with electron-builder
// (electron-builder.yml: AppImage and deb, dmg, NSIS; the release fuses are flipped
// in its afterPack hook, scripts/fuses.mjs). Extra arguments go to electron-builder,
// e.g. `npm run dist -- --dir` for an unpacked app only.
// The packaged Electron is the runtime node_modules/electron holds (fetched once
// here when missing), so packaging needs no second download of its own.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { electronBinary, installElectronRuntime } from './start.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The folder electron-builder packages from: node_modules/electron's dist/ (macOS: the folder holding Electron.app). */
export function electronDistFolder(binary) {
  const marker = `${join('Electron.app', 'Contents', 'MacOS')}`;
  return binary.includes(marker) ? binary.slice(0, binary.indexOf('Electron.app') - 1) : dirname(binary);
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

async function main() {
  const binary = electronBinary() ?? installElectronRuntime();
  if (binary === null) {
    console.error("Electron's runtime is not installed and could not be fetched; packaging needs it (unset ELECTRON_SKIP_BINARY_DOWNLOAD, or run where Electron's downloads are reachable).");
    process.exit(1);
  }
  run('npx', ['electron-vite', 'build']);
  run('npx', ['electron-builder', '--config', 'electron-builder.yml', `-c.electronDist=${electronDistFolder(binary)}`, ...process.argv.slice(2)]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
