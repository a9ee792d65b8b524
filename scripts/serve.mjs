#!/usr/bin/env node
// `npm run serve -- [--port N] [--data-dir DIR]`: web mode (SPEC §5).
// Runs the built server, out/main/serve.js (plain JavaScript, made by
// `npm run build` from src/main/serve.ts), in this same process (so signals
// reach it directly and there is no orphan to clean up). When out/ is missing
// or older than the sources it builds first. Build output goes to stderr:
// stdout carries only the `serving ...` line.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runOnSupportedNode } from './node24.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What web mode, the Electron app and a remote host (host-bridge.js, issue 17) run; `electron-vite build` writes them all at once. */
export const BUILD_OUTPUTS = ['out/main/serve.js', 'out/main/host.js', 'out/main/host-bridge.js', 'out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];
/** What the build is made from: a change to any of these makes out/ stale. */
const BUILD_INPUTS = ['src', 'electron.vite.config.ts', 'package.json'];

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Number.NaN;
  }
}

function newestInput(dir) {
  let newest = 0;
  for (const input of BUILD_INPUTS) {
    const path = join(dir, input);
    if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) {
      newest = Math.max(newest, mtime(path) || 0);
      continue;
    }
    for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, mtime(join(entry.parentPath, entry.name)) || 0);
    }
  }
  return newest;
}

/** Why `dir`'s out/ must be (re)built, or null when it is there and newer than every source. */
export function buildNeeded(dir = root) {
  const outputs = BUILD_OUTPUTS.map((p) => mtime(join(dir, p)));
  if (outputs.some((t) => Number.isNaN(t))) return 'out/ is missing';
  return newestInput(dir) > Math.min(...outputs) ? 'the sources changed since the last build' : null;
}

/** Builds out/ when it is missing or stale (see buildNeeded); false when the build failed. */
export function ensureBuilt() {
  const reason = buildNeeded();
  if (reason === null) return true;
  console.error(`Building Swarmdesk first (${reason})...`);
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const r = spawnSync(npx, ['electron-vite', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (r.status !== 0 || !BUILD_OUTPUTS.every((p) => existsSync(join(root, p)))) {
    console.error('The build failed; see above. Try `npm run build`.');
    return false;
  }
  return true;
}

export async function runWebMode() {
  if (!ensureBuilt()) process.exit(1);
  await import(pathToFileURL(join(root, 'out', 'main', 'serve.js')).href);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runOnSupportedNode();
  await runWebMode();
}
