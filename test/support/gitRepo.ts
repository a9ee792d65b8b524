import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** An identity for test commits, so no global git config is needed. */
export const GIT_TEST_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  // Local submodules use the file transport, which git refuses by default since 2.38.1.
  GIT_CONFIG_COUNT: '1',
  GIT_CONFIG_KEY_0: 'protocol.file.allow',
  GIT_CONFIG_VALUE_0: 'always',
};

/** What a core under test needs of the git test setup (its git runs submodules over the file transport). */
export function coreGitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const k of ['GIT_CONFIG_COUNT', 'GIT_CONFIG_KEY_0', 'GIT_CONFIG_VALUE_0', 'GIT_CONFIG_NOSYSTEM'] as const) env[k] = GIT_TEST_ENV[k];
  return env;
}

/** `git -C dir ...args` for a test, returning trimmed stdout. */
export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { env: GIT_TEST_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** A real repository with one commit (README.md) on `main`, at `<tmp>/<name>`. */
export function makeRepo(name = 'repo'): string {
  const parent = mkdtempSync(join(tmpdir(), 'sd-git-'));
  const dir = join(parent, name);
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '--quiet', '--initial-branch=main');
  writeFileSync(join(dir, 'README.md'), 'hello\n');
  git(dir, 'add', 'README.md');
  git(dir, 'commit', '--quiet', '-m', 'first');
  return dir;
}

/** Whether `repo` has a local branch named `branch`. */
export function branchExists(repo: string, branch: string): boolean {
  return git(repo, 'branch', '--list', branch) !== '';
}
