import { BrowserWindow } from 'electron';
import { createLogger } from '../core';
import { APP_ENTRY_URL, mainWindowOptions } from './policy';

const log = createLogger('window');

/** The one window, built from the tested options, showing app://swarmdesk/. */
export function createMainWindow(preloadPath: string): BrowserWindow {
  const win = new BrowserWindow(mainWindowOptions(preloadPath));
  win.once('ready-to-show', () => win.show());
  void win.loadURL(APP_ENTRY_URL).catch((err: unknown) => log.error('the window did not load the app', { err }));
  return win;
}
