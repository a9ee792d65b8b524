import type { BrowserWindowConstructorOptions } from 'electron';
// The one rule for URLs handed to the OS browser lives in the core (the
// `app:openExternal` channel uses it too); navigation and window.open reuse it.
import { safeExternalUrl } from '../core';

export { safeExternalUrl };

/**
 * The Electron security rules (SPEC §11) as pure functions, so each is unit
 * tested without an Electron runtime. The files that touch Electron only wire
 * these into events. Type imports only: nothing here loads electron.
 */

export const APP_SCHEME = 'app';
export const APP_HOST = 'swarmdesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;
/** Windows groups and shows toasts by this id: electron-builder.yml's appId (the installer registers it). */
export const APP_USER_MODEL_ID = 'dev.swarmdesk.app';

/** What the window's options depend on: a release build, and the OS. */
export interface BuildFacts {
  /** `app.isPackaged`: a release build has no DevTools. */
  readonly packaged: boolean;
  readonly platform: NodeJS.Platform;
}

/**
 * The one window's options: sandboxed, isolated, no node, no webview; DevTools
 * only in development; spellcheck only on macOS, whose spellchecker is the
 * OS's own (elsewhere Chromium downloads Hunspell dictionaries from a CDN).
 */
export function mainWindowOptions(preloadPath: string, build: BuildFacts): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Swarmdesk',
    webPreferences: {
      preload: preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      devTools: !build.packaged,
      spellcheck: build.platform === 'darwin',
    },
  };
}

/** True for a URL of our own renderer: `app://swarmdesk/...`, nothing else. */
export function isAppUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && url.username === '' && url.password === '';
}

export interface NavigationDecision {
  /** Always false: the window never leaves the app. */
  readonly allow: false;
  /** An http(s) link the user clicked, to hand to the OS browser; else null. */
  readonly openExternally: string | null;
}

/** `will-navigate` / `will-redirect`: stay put; a web link opens outside. */
export function decideNavigation(url: string): NavigationDecision {
  return { allow: false, openExternally: safeExternalUrl(url) };
}

/** `setWindowOpenHandler`: never a new Electron window; a web link opens outside. */
export function decideWindowOpen(url: string): { readonly action: 'deny'; readonly openExternally: string | null } {
  return { action: 'deny', openExternally: safeExternalUrl(url) };
}

/** Who asks for a permission: the requesting frame's URL (or origin) and whether it is the top frame. */
export interface PermissionAsker {
  readonly requestingUrl: string | undefined;
  readonly isMainFrame: boolean;
}

/** The one permission granted: writing sanitized text to the clipboard (Copy buttons, the terminal's copy). */
const GRANTED_TO_APP = new Set(['clipboard-sanitized-write']);

/**
 * Every permission (camera, notifications, clipboard-read, ...) is refused,
 * except clipboard writes asked by our own renderer's top frame
 * (`app://swarmdesk`): without that `navigator.clipboard.writeText` rejects.
 */
export function decidePermission(permission: string, asker: PermissionAsker): boolean {
  if (!GRANTED_TO_APP.has(permission)) return false;
  // A check handler may be given the bare origin, `app://swarmdesk`, which isAppUrl accepts too.
  return asker.isMainFrame && asker.requestingUrl !== undefined && isAppUrl(asker.requestingUrl);
}

/** The facts about an IPC message's sender the trust decision needs. */
export interface SenderFacts {
  /** webContents.id of the sender; compared with our window's. */
  readonly webContentsId: number;
  /** Whether the sending frame is that webContents' main (top) frame. */
  readonly isMainFrame: boolean;
  /** The sending frame's URL; null when the frame is gone. */
  readonly frameUrl: string | null;
}

/** An IPC message is served only from our window's top frame showing our renderer. */
export function isTrustedSender(facts: SenderFacts, ourWebContentsId: number | null): boolean {
  if (ourWebContentsId === null || facts.webContentsId !== ourWebContentsId) return false;
  if (!facts.isMainFrame || facts.frameUrl === null) return false;
  return isAppUrl(facts.frameUrl);
}

/**
 * Whether safeStorage really encrypts. On Linux without a keyring Electron
 * falls back to `basic_text` (a hard-coded key): "available" but not secret,
 * so keys are then treated, and shown, as stored unencrypted.
 */
export function safeStorageReallyEncrypts(platform: NodeJS.Platform, available: boolean, linuxBackend: () => string): boolean {
  if (!available) return false;
  if (platform !== 'linux') return true;
  const backend = linuxBackend();
  return backend !== 'basic_text' && backend !== 'unknown';
}
