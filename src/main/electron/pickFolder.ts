import { BrowserWindow, dialog } from 'electron';

/** The OS folder picker for "Browse…" in the new-session dialog, over the app's window; null when cancelled. */
export async function pickFolderNatively(defaultPath: string | undefined): Promise<string | null> {
  const options: Electron.OpenDialogOptions = { properties: ['openDirectory', 'createDirectory'], ...(defaultPath ? { defaultPath } : {}) };
  const win = BrowserWindow.getFocusedWindow();
  const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}
