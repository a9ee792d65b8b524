// The Electron entry (SPEC §3, §11): one sandboxed window on app://swarmdesk,
// the core behind per-channel IPC with sender checks, pushes per event name.
// Everything that is a rule lives in ./electron/policy.ts (unit tested); this
// file only wires it. Built by electron-vite to out/main/index.js.
import { app, dialog, ipcMain, type BrowserWindow } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore, type SwarmCore } from './core/app';
import { createLogger } from './core/logger';
import { resolveDataDir } from './core/store/dataDir';
import { acquireDataDirLock, type DataDirLock } from './core/store/dataDirLock';
import { ensurePrivateDataDir } from './core/store/privateFiles';
import { installHardening, openExternalSafely } from './electron/hardening';
import { notifyNatively, setBadgeNatively } from './electron/notifications';
import { pickFolderNatively } from './electron/pickFolder';
import { electronNativeBinding } from './electron/native';
import { registerAppSchemePrivileges, serveAppProtocol } from './electron/protocol';
import { electronSecretBox } from './electron/secrets';
import { trustOnlyWindow } from './electron/sender';
import { createMainWindow } from './electron/window';
import { forwardEvents, registerIpcChannels } from './transport/electron-ipc';

const log = createLogger('electron');
const here = dirname(fileURLToPath(import.meta.url)); // out/main
const RENDERER_DIR = join(here, '..', 'renderer');
const PRELOAD_PATH = join(here, '..', 'preload', 'index.cjs');

// Before `ready`: the privileged scheme, and sandboxing for every renderer.
registerAppSchemePrivileges();
app.enableSandbox();

let win: BrowserWindow | null = null;
let core: SwarmCore | null = null;
let lock: DataDirLock | null = null;

function showWindow(): void {
  if (win === null || win.isDestroyed()) {
    win = createMainWindow(PRELOAD_PATH);
    win.on('closed', () => {
      win = null;
    });
    return;
  }
  if (win.isMinimized()) win.restore();
  win.focus();
}

async function start(): Promise<void> {
  await app.whenReady();
  installHardening();
  serveAppProtocol(RENDERER_DIR);

  const dataDir = resolveDataDir(process.env, process.platform);
  // The same per-folder lock as web mode: the two exclude each other (the dialog below names the holder).
  ensurePrivateDataDir(dataDir);
  lock = acquireDataDirLock(dataDir, 'electron');
  process.on('exit', () => lock?.release());
  core = createCore({
    dataDir,
    env: process.env,
    version: app.getVersion(),
    nativeBinding: electronNativeBinding(app.getAppPath()),
    platform: {
      transport: 'electron',
      openExternal: openExternalSafely,
      secrets: electronSecretBox,
      pickFolder: pickFolderNatively,
      notify: (notification, onClick) => notifyNatively(showWindow, notification, onClick),
      setBadgeCount: setBadgeNatively,
    },
  });
  registerIpcChannels({
    ipcMain,
    router: core.router,
    isTrusted: trustOnlyWindow(() => (win !== null && !win.isDestroyed() ? win.webContents.id : null)),
  });
  forwardEvents(core.events, () => (win !== null && !win.isDestroyed() ? win.webContents : null));
  log.info('electron ready', { dataDir });
  showWindow();
}

// One running copy: a second launch focuses the first (one writer per database).
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => showWindow());
  app.on('activate', () => showWindow());
  app.on('window-all-closed', () => app.quit());

  let closed = false;
  app.on('will-quit', (event) => {
    if (closed || core === null) return;
    event.preventDefault();
    void core
      .close()
      .catch((err: unknown) => log.error('closing the core failed', { err }))
      .finally(() => {
        closed = true;
        lock?.release();
        app.quit();
      });
  });

  start().catch((err: unknown) => {
    log.error('start-up failed', { err });
    // Tell the user why (a database from a newer Swarmdesk, an unreadable data folder):
    // the core's start-up errors carry a message written for them.
    dialog.showErrorBox('Swarmdesk could not start', err instanceof Error ? err.message : String(err));
    app.exit(1);
  });
}
