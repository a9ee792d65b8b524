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
  fuseConfigFor(platform: string, arch: string): Record<string, unknown>;
  applyFuses(path: string, platform?: string, arch?: string): Promise<number>;
}
const load = async (): Promise<FusesScript> =>
  (await import(/* @vite-ignore */ pathToFileURL(resolve('scripts/fuses.mjs')).href)) as FusesScript;

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

describe('release fuses (scripts/fuses.mjs)', () => {
  it('sets the fuses the security checklist asks for', async () => {
    const { FUSE_CONFIG } = await load();
    expect(FUSE_CONFIG.version).toBe(FuseVersion.V1);
    expect(FUSE_CONFIG.strictlyRequireAllFuses).toBe(true);
    for (const [name, value] of EXPECTED) expect(FUSE_CONFIG[FuseV1Options[name]], name).toBe(value);
  });

  it('re-signs only macOS arm64 builds', async () => {
    const { fuseConfigFor } = await load();
    expect(fuseConfigFor('darwin', 'arm64').resetAdHocDarwinSignature).toBe(true);
    expect(fuseConfigFor('linux', 'x64')).not.toHaveProperty('resetAdHocDarwinSignature');
  });

  it('flips a binary whose fuse wire has Electron defaults to the release values', async () => {
    // A stand-in binary: junk, the fuse sentinel, wire version 1, 8 fuses in their
    // Electron-default states (RunAsNode on, cookie encryption off, NODE_OPTIONS on, ...).
    const dir = mkdtempSync(join(tmpdir(), 'swarmdesk-fuses-'));
    dirs.push(dir);
    const file = join(dir, 'electron');
    const wire = Buffer.from([ON, OFF, ON, ON, OFF, OFF, OFF, ON]);
    writeFileSync(file, Buffer.concat([Buffer.from('\x7fELF junk '), Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, 8]), wire, Buffer.from(' tail')]));
    copyFileSync(file, `${file}.orig`);
    const { applyFuses } = await load();
    expect(await applyFuses(file, 'linux', 'x64')).toBe(1);
    const after = await getCurrentFuseWire(file);
    for (const [name, value] of EXPECTED) expect(after[FuseV1Options[name]], name).toBe(value ? ON : OFF);
    expect(readFileSync(file).length).toBe(readFileSync(`${file}.orig`).length);
  });
});
