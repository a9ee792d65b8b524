import { readdirSync, type Dirent } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** The Folder field shows this many suggestions at most. */
export const MAX_FOLDER_SUGGESTIONS = 50;
/** A folder with more entries than this is not read further (a suggestion list is not a file manager). */
const MAX_ENTRIES_READ = 5_000;

/**
 * `sessions:folderSuggestions`: what the user may mean by a partly typed folder path. The folders
 * inside the typed path's parent whose names start with its last part (`/home/me/pro` → the
 * folders in `/home/me` starting with `pro`; `/home/me/` → all of them), sorted, at most 50.
 * Hidden folders only when the part starts with a dot. A relative path, or a parent that cannot
 * be read, suggests nothing: the Folder check says what is wrong.
 */
export function folderSuggestions(raw: string, home: string = homedir()): string[] {
  const text = raw.trim();
  const expanded = text === '~' ? `${home}/` : text.startsWith('~/') ? `${home}${text.slice(1)}` : text;
  if (!isAbsolute(expanded)) return [];
  const endsWithSlash = expanded.endsWith('/');
  const parent = endsWithSlash ? resolve(expanded) : dirname(resolve(expanded));
  const part = endsWithSlash ? '' : expanded.slice(expanded.lastIndexOf('/') + 1);
  let entries: Dirent[];
  try {
    entries = readdirSync(parent, { withFileTypes: true }).slice(0, MAX_ENTRIES_READ);
  } catch {
    return [];
  }
  const showHidden = part.startsWith('.');
  return entries
    .filter((e) => e.isDirectory() && e.name.startsWith(part) && (showHidden || !e.name.startsWith('.')))
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b))
    .slice(0, MAX_FOLDER_SUGGESTIONS)
    .map((name) => join(parent, name));
}
