import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, describe, expect, it } from 'vitest';

const OFF = 48;
const ON = 49;

interface FusesScript {
  FUSE_CONFIG: Record<string | number, unknown>;
  ASAR_INTEGRITY_PLATFORMS: readonly string[];
  fuseConfigFor(platform: string, arch: string): Record<string | number, unknown>;
  applyFuses(path: string, platform?: string, arch?: string): Promise<number>;
}
const load = async (): Promise<FusesScript> =>
  (await import(/* @vite-ignore */ pathToFileURL(resolve('scripts/fuses.mjs')).href)) as FusesScript;

/** Every fuse the installed @electron/fuses knows, in wire order (a numeric enum maps both ways). */
const KNOWN_FUSES = Object.entries(FuseV1Options)
  .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
  .sort((a, b) => a[1] - b[1]);

/** Electron's own default for each fuse (its docs/tutorial/fuses.md); a fuse not listed here is new: off. */
const ELECTRON_DEFAULT_ON = new Set(['RunAsNode', 'EnableNodeOptionsEnvironmentVariable', 'EnableNodeCliInspectArguments', 'GrantFileProtocolExtraPrivileges', 'WasmTrapHandlers']);

const EXPECTED: Array<[keyof typeof FuseV1Options, boolean]> = [
  ['RunAsNode', false],
  ['EnableNodeOptionsEnvironmentVariable', false],
  ['EnableNodeCliInspectArguments', false],
  ['EnableEmbeddedAsarIntegrityValidation', true],
  ['OnlyLoadAppFromAsar', true],
  ['EnableCookieEncryption', true],
  ['GrantFileProtocolExtraPrivileges', false],
];

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/**
 * A stand-in Electron binary: junk, the fuse sentinel, wire version 1, then one byte per fuse the
 * installed @electron/fuses knows (a wire as long as the real one of the Electron it supports), each
 * in Electron's default state.
 */
function standInBinary(): string {
  const dir = mkdtempSync(join(tmpdir(), 'swarmdesk-fuses-'));
  dirs.push(dir);
  const file = join(dir, 'electron');
  const wire = Buffer.from(KNOWN_FUSES.map(([name]) => (ELECTRON_DEFAULT_ON.has(name) ? ON : OFF)));
  const sentinel = Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX');
  writeFileSync(file, Buffer.concat([Buffer.from('\x7fELF junk '), sentinel, Buffer.from([1, wire.length]), wire, Buffer.from(' tail')]));
  copyFileSync(file, `${file}.orig`);
  return file;
}

describe('release fuses (scripts/fuses.mjs)', () => {
  it('sets the fuses the security checklist asks for', async () => {
    const { FUSE_CONFIG } = await load();
    expect(FUSE_CONFIG.version).toBe(FuseVersion.V1);
    expect(FUSE_CONFIG.strictlyRequireAllFuses).toBe(true);
    for (const [name, value] of EXPECTED) expect(FUSE_CONFIG[FuseV1Options[name]], name).toBe(value);
  });

  it('sets every fuse the installed @electron/fuses knows (strict mode throws on a gap)', async () => {
    const { fuseConfigFor } = await load();
    expect(KNOWN_FUSES.length).toBeGreaterThanOrEqual(9); // 2.1 added WasmTrapHandlers
    for (const platform of ['linux', 'darwin', 'win32']) {
      const config = fuseConfigFor(platform, 'x64');
      for (const [name, index] of KNOWN_FUSES) expect(typeof config[index], `${platform}: ${name}`).toBe('boolean');
    }
  });

  it('checks the asar hash only where Electron implements the check (macOS, Windows)', async () => {
    const { fuseConfigFor, ASAR_INTEGRITY_PLATFORMS } = await load();
    const asar = FuseV1Options.EnableEmbeddedAsarIntegrityValidation;
    expect([...ASAR_INTEGRITY_PLATFORMS].sort()).toEqual(['darwin', 'win32']);
    expect(fuseConfigFor('darwin', 'arm64')[asar]).toBe(true);
    expect(fuseConfigFor('win32', 'x64')[asar]).toBe(true);
    expect(fuseConfigFor('linux', 'x64')[asar]).toBe(false);
    // The asar alone is still what loads on Linux.
    expect(fuseConfigFor('linux', 'x64')[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
  });

  it('re-signs only macOS arm64 builds', async () => {
    const { fuseConfigFor } = await load();
    expect(fuseConfigFor('darwin', 'arm64').resetAdHocDarwinSignature).toBe(true);
    expect(fuseConfigFor('linux', 'x64')).not.toHaveProperty('resetAdHocDarwinSignature');
  });

  it.each(['linux', 'darwin', 'win32'])('flips a full-length fuse wire with Electron defaults to the %s release values', async (platform) => {
    const file = standInBinary();
    const { applyFuses, ASAR_INTEGRITY_PLATFORMS } = await load();
    expect(await applyFuses(file, platform, 'x64')).toBe(1);
    const after = await getCurrentFuseWire(file);
    for (const [name, value] of EXPECTED) {
      const want = name === 'EnableEmbeddedAsarIntegrityValidation' ? value && ASAR_INTEGRITY_PLATFORMS.includes(platform) : value;
      expect(after[FuseV1Options[name]], name).toBe(want ? ON : OFF);
    }
    expect(after[FuseV1Options.WasmTrapHandlers]).toBe(ON);
    expect(readFileSync(file).length).toBe(readFileSync(`${file}.orig`).length);
  });
});
