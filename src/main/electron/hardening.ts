import { app, session, shell, type WebContents } from 'electron';
import { createLogger } from '../core';
import { installPermissionRules } from './permissions';
import { decideNavigation, decideWindowOpen, safeExternalUrl } from './policy';

const log = createLogger('hardening');

/** Open an http(s) URL in the OS browser after re-parsing it; false when refused. */
export async function openExternalSafely(raw: string): Promise<boolean> {
  const url = safeExternalUrl(raw);
  if (url === null) {
    log.warn('refused to open an external URL', { url: raw.slice(0, 200) });
    return false;
  }
  try {
    await shell.openExternal(url);
    return true;
  } catch (err) {
    log.warn('openExternal failed', { err });
    return false;
  }
}

function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    const decision = decideNavigation(url);
    if (decision.openExternally !== null) void openExternalSafely(decision.openExternally);
    else log.warn('blocked a navigation', { url: url.slice(0, 200) });
  });
  contents.on('will-redirect', (event, url) => {
    event.preventDefault();
    log.warn('blocked a redirect', { url: url.slice(0, 200) });
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log.warn('blocked a webview');
  });
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    if (decision.openExternally !== null) void openExternalSafely(decision.openExternally);
    return { action: decision.action };
  });
}

/**
 * App-wide rules (SPEC §11), installed once after `ready`: every webContents
 * (ours and any other) refuses navigation, new windows and webviews, and the
 * session refuses every permission request and check but the app's own
 * clipboard writes (./permissions.ts).
 */
export function installHardening(): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  installPermissionRules(session.defaultSession);
}
