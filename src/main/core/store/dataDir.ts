import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';

/**
 * Where Swarmdesk keeps its data: `SWARMDESK_DATA_DIR` when set, else the
 * OS's per-user app data folder. Pure apart from the home-dir default, so
 * each platform's rule is testable anywhere.
 */
export function resolveDataDir(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  home: string = homedir(),
): string {
  const explicit = env.SWARMDESK_DATA_DIR?.trim();
  if (explicit) return explicit;
  if (platform === 'win32') {
    const appData = env.APPDATA?.trim() || win32.join(home, 'AppData', 'Roaming');
    return win32.join(appData, 'Swarmdesk');
  }
  const join = posix.join;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Swarmdesk');
  const xdg = env.XDG_DATA_HOME?.trim();
  // XDG says a relative XDG_DATA_HOME is invalid and must be ignored.
  if (xdg && xdg.startsWith('/')) return join(xdg, 'swarmdesk');
  return join(home, '.local', 'share', 'swarmdesk');
}

/** The database file inside a data folder. */
export const DB_FILE_NAME = 'swarmdesk.db';
export const BACKUP_DIR_NAME = 'backups';
