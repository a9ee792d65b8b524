import { lstatSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Whether Gemini CLI (0.61) will read a system defaults file at `file`. It reads one only when the file and
 * every folder above it are owned by root and writable by no group or other user (its
 * isFileAndDirectorySecureSync); otherwise it skips the file and shows the user a "Security Warning". So a
 * defaults file in a user's own data folder is trusted only when that user is root: elsewhere the shim does
 * not offer ours (no warning; the terminal's status then comes from terminal conventions and the process).
 */
export function geminiTrustsDefaults(file: string): boolean {
  try {
    if (!trusted(statSync(file))) return false;
    for (let dir = dirname(resolve(file)); ; dir = dirname(dir)) {
      if (!trusted(lstatSync(dir))) return false;
      if (dirname(dir) === dir) return true;
    }
  } catch {
    return false;
  }
}

/** Root's and writable by no group or other (Gemini's checkPosixStatsSecurity). */
function trusted(stats: { uid: number; mode: number }): boolean {
  return stats.uid === 0 && (stats.mode & 0o022) === 0;
}
