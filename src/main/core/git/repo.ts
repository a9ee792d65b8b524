import { GitError, runGit, type GitRunOptions } from './run';
import { parseNumstat, parseStatusV2, parseWorktreeList, type NumstatItem, type StatusSummary, type WorktreeListItem } from './porcelain';

/** Long operations (a checkout of a big tree, submodules) get more time than a query. */
const LONG_MS = 5 * 60_000;

/** Typed git operations on one folder (a repository or one of its worktrees). */
export class GitRepo {
  constructor(
    readonly dir: string,
    private readonly options: GitRunOptions = {},
  ) {}

  run(args: readonly string[], timeoutMs?: number, okExitCodes?: readonly number[]): Promise<string> {
    return runGit(this.dir, args, { ...this.options, ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(okExitCodes ? { okExitCodes } : {}) });
  }

  /** The top of the working tree that holds `dir`, or null when `dir` is not inside one. */
  async toplevel(): Promise<string | null> {
    try {
      return (await this.run(['rev-parse', '--show-toplevel'])).trim() || null;
    } catch (err) {
      if (err instanceof GitError && err.reason === 'exit') return null;
      throw err;
    }
  }

  /** The checked-out branch, or null for a detached HEAD. */
  async currentBranch(): Promise<string | null> {
    try {
      return (await this.run(['symbolic-ref', '--quiet', '--short', 'HEAD'])).trim() || null;
    } catch (err) {
      if (err instanceof GitError && err.exitCode === 1) return null;
      throw err;
    }
  }

  /** The commit `rev` names (default HEAD), or null when there is none (a repository without commits). */
  async commitOf(rev = 'HEAD'): Promise<string | null> {
    try {
      return (await this.run(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`])).trim() || null;
    } catch (err) {
      if (err instanceof GitError && err.exitCode === 1) return null;
      throw err;
    }
  }

  /** `untracked`: 'all' lists each untracked file, 'normal' collapses folders, 'no' skips the (slow on big trees) scan. */
  async status(untracked: 'all' | 'normal' | 'no' = 'all'): Promise<StatusSummary> {
    return parseStatusV2(await this.run(['status', '--porcelain=v2', '-z', `--untracked-files=${untracked}`]));
  }

  /** Commits reachable from `branch` and not from `base`. */
  async countAhead(base: string, branch: string): Promise<number> {
    return Number((await this.run(['rev-list', '--count', `${base}..${branch}`])).trim());
  }

  /** Per-file added/removed lines of `branch` since it left `base` (three-dot). */
  async diffNumstat(base: string, branch: string): Promise<NumstatItem[]> {
    return parseNumstat(await this.run(['diff', '--numstat', '-z', `${base}...${branch}`]));
  }

  async branchExists(name: string): Promise<boolean> {
    return (await this.commitOf(`refs/heads/${name}`)) !== null;
  }

  /** Whether `branch` has been pushed: it has an upstream, or some remote-tracking ref has the same name. */
  async isPushed(branch: string): Promise<boolean> {
    const upstream = (await this.run(['for-each-ref', '--format=%(upstream)', `refs/heads/${branch}`])).trim();
    if (upstream) return true;
    const remote = (await this.run(['for-each-ref', '--format=%(refname)', 'refs/remotes/'])).split('\n');
    return remote.some((ref) => ref.endsWith(`/${branch}`));
  }

  /** `git ls-remote --heads <remote> <branch>`: whether the remote has that branch (network; bounded). */
  async remoteHasBranch(remote: string, branch: string): Promise<boolean> {
    return (await this.run(['ls-remote', '--heads', remote, `refs/heads/${branch}`], 20_000)).trim() !== '';
  }

  async remotes(): Promise<string[]> {
    return (await this.run(['remote'])).split('\n').filter(Boolean);
  }

  async renameBranch(from: string, to: string): Promise<void> {
    await this.run(['branch', '-m', from, to]);
  }

  /** A new branch `branch` at `start` checked out in a new worktree at `path`. */
  async addWorktree(path: string, branch: string, start: string): Promise<void> {
    await this.run(['worktree', 'add', '-b', branch, path, start], LONG_MS);
  }

  /** A worktree at `path` for an existing branch. */
  async addWorktreeForBranch(path: string, branch: string): Promise<void> {
    await this.run(['worktree', 'add', path, branch], LONG_MS);
  }

  async listWorktrees(): Promise<WorktreeListItem[]> {
    return parseWorktreeList(await this.run(['worktree', 'list', '--porcelain', '-z']));
  }

  async pruneWorktrees(): Promise<void> {
    await this.run(['worktree', 'prune']);
  }

  async removeWorktree(path: string, force: boolean): Promise<void> {
    await this.run(['worktree', 'remove', ...(force ? ['--force', '--force'] : []), path], LONG_MS);
  }

  async deleteBranch(name: string): Promise<void> {
    await this.run(['branch', '-D', name]);
  }

  /** Stages everything (untracked too) and commits; false when there was nothing to commit. */
  /** With `identity` (only when the repository has none of its own) the commit is made under that name. */
  async commitAll(message: string, identity: { name: string; email: string } | null): Promise<boolean> {
    await this.run(['add', '--all'], LONG_MS);
    const staged = (await this.run(['diff', '--cached', '--name-only', '-z'])).length > 0;
    if (!staged) return false;
    const who = identity ? ['-c', `user.name=${identity.name}`, '-c', `user.email=${identity.email}`] : [];
    await this.run([...who, 'commit', '--no-verify', '--quiet', '-m', message], LONG_MS);
    return true;
  }

  async hasSubmodules(): Promise<boolean> {
    return (await this.run(['ls-files', '--stage', '--', '.gitmodules'])).trim() !== '';
  }

  async updateSubmodules(): Promise<void> {
    await this.run(['submodule', 'update', '--init', '--recursive'], LONG_MS);
  }

  /** Ignored files (not directories' contents collapsed) matching pathspecs, relative to `dir`. */
  async ignoredFiles(pathspecs: readonly string[]): Promise<string[]> {
    if (pathspecs.length === 0) return [];
    const out = await this.run(['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--', ...pathspecs.map((p) => `:(glob)${p}`)]);
    return out.split('\0').filter(Boolean);
  }
}
