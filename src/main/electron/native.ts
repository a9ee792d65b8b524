import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * better-sqlite3 is built for Node in node_modules; `npm start` builds an
 * Electron copy at .native/electron/better_sqlite3.node (scripts/start.mjs).
 * Use it when present, else let better-sqlite3 find its own binding.
 */
export function electronNativeBinding(appRoot: string): string | undefined {
  const file = join(appRoot, '.native', 'electron', 'better_sqlite3.node');
  return existsSync(file) ? file : undefined;
}
