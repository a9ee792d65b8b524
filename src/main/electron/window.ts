import { app, BrowserWindow, Menu } from 'electron';
import { createLogger } from '../core';
import { contextMenuTemplate } from './menus';
import { APP_ENTRY_URL, mainWindowOptions } from './policy';

const log = createLogger('window');

/** The one window, built from the tested options, showing app://swarmdesk/. */
export function createMainWindow(preloadPath: string): BrowserWindow {
  const win = new BrowserWindow(mainWindowOptions(preloadPath, { packaged: app.isPackaged, platform: process.platform }));
  win.once('ready-to-show', () => win.show());
  // Right-click copy and paste where the page shows no menu of its own (its own rows' menus prevent this event).
  win.webContents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate(params, (word) => win.webContents.replaceMisspelling(word));
    if (template.length > 0) Menu.buildFromTemplate(template).popup({ window: win });
  });
  void win.loadURL(APP_ENTRY_URL).catch((err: unknown) => log.error('the window did not load the app', { err }));
  return win;
}
