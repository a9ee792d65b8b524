import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { stopHost } from './support/server';

// The Electron security checklist (SPEC §11) checked in the real app. Runs
// where Electron's runtime is installed; elsewhere it is skipped and says so.

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** The installed runtime's binary, read as scripts/start.mjs does (`require('electron')` would start a download). */
function electronRuntime(): string | null {
  try {
    const electronDir = join(repoRoot, 'node_modules', 'electron');
    const path = join(electronDir, 'dist', readFileSync(join(electronDir, 'path.txt'), 'utf8'));
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const runtime = electronRuntime();
const noDisplay = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const SKIP_REASON = runtime === null ? 'skipped: Electron runtime not installed' : noDisplay ? 'skipped: no display for Electron (DISPLAY unset)' : null;
if (SKIP_REASON !== null) console.log(`electron-security.spec.ts: ${SKIP_REASON}`);

interface StartScript {
  ensureElectronNative(): string | null;
  ensureBuilt(): boolean;
}

test.describe('Electron window security', () => {
  test.skip(SKIP_REASON !== null, SKIP_REASON ?? '');

  let app: ElectronApplication;
  let page: Page;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(600_000); // a first run may build better-sqlite3 for Electron
    const start = (await import(pathToFileURL(join(repoRoot, 'scripts', 'start.mjs')).href)) as StartScript;
    const nativeError = start.ensureElectronNative();
    if (nativeError !== null) throw new Error(`better-sqlite3 for Electron: ${nativeError}`);
    if (!start.ensureBuilt()) throw new Error('electron-vite build failed');
    dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-electron-'));
    app = await electron.launch({
      executablePath: runtime ?? undefined,
      args: [repoRoot],
      cwd: repoRoot,
      env: { ...process.env, SWARMDESK_DATA_DIR: dataDir, SWARMDESK_AMBIENT_PROVIDER: 'offline', ELECTRON_RUN_AS_NODE: '' },
      timeout: 60_000,
    });
    page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
  });

  test.afterAll(async () => {
    await app?.close();
    // Quitting leaves the detached session host running (SPEC §5.1): end it before its folder goes.
    if (dataDir) await stopHost(dataDir);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** shell.openExternal in main, replaced by a recorder: a test must not open the OS browser. */
  async function recordOpenExternal(): Promise<void> {
    await app.evaluate(({ shell }) => {
      const g = globalThis as unknown as { __opened: string[] };
      g.__opened = [];
      shell.openExternal = async (url: string) => {
        g.__opened.push(url);
      };
    });
  }
  const openedExternally = () => app.evaluate(() => (globalThis as unknown as { __opened: string[] }).__opened);

  test('the page is served from app://swarmdesk, not file://', async () => {
    expect(page.url()).toMatch(/^app:\/\/swarmdesk\//);
  });

  test('webPreferences: sandbox, context isolation, no node integration', async () => {
    const prefs = await app.evaluate(({ BrowserWindow }) => {
      // getLastWebPreferences exists at runtime but is missing from Electron's typings.
      const wc = BrowserWindow.getAllWindows()[0]?.webContents as unknown as { getLastWebPreferences(): Record<string, unknown> } | undefined;
      const p = wc?.getLastWebPreferences();
      return p ? { sandbox: p.sandbox, contextIsolation: p.contextIsolation, nodeIntegration: p.nodeIntegration, webviewTag: p.webviewTag, webSecurity: p.webSecurity } : null;
    });
    expect(prefs).toEqual({ sandbox: true, contextIsolation: true, nodeIntegration: false, webviewTag: false, webSecurity: true });
  });

  test('the page sees no node, no Electron, only the contract bridge', async () => {
    const seen = await page.evaluate(() => {
      const w = globalThis as unknown as Record<string, unknown>;
      const bridge = w.swarmdesk as Record<string, unknown> | undefined;
      return {
        process: typeof w.process,
        require: typeof w.require,
        module: typeof w.module,
        bridgeKeys: bridge ? Object.keys(bridge).sort() : null,
      };
    });
    expect(seen).toEqual({ process: 'undefined', require: 'undefined', module: 'undefined', bridgeKeys: ['call', 'on'] });
  });

  test('the response carries the strict CSP, and inline script does not run', async () => {
    const ran = await page.evaluate(() => {
      interface Doc {
        createElement(tag: string): { textContent: string };
        head: { appendChild(node: unknown): void };
      }
      const g = globalThis as unknown as { document: Doc; __inlineRan?: boolean };
      const s = g.document.createElement('script');
      s.textContent = 'globalThis.__inlineRan = true';
      g.document.head.appendChild(s);
      return g.__inlineRan === true;
    });
    expect(ran).toBe(false);
  });

  test('navigation away and window.open are denied; a web link goes to the OS browser instead', async () => {
    await recordOpenExternal();
    const before = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length);
    // http(s): Chromium lets these reach will-navigate and the window-open handler (a file:// URL is blocked before either runs).
    await page.evaluate(() => {
      const g = globalThis as unknown as { open(url: string): unknown; location: { href: string } };
      g.open('https://example.org/opened');
      g.location.href = 'https://example.com/navigated';
    });
    await expect.poll(openedExternally).toEqual(expect.arrayContaining(['https://example.org/opened', 'https://example.com/navigated']));
    expect(page.url()).toMatch(/^app:\/\/swarmdesk\//);
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(before);
  });

  test('a file:// navigation and a javascript: window are refused without reaching the OS', async () => {
    await recordOpenExternal();
    await page.evaluate(() => {
      const g = globalThis as unknown as { open(url: string): unknown; location: { href: string } };
      g.open('javascript:alert(1)');
      g.location.href = 'file:///etc/passwd';
    });
    await page.waitForTimeout(500); // nothing to wait for: the assertion is that nothing happened
    expect(page.url()).toMatch(/^app:\/\/swarmdesk\//);
    expect(await openedExternally()).toEqual([]);
  });

  test('permissions: the clipboard write works, everything else is denied', async () => {
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.focus()); // writeText needs a focused document
    const seen = await page.evaluate(async () => {
      const nav = (globalThis as unknown as { navigator: { clipboard: { writeText(t: string): Promise<void>; readText(): Promise<string> }; permissions: { query(d: { name: string }): Promise<{ state: string }> } } }).navigator;
      const settle = (p: Promise<unknown>) => p.then(() => 'ok', () => 'rejected');
      return {
        write: await settle(nav.clipboard.writeText('swarmdesk clipboard check')),
        read: await settle(nav.clipboard.readText()),
        camera: (await nav.permissions.query({ name: 'camera' }).catch(() => ({ state: 'error' }))).state,
        geolocation: (await nav.permissions.query({ name: 'geolocation' }).catch(() => ({ state: 'error' }))).state,
      };
    });
    expect(seen).toEqual({ write: 'ok', read: 'rejected', camera: 'denied', geolocation: 'denied' });
    expect(await app.evaluate(({ clipboard }) => clipboard.readText())).toBe('swarmdesk clipboard check');
  });

  test('another webContents, even on app://swarmdesk with the preload, is refused by every channel', async () => {
    const preload = join(repoRoot, 'out', 'preload', 'index.cjs');
    const pages = app.waitForEvent('window');
    await app.evaluate(({ BrowserWindow }, preloadPath) => {
      const other = new BrowserWindow({ show: false, webPreferences: { preload: preloadPath, sandbox: true, contextIsolation: true } });
      void other.loadURL('app://swarmdesk/index.html');
    }, preload);
    const other = await pages;
    await other.waitForLoadState('domcontentloaded');
    const answer = await other.evaluate(async () => {
      const bridge = (globalThis as unknown as { swarmdesk: { call: Record<string, (i: unknown) => Promise<unknown>> } }).swarmdesk;
      return bridge.call['app:info']?.({});
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    await app.evaluate(({ BrowserWindow }) => {
      for (const w of BrowserWindow.getAllWindows().slice(1)) w.destroy();
    });
  });

  test('the bridge answers a contract call through the real core', async () => {
    const info = await page.evaluate(async () => {
      const bridge = (globalThis as unknown as { swarmdesk: { call: Record<string, (i: unknown) => Promise<unknown>> } }).swarmdesk;
      return bridge.call['app:info']?.({});
    });
    expect(info).toMatchObject({ ok: true, value: { transport: 'electron', dataDir } });
  });
});

/** A packaged build of this checkout (`npm run dist`), where one exists: its executable. */
function packagedBinary(): string | null {
  const candidates = [
    join(repoRoot, 'dist', 'linux-unpacked', 'swarmdesk'),
    join(repoRoot, 'dist', 'win-unpacked', 'Swarmdesk.exe'),
    join(repoRoot, 'dist', 'mac', 'Swarmdesk.app', 'Contents', 'MacOS', 'Swarmdesk'),
    join(repoRoot, 'dist', 'mac-arm64', 'Swarmdesk.app', 'Contents', 'MacOS', 'Swarmdesk'),
  ];
  return candidates.find((c) => existsSync(c)) ?? null;
}

test.describe('the packaged binary is fused', () => {
  const binary = packagedBinary();
  test.skip(binary === null, 'skipped: no packaged build under dist/ (npm run dist)');

  test('it cannot be run as node, take NODE_OPTIONS or --inspect, and loads the app from its asar only', async () => {
    // Read from the binary itself (no launch): @electron/fuses' own reader.
    const { getCurrentFuseWire, FuseV1Options, FuseState } = await import('@electron/fuses');
    const wire = await getCurrentFuseWire(binary ?? '');
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.DISABLE);
  });
});
