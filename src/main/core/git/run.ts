import { execFile } from 'node:child_process';

/*
 * The one way Swarmdesk runs the system `git`: execFile with an argument array
 * (never a shell), `-C <dir>`, no terminal prompt, a time bound per call, and a
 * typed error carrying the command, exit code and stderr.
 */

/** Default bound for one git call; long ones (worktree add with a big checkout) pass their own. */
export const GIT_TIMEOUT_MS = 30_000;
const MAX_OUTPUT = 64 * 1024 * 1024;

export class GitError extends Error {
  constructor(
    message: string,
    readonly args: readonly string[],
    readonly exitCode: number | null,
    readonly stderr: string,
    /** Why it failed when git did not run to an exit code. */
    readonly reason: 'exit' | 'timeout' | 'missing' | 'spawn' | 'aborted' = 'exit',
    /** What git printed before failing (some commands answer on stdout with a non-zero exit: merge-tree's conflicts). */
    readonly stdout: string = '',
  ) {
    super(message);
    this.name = 'GitError';
  }
}

export interface GitRunOptions {
  readonly timeoutMs?: number;
  /** The environment git sees (default: this process's); GIT_TERMINAL_PROMPT=0 is always added. */
  readonly env?: NodeJS.ProcessEnv;
  /** The git executable (default `git` on PATH). */
  readonly gitPath?: string;
  /** Exit codes that still mean success (`diff --no-index` exits 1 when the files differ). */
  readonly okExitCodes?: readonly number[];
  /** Written to git's stdin, then closed (`update-ref --stdin`). */
  readonly input?: string;
  /** Ends git at once (SIGKILL) when aborted: the call rejects with reason 'aborted'. */
  readonly signal?: AbortSignal;
}

/** The environment every git call gets: the caller's, no terminal prompt, no optional locks, the C locale. */
export function gitEnv(options: GitRunOptions): NodeJS.ProcessEnv {
  return { ...(options.env ?? process.env), GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' };
}

/** Runs `git -C dir ...args`; resolves with stdout (untrimmed), rejects with a GitError. */
export function runGit(dir: string, args: readonly string[], options: GitRunOptions = {}): Promise<string> {
  const full = ['-C', dir, ...args];
  const env = gitEnv(options);
  return new Promise((resolvePromise, reject) => {
    if (options.signal?.aborted) {
      reject(new GitError(`git ${args.join(' ')} was not run: stopping.`, full, null, '', 'aborted'));
      return;
    }
    const child = execFile(
      options.gitPath ?? 'git',
      full,
      {
        env,
        timeout: options.timeoutMs ?? GIT_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        maxBuffer: MAX_OUTPUT,
        encoding: 'utf8',
        windowsHide: true,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { killed?: boolean; code?: number | string }) | null;
        if (!e || (typeof e.code === 'number' && !e.killed && options.okExitCodes?.includes(e.code))) {
          resolvePromise(stdout);
          return;
        }
        const command = `git ${args.join(' ')}`;
        if (options.signal?.aborted) {
          reject(new GitError(`${command} was stopped.`, full, null, stderr, 'aborted'));
        } else if (e.code === 'ENOENT') {
          reject(new GitError('git is not installed (no `git` on PATH).', full, null, '', 'missing'));
        } else if (e.killed) {
          reject(new GitError(`${command} took longer than ${options.timeoutMs ?? GIT_TIMEOUT_MS} ms and was stopped.`, full, null, stderr, 'timeout'));
        } else if (typeof e.code === 'number') {
          const first = stderr.trim().split('\n')[0] ?? '';
          reject(new GitError(`${command} failed (exit ${e.code})${first ? `: ${first}` : ''}`, full, e.code, stderr, 'exit', stdout));
        } else {
          reject(new GitError(`${command} could not start: ${e.message}`, full, null, stderr, 'spawn'));
        }
      },
    );
    if (options.input !== undefined) {
      child.stdin?.on('error', () => undefined); // git may exit before reading it all; its exit says why
      child.stdin?.end(options.input);
    }
  });
}

/** The oldest git Swarmdesk works with (worktree and porcelain behaviour it relies on). */
export const MIN_GIT_VERSION: readonly [number, number] = [2, 38];

export type GitAvailability = { readonly ok: true; readonly version: string } | { readonly ok: false; readonly reason: string };

/** Parses `git version 2.39.5` (and vendor suffixes) to [major, minor], or null. */
export function parseGitVersion(text: string): [number, number] | null {
  const m = /git version (\d+)\.(\d+)/.exec(text);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

let cached: Promise<GitAvailability> | null = null;

/** Whether a usable git is installed; checked once per process (tests may reset). */
export function gitAvailability(options: GitRunOptions = {}): Promise<GitAvailability> {
  cached ??= (async (): Promise<GitAvailability> => {
    try {
      const out = await runGit(process.cwd(), ['version'], { ...options, timeoutMs: 10_000 });
      const v = parseGitVersion(out);
      if (!v) return { ok: false, reason: `Could not read the git version from "${out.trim()}".` };
      const [major, minor] = v;
      if (major < MIN_GIT_VERSION[0] || (major === MIN_GIT_VERSION[0] && minor < MIN_GIT_VERSION[1])) {
        return { ok: false, reason: `git ${major}.${minor} is too old; worktrees need git ${MIN_GIT_VERSION.join('.')} or newer.` };
      }
      return { ok: true, version: `${major}.${minor}` };
    } catch (err) {
      return { ok: false, reason: err instanceof GitError && err.reason === 'missing' ? 'git is not installed.' : `git does not run: ${(err as Error).message}` };
    }
  })();
  return cached;
}

export function resetGitAvailabilityForTests(): void {
  cached = null;
}
