import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { geminiTrustsDefaults } from '../../../src/main/core/agents/sessionReports/geminiTrust';

/** Gemini CLI reads a system defaults file only when it and every folder above it are root's and writable by no one else. */
describe('geminiTrustsDefaults', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const file = (parent: string, mode = 0o700) => {
    const dir = mkdtempSync(join(parent, 'sd-gemini-trust-'));
    made.push(dir);
    chmodSync(dir, mode);
    const path = join(dir, 'defaults.json');
    writeFileSync(path, '{}', { mode: 0o600 });
    return { dir, path };
  };

  it('a file under a folder anyone may write to (/tmp) is not trusted', () => {
    expect(geminiTrustsDefaults(file(tmpdir()).path)).toBe(false);
  });

  it('a missing file is not trusted', () => {
    expect(geminiTrustsDefaults(join(tmpdir(), 'no-such-folder-sd', 'defaults.json'))).toBe(false);
  });

  // Only root owns its home: as anyone else, the file is the user's and never trusted (checked above by /tmp).
  it.runIf(process.getuid?.() === 0)("as root, a file in root's private folders is trusted until a folder above it is group-writable", () => {
    const cache = join(homedir(), '.cache');
    mkdirSync(cache, { recursive: true });
    const { dir, path } = file(cache);
    expect(geminiTrustsDefaults(path)).toBe(true);
    chmodSync(dir, 0o770);
    expect(geminiTrustsDefaults(path)).toBe(false);
  });

  it.runIf(process.getuid?.() !== 0)("a user's own file is not trusted (it is not root's)", () => {
    const cache = join(homedir(), '.cache');
    mkdirSync(cache, { recursive: true });
    expect(geminiTrustsDefaults(file(cache).path)).toBe(false);
  });
});
