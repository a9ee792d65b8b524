import { spawn } from 'node:child_process';
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { GitRepo } from './repo';

/*
 * Making a new worktree ready: the ignored files the work needs (copied by the
 * repository's patterns) and the optional setup command (bounded, output clipped).
 */

/** Copies the base checkout's ignored files that match `patterns` into `worktree`; returns the copied paths. */
export async function copyIgnoredFiles(base: GitRepo, worktree: string, patterns: readonly string[]): Promise<string[]> {
  const files = await base.ignoredFiles(patterns);
  const copied: string[] = [];
  for (const rel of files) {
    const to = join(worktree, rel);
    await mkdir(dirname(to), { recursive: true });
    await copyFile(join(base.dir, rel), to);
    copied.push(rel);
  }
  return copied;
}

export const SETUP_TIMEOUT_MS = 15 * 60_000;
/** How much of the setup command's output a note keeps (its tail). */
export const SETUP_OUTPUT_CHARS = 8_000;

export interface SetupResult {
  /** Exit code, or null when it was stopped (timeout) or could not start. */
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  /** The combined output's tail (clipped to SETUP_OUTPUT_CHARS, with a marker when clipped). */
  readonly output: string;
}

/** Runs the user's setup command through their shell in `cwd` (its own process group, killed at the bound). */
export function runSetupCommand(command: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs = SETUP_TIMEOUT_MS): Promise<SetupResult> {
  return new Promise((resolvePromise) => {
    let output = '';
    let clipped = false;
    const add = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (output.length > SETUP_OUTPUT_CHARS * 2) {
        output = output.slice(-SETUP_OUTPUT_CHARS);
        clipped = true;
      }
    };
    const shell = env.SHELL && env.SHELL.startsWith('/') ? env.SHELL : '/bin/sh';
    const child = spawn(shell, ['-c', command], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.stdout.on('data', add);
    child.stderr.on('data', add);
    const done = (exitCode: number | null, extra = ''): void => {
      clearTimeout(timer);
      if (output.length > SETUP_OUTPUT_CHARS) {
        output = output.slice(-SETUP_OUTPUT_CHARS);
        clipped = true;
      }
      resolvePromise({ exitCode, timedOut, output: (clipped ? '…(earlier output clipped)\n' : '') + output + extra });
    };
    child.on('error', (err) => done(null, `\n${err.message}`));
    child.on('close', (code) => done(code));
  });
}
