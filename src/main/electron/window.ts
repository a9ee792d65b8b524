import { BrowserWindow } from 'electron';
import { APP_ENTRY_URL, mainWindowOptions } from './policy';

/** The one window, built from the tested options, showing app://swarmdesk/. */
export function createMainWindow(preloadPath: string): BrowserWindow {
  const win = new BrowserWindow(mainWindowOptions(preloadPath));
  win.once('ready-to-show', () => win.show());
  void win.loadURL(APP_ENTRY_URL);
  return win;
}
