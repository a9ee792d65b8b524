import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { isShellName } from '../../../../shared/terminalCommand';

/**
 * What the core can learn about a PTY from outside it: which process group
 * holds the terminal (is the shell at its prompt, or is a command running?)
 * and whether the terminal echoes what is typed (a password prompt does not).
 */

/** How long one `stty` may take before the answer counts as unknown. */
export const STTY_TIMEOUT_MS = 1_000;

export interface ForegroundState {
  /** The shell's own process group id. */
  readonly pgid: number;
  /** The process group in the terminal's foreground (`tpgid`). */
  readonly tpgid: number;
}

/**
 * Linux: fields 5 (pgrp) and 8 (tpgid) of `/proc/<pid>/stat`, counted after the
 * command name, which may itself hold spaces and parentheses. Null where there
 * is no /proc or the process is gone.
 */
export async function readForeground(pid: number): Promise<ForegroundState | null> {
  if (process.platform !== 'linux') return null;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pgid = Number(fields[2]);
    const tpgid = Number(fields[5]);
    return Number.isInteger(pgid) && Number.isInteger(tpgid) ? { pgid, tpgid } : null;
  } catch {
    return null;
  }
}

/** Who takes a line typed now: the shell at its prompt, or a program running in the terminal. */
export type LineTaker = 'shell' | 'program';

/**
 * Linux: a job in the terminal's foreground (Python at `input()`, a REPL, an agent CLI started from the
 * shell) takes what is typed, as does the terminal's own process when it is no shell (`bash -c codex`
 * became codex). Null where it cannot be read (no /proc): callers take the line as the shell's.
 */
export async function readLineTaker(pid: number): Promise<LineTaker | null> {
  const foreground = await readForeground(pid);
  if (!foreground) return null;
  if (foreground.tpgid > 0 && foreground.tpgid !== foreground.pgid) return 'program';
  try {
    return isShellName((await readFile(`/proc/${pid}/comm`, 'utf8')).trim()) ? 'shell' : 'program';
  } catch {
    return null;
  }
}

export type EchoState =
  /** The terminal echoes input, or the program draws what is typed itself (raw mode: readline, editors). */
  | 'shown'
  /** Canonical mode without echo: a password prompt (`read -s`, sudo, ssh). */
  | 'hidden'
  /** Could not tell (no stty, timed out): treated as hidden by callers that keep text. */
  | 'unknown';

/**
 * Reads the slave's termios with `stty -a` (bounded). Readline and full-screen
 * programs turn ECHO off and draw the keys themselves, with ICANON off too; a
 * password prompt turns ECHO off and keeps ICANON on. So: hidden when ECHO is
 * off while ICANON is on.
 */
export function readEcho(ptsName: string): Promise<EchoState> {
  if (process.platform === 'win32') return Promise.resolve('shown');
  const args = process.platform === 'linux' ? ['-a', '-F', ptsName] : ['-a', '-f', ptsName];
  return new Promise((resolve) => {
    execFile('stty', args, { timeout: STTY_TIMEOUT_MS, encoding: 'utf8' }, (err, stdout) => {
      if (err) {
        resolve('unknown');
        return;
      }
      resolve(echoFromStty(stdout));
    });
  });
}

/** Parse `stty -a` output (GNU or BSD): the flags are words, `-name` when off. */
export function echoFromStty(output: string): EchoState {
  const words = new Set(output.split(/[\s;]+/));
  const echo = words.has('echo') ? true : words.has('-echo') ? false : null;
  const canonical = words.has('icanon') ? true : words.has('-icanon') ? false : null;
  if (echo === null || canonical === null) return 'unknown';
  return !echo && canonical ? 'hidden' : 'shown';
}
