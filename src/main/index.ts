// The Electron entry (SPEC §3, §5.1, §11). Run with `--swarmdesk-host` it is
// the data folder's session host (no window; the release fuses stay as they
// are, RunAsNode off: the app's own binary is the host). Otherwise it is a
// front: one sandboxed window on app://swarmdesk whose per-channel IPC (sender
// checked) goes to the host over its socket, starting the host when none runs.
// Quitting leaves the host and its agents running unless the setting says
// otherwise; "Quit and Stop Agents" ends them. Rules live in ./electron/.
import { app, dialog, ipcMain, Menu, Notification, safeStorage, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUNDLED_SCRIPTS, createLogger, ensurePrivateDataDir, HOST_FLAG, isBundledScript, resolveDataDir, RUN_SCRIPT_FLAG } from './core';
import { electronAbilityHandler, ELECTRON_ABILITIES } from './electron/frontAbilities';
import { installHardening } from './electron/hardening';
import { frontCommand, handActivateToFront } from './electron/hostHandoff';
import { electronNativeBinding } from './electron/native';
import { viewMenu } from './electron/menus';
import { APP_USER_MODEL_ID } from './electron/policy';
import { registerAppSchemePrivileges, serveAppProtocol } from './electron/protocol';
import { openElectronSecretBox } from './electron/secrets';
import { trustOnlyWindow } from './electron/sender';
import { logChildProcessGone, watchRenderer } from './electron/rendererRecovery';
import { quitAndStopAgentsAction } from './electron/quitAndStop';
import { installQuitStep, QUIT_STEP_LIMIT_MS } from './electron/quitStep';
import { createMainWindow } from './electron/window';
import { createWindowGate } from './electron/windowGate';
import { parseHostArgs } from './host/hostArgs';
import { runHost } from './host/runHost';
import { HostRefusedError } from './transport/socket/hostClient';
import { describeHost, stopHost } from './transport/socket/hostControl';
import { contractFingerprint, olderContractFingerprints, settingsEnvDigest } from './transport/socket/hostFiles';
import { HostLink } from './transport/socket/hostLink';
import { forwardEvents, registerIpcChannels } from './transport/electron-ipc';

const log = createLogger('electron');
const here = dirname(fileURLToPath(import.meta.url)); // out/main
const RENDERER_DIR = join(here, '..', 'renderer');
const PRELOAD_PATH = join(here, '..', 'preload', 'index.cjs');

// First: a bundled script an agent runs through this binary (the release build's RunAsNode fuse is off, so
// `ELECTRON_RUN_AS_NODE=1 <app> script.js` would start the app instead; agents/sessionReports/scriptCommand.ts).
if (process.argv.includes(RUN_SCRIPT_FLAG)) runBundledScript();
else if (process.argv.includes(HOST_FLAG)) runAsHost();
else runAsFront();

/**
 * `<app> --swarmdesk-run <name> <args…>`: the hook reporter or the MCP server (an allowlist), imported from its
 * bundle file beside this one with `process.argv` as Node would give it (`[binary, script, args…]`). No window,
 * no dock icon, no single-instance lock, no `ready` awaited: the script exits on its own terms.
 */
function runBundledScript(): void {
  const at = process.argv.indexOf(RUN_SCRIPT_FLAG);
  const name = process.argv[at + 1];
  if (!isBundledScript(name)) return app.exit(2);
  app.dock?.hide();
  app.disableHardwareAcceleration(); // no GPU process for a script
  const script = join(here, BUNDLED_SCRIPTS[name].built);
  process.argv = [process.execPath, script, ...process.argv.slice(at + 2)];
  import(pathToFileURL(script).href).catch(() => app.exit(1));
}

