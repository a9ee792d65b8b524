#!/usr/bin/env node
// `npm run serve -- [--port N] [--data-dir DIR]`: web mode (SPEC §5).
// Builds the renderer when out/renderer/index.html is missing, then runs
// src/main/serve.ts in this same process through tsx (so signals reach it
// directly and there is no orphan to clean up). Build output goes to stderr:
// stdout carries only the `serving ...` line.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export function ensureRendererBuilt() {
  if (existsSync(join(root, 'out', 'renderer', 'index.html'))) return true;
  console.error('Building the renderer first (out/renderer is missing)...');
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const r = spawnSync(npx, ['electron-vite', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (r.status !== 0 || !existsSync(join(root, 'out', 'renderer', 'index.html'))) {
    console.error('The build failed; see above. Try `npm run build`.');
    return false;
  }
  return true;
}

export async function runWebMode() {
  if (!ensureRendererBuilt()) process.exit(1);
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'src', 'main', 'serve.ts')).href);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runWebMode();
}
