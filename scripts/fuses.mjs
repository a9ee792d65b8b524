#!/usr/bin/env node
// Release fuses (SPEC §11): switches baked into the Electron binary that no
// runtime flag can undo. Use as an electron-builder `afterPack` hook
// (`"afterPack": "scripts/fuses.mjs"`), or by hand on a packaged binary:
//   node scripts/fuses.mjs <path to the app's Electron binary or .app>   (flip)
//   node scripts/fuses.mjs --check <path>                                  (print the wire)
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire } from '@electron/fuses';

/** What every release ships with. Every fuse is set explicitly (strict mode refuses gaps). */
export const FUSE_CONFIG = Object.freeze({
  version: FuseVersion.V1,
  strictlyRequireAllFuses: true,
  // `ELECTRON_RUN_AS_NODE=1 Swarmdesk` must not turn the app into a plain node with its privileges.
  [FuseV1Options.RunAsNode]: false,
  // NODE_OPTIONS=--require evil.js must not inject code.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  // --inspect / --inspect-brk must not open a debugger port into main.
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // The app.asar is checked against the hash embedded at package time (macOS and Windows
  // only: fuseConfigFor turns it off elsewhere)...
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  // ...and only the asar is loaded, so a loose `app/` folder beside it cannot replace the code.
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // Cookies (and other OS-keychain backed storage) are encrypted at rest.
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // The renderer comes from app://, never file://: file: gets no extra privileges.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  // Electron's default: V8 traps a WebAssembly out-of-bounds access with guard pages and a signal
  // handler instead of a bounds check on every access (fuse added by @electron/fuses 2.1).
  [FuseV1Options.WasmTrapHandlers]: true,
});

/** Where Electron checks the asar's embedded hash (its docs: macOS since 16, Windows since 30; not Linux). */
export const ASAR_INTEGRITY_PLATFORMS = Object.freeze(['darwin', 'win32']);

/**
 * The config for one target. Where Electron has no asar integrity check (Linux) the fuse stays at
 * Electron's default, off, rather than claim a check nothing performs (electron-builder embeds no
 * hash there either). macOS arm64 needs its ad-hoc signature redone after the binary changes.
 */
export function fuseConfigFor(platform, arch) {
  const config = { ...FUSE_CONFIG };
  if (!ASAR_INTEGRITY_PLATFORMS.includes(platform)) config[FuseV1Options.EnableEmbeddedAsarIntegrityValidation] = false;
  if (platform === 'darwin' && arch === 'arm64') config.resetAdHocDarwinSignature = true;
  return config;
}

export async function applyFuses(pathToElectron, platform = process.platform, arch = process.arch) {
  return flipFuses(pathToElectron, fuseConfigFor(platform, arch));
}

// electron-builder Arch enum: 0 ia32, 1 x64, 2 armv7l, 3 arm64, 4 universal.
const BUILDER_ARCH = ['ia32', 'x64', 'armv7l', 'arm64', 'universal'];

/** electron-builder afterPack hook. */
export default async function afterPack(context) {
  const platform = context.electronPlatformName;
  const name = context.packager.appInfo.productFilename;
  const binary =
    platform === 'darwin'
      ? join(context.appOutDir, `${name}.app`)
      : platform === 'win32'
        ? join(context.appOutDir, `${name}.exe`)
        : join(context.appOutDir, context.packager.executableName);
  await applyFuses(binary, platform, BUILDER_ARCH[context.arch] ?? process.arch);
}

async function cli(argv) {
  const check = argv[0] === '--check';
  const target = check ? argv[1] : argv[0];
  if (!target) {
    console.error('usage: node scripts/fuses.mjs [--check] <path to Electron binary or .app>');
    process.exit(2);
  }
  if (!check) await applyFuses(target);
  const wire = await getCurrentFuseWire(target);
  for (const [key, value] of Object.entries(wire)) {
    if (key === 'version') continue;
    const state = value === 48 ? 'off' : value === 49 ? 'on' : value === 114 ? 'removed' : String(value);
    console.log(`${FuseV1Options[Number(key)] ?? key}: ${state}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await cli(process.argv.slice(2));
}
