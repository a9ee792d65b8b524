import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Static checks that the Electron entry wires the tested policy pieces and
// nothing bypasses them. Reads source files (and the built preload when present).

const read = (p: string): string => readFileSync(p, 'utf8');
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}
const mainFiles = filesUnder('src/main');
const entry = read('src/main/index.ts');

describe('Electron entry wiring (SPEC §11)', () => {
  it('creates windows only through the tested options', () => {
    const creators = mainFiles.filter((f) => /new BrowserWindow\(/.test(read(f)));
    expect(creators).toEqual(['src/main/electron/window.ts']);
    expect(read('src/main/electron/window.ts')).toMatch(/new BrowserWindow\(mainWindowOptions\(preloadPath, \{ packaged: app\.isPackaged, platform: process\.platform \}\)\)/);
    expect(read('src/main/electron/window.ts')).toMatch(/loadURL\(APP_ENTRY_URL\)/);
  });

  it('registers the app:// scheme before ready, sandboxes everything, installs the hardening', () => {
    expect(entry.indexOf('registerAppSchemePrivileges()')).toBeGreaterThan(-1);
    expect(entry.indexOf('registerAppSchemePrivileges()')).toBeLessThan(entry.indexOf('await app.whenReady()'));
    expect(entry).toMatch(/app\.enableSandbox\(\)/);
    expect(entry).toMatch(/installHardening\(\)/);
    expect(entry).toMatch(/serveAppProtocol\(/);
    expect(entry).toMatch(/registerIpcChannels\(\{[\s\S]*isTrusted: trustOnlyWindow\(/);
  });

  it('the session host takes the data folder lock before the core opens the store; fronts never open the core', () => {
    const host = read('src/main/host/runHost.ts');
    const lockAt = host.indexOf("acquireDataDirLock(opts.dataDir, 'host')");
    expect(lockAt).toBeGreaterThan(-1);
    expect(lockAt).toBeLessThan(host.indexOf('createCore('));
    expect(host).toMatch(/lock\.release\(\)/);
    // The desktop app and web mode are fronts: they hold no session state (SPEC §5.1).
    for (const front of ['src/main/index.ts', 'src/main/serve.ts']) {
      expect(read(front), front).not.toMatch(/createCore\(|acquireDataDirLock\(/);
    }
    expect(entry).toMatch(/runHost\(/); // the app's own binary is the host in `--swarmdesk-host` mode
  });

  it('has no file:// loading, no generic IPC, no sendSync, no remote module anywhere in main or preload', () => {
    for (const f of [...mainFiles, ...filesUnder('src/preload')]) {
      const text = read(f);
      expect(text, f).not.toMatch(/loadFile\(|file:\/\/\/?\$\{|ipcMain\.on\(|sendSync|@electron\/remote|enableRemoteModule/);
    }
  });

  it('the core never reaches shell.openExternal except through the re-parsing helper', () => {
    const callers = mainFiles.filter((f) => /shell\.openExternal\(/.test(read(f)));
    expect(callers).toEqual(['src/main/electron/hardening.ts']);
    expect(read('src/main/electron/hardening.ts')).toMatch(/const url = safeExternalUrl\(raw\);[\s\S]*shell\.openExternal\(url\)/);
    // The host asks the window's front to open a URL; the front answers through the same helper.
    expect(read('src/main/electron/frontAbilities.ts')).toMatch(/case 'openExternal':\s*return typeof args\[0\] === 'string' \? openExternalSafely\(args\[0\]\)/);
    expect(entry).toMatch(/electronAbilityHandler\(/);
  });

  // `npm test` builds first; a bare unit run without out/ reports this one as skipped.
  const built = 'out/preload/index.cjs';
  it.skipIf(!existsSync(built))('the built preload requires nothing but electron (sandboxed preloads cannot)', () => {
    const requires = [...read(built).matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect([...new Set(requires)]).toEqual(['electron']);
  });
});