/** The session host from the app's own binary: no window, no dock icon, no single-instance lock. */
function runAsHost(): void {
  const args = parseHostArgs(process.argv.slice(process.argv.indexOf(HOST_FLAG) + 1));
  app.dock?.hide();
  app.on('window-all-closed', () => undefined); // there are none; the host lives on its own terms
  // macOS counts the host as the running app: a Dock click may reach it, so it starts a window (a front).
  if (process.platform === 'darwin')
    handActivateToFront(app, {
      log: createLogger('host-handoff'),
      launchFront: () => {
        const front = frontCommand(process.execPath, app.getAppPath(), app.isPackaged);
        spawn(front.command, front.args, { detached: true, stdio: 'ignore', env: process.env }).unref();
      },
    });
  app
    .whenReady()
    .then(() => openElectronSecretBox(safeStorage, process.platform))
    .then((secrets) =>
      runHost({
        dataDir: args.dataDir,
        env: process.env,
        version: app.getVersion(),
        nativeBinding: electronNativeBinding(app.getAppPath()),
        secrets,
        reportFd: args.reportFd,
        unlessStoppedSince: args.unlessStoppedSince,
        appRoot: app.getAppPath(),
      }),
    )
    .catch(() => app.exit(1));
}

function runAsFront(): void {
  // Before `ready`: the privileged scheme, and sandboxing for every renderer.
  registerAppSchemePrivileges();
  app.enableSandbox();
  // Windows shows no toast for an app without one.
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);

  let win: BrowserWindow | null = null;
  let link: HostLink | null = null;
  const dataDir = resolveDataDir(process.env, process.platform);
  // The window gets the output of the terminals it opened only, as a browser page does (not forty terminals' for the one it shows).
  const me = {
    kind: 'electron' as const,
    version: app.getVersion(),
    protocol: contractFingerprint(),
    olderProtocols: [...olderContractFingerprints().keys()],
    url: null,
    env: settingsEnvDigest(process.env),
    terminalOutput: 'opened' as const,
    streaming: 'opened' as const,
  };

  const rendererGaveUp = (reason: string): void => {
    void dialog.showMessageBox({
      type: 'error',
      message: 'Swarmdesk’s window keeps failing.',
      detail: `Its page stopped (${reason}) several times in a few minutes. Your agents keep running; quit Swarmdesk and open it again.`,
    });
  };
  const showWindow = (): void => {
    if (win === null || win.isDestroyed()) {
      win = createMainWindow(PRELOAD_PATH);
      watchRenderer(win, { log, giveUp: rendererGaveUp });
      win.on('closed', () => {
        win = null;
      });
      return;
    }
    if (win.isMinimized()) win.restore();
    win.focus();
  };
  // Nothing opens a window before the IPC handlers exist (start() opens the gate right after registering them).
  const windowGate = createWindowGate(showWindow);
  const webContents = () => (win !== null && !win.isDestroyed() ? win.webContents : null);

  const quitAndStopAgents = quitAndStopAgentsAction({
    stopHost: () => stopHost(dataDir, { ...me, kind: 'cli' }),
    showProgress: (busy) => {
      const w = win !== null && !win.isDestroyed() ? win : null;
      w?.setTitle(busy ? 'Swarmdesk — Stopping agents…' : 'Swarmdesk');
      w?.setProgressBar(busy ? 2 : -1, { mode: busy ? 'indeterminate' : 'none' }); // above 1: indeterminate
    },
    tellOutcome: (line) => {
      if (Notification.isSupported()) new Notification({ title: 'Swarmdesk', body: line }).show();
    },
    askAfterFailure: async (message) => {
      const { response } = await dialog.showMessageBox({
        type: 'error',
        message: 'The agents could not be stopped.',
        detail: `${message}\n\nQuit Anyway asks the session host to stop once more as Swarmdesk quits.`,
        buttons: ['Stay', 'Quit Anyway'],
        defaultId: 0,
        cancelId: 0,
      });
      return response === 1 ? 'quit' : 'stay';
    },
    quit: () => {
      stopOnQuit = true;
      app.quit();
    },
    log,
  });
  let stopOnQuit = false;

  const installMenu = (): void => {
    const quitItems: MenuItemConstructorOptions[] = [{ label: 'Quit and Stop Agents', click: () => void quitAndStopAgents() }, { role: 'quit' }];
    const template: MenuItemConstructorOptions[] = [
      ...(process.platform === 'darwin' ? [{ label: app.name, submenu: [{ role: 'about' as const }, { type: 'separator' as const }, ...quitItems] }] : []),
      { label: 'File', submenu: process.platform === 'darwin' ? [{ role: 'close' }] : quitItems },
      { role: 'editMenu' },
      viewMenu(app.isPackaged),
      { role: 'windowMenu' },
    ];
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  };

  /** A host built from another contract: ask before restarting it (its agents would stop). */
  const askToRestartHost = async (err: HostRefusedError): Promise<boolean> => {
    const status = await describeHost(dataDir, { ...me, kind: 'cli' });
    const agents = status.status?.liveAgents ?? 0;
    const { response } = await dialog.showMessageBox({
      type: 'question',
      message: `The session host runs Swarmdesk ${err.hostVersion}; this window is ${me.version}.`,
      detail: `A window talks only to a host of its own version. Restarting the host ends its ${agents} running agent${agents === 1 ? '' : 's'}.`,
      buttons: ['Restart Host Now', 'Restart When Agents Are Idle', 'Quit'],
      defaultId: 1,
      cancelId: 2,
    });
    if (response === 2) return false;
    if (response === 1) {
      for (;;) {
        const now = await describeHost(dataDir, { ...me, kind: 'cli' });
        if (now.status === null || now.status.liveAgents === 0) break;
        await new Promise((r) => setTimeout(r, 5_000));
      }
    }
    await stopHost(dataDir, { ...me, kind: 'cli' });
    return true;
  };

  const start = async (): Promise<void> => {
    await app.whenReady();
    installHardening();
    serveAppProtocol(RENDERER_DIR);
    installMenu();
    ensurePrivateDataDir(dataDir);
    const options = {
      dataDir,
      me,
      abilities: {
        has: ELECTRON_ABILITIES,
        handle: electronAbilityHandler(() => windowGate.request(), (sessionId) => webContents()?.send('app:openSession', { sessionId })),
      },
      // The host is this binary again; Chromium switches the window was started with (a container's --no-sandbox) go along.
      host: {
        command: process.execPath,
        args: [
          ...(app.isPackaged ? [] : [app.getAppPath()]),
          ...process.argv.filter((a) => a === '--no-sandbox' || a === '--disable-gpu'),
          '--js-flags=--max-semi-space-size=4', // as web mode's host: a small young generation under live output
          HOST_FLAG,
        ],
        env: process.env,
      },
      log,
    };
    link = new HostLink(options);
    for (;;) {
      try {
        await link.open();
        break;
      } catch (err) {
        if (!(err instanceof HostRefusedError && err.code === 'VERSION_MISMATCH')) throw err;
        if (!(await askToRestartHost(err))) return app.exit(0);
      }
    }
    const current = link;
    const differs = current.current()?.welcome.envDiffers ?? [];
    if (differs.length > 0 && Notification.isSupported()) {
      // Once per start: the host keeps the environment it was started with.
      new Notification({
        title: 'Swarmdesk',
        body: `The session host keeps the settings it was started with; these differ here: ${differs.join(', ')}. Quit and Stop Agents, then start again to apply them.`,
      }).show();
    }
    registerIpcChannels({ ipcMain, router: current, isTrusted: trustOnlyWindow(() => webContents()?.id ?? null) });
    forwardEvents(current, webContents);
    log.info('electron front ready', { dataDir, host: current.current()?.welcome.pid });
    windowGate.open();
  };

  // One window per app instance: a second launch focuses the first.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', () => windowGate.request());
  app.on('activate', () => windowGate.request());
  app.on('window-all-closed', () => app.quit());
  logChildProcessGone(app, log);

  installQuitStep(app, {
    limitMs: QUIT_STEP_LIMIT_MS,
    log,
    step: () => {
      const current = link;
      if (current === null) return null;
      return async () => {
        const settings = await current.handle('host:settings', {}, { transport: 'electron' });
        const stopAgents = stopOnQuit || (settings.ok && (settings.value as { stopAgentsOnQuit: boolean }).stopAgentsOnQuit);
        const agents = (await current.current()?.status())?.liveAgents ?? 0;
        await current.leave(stopAgents);
        if (!stopAgents && agents > 0 && Notification.isSupported()) {
          new Notification({ title: 'Swarmdesk', body: `${agents} agent${agents === 1 ? ' keeps' : 's keep'} running; Swarmdesk will show them when you come back.` }).show();
        }
      };
    },
  });

  start().catch((err: unknown) => {
    log.error('start-up failed', { err });
    // The host's start-up errors (a database from a newer Swarmdesk, an unreadable data folder) are written for the user.
    dialog.showErrorBox('Swarmdesk could not start', err instanceof Error ? err.message : String(err));
    app.exit(1);
  });
}
