import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorktreeRecord } from '../../src/main/core/git/record';
import { GitRepo } from '../../src/main/core/git/repo';
import { GitError, gitAvailability, resetGitAvailabilityForTests, runGit } from '../../src/main/core/git/run';
import type { SessionRow } from '../../src/shared/domain/session';
import { createCore } from '../../src/main/core/app';
import type { Harness } from '../unit/core/harness';
import { gitCoreStarter } from '../support/gitCore';
import { FAKE_CLAUDE } from './agents/helpers';
import { GIT_TEST_ENV, git, makeRepo } from '../support/gitRepo';
import { until } from '../support/until';

const NO_SETUP = { copyPatterns: [], setupCommand: '' };
const ON = { enabled: true, ...NO_SETUP };

// The test identity and file-protocol permission reach the core's git too (submodules).
const start = gitCoreStarter();

function record(h: Harness, id: string) {
  const r = readWorktreeRecord(h.core.services.store, id);
  if (!r) throw new Error('no worktree record');
  return r;
}

const notes = (h: Harness, id: string): string[] =>
  h.core.services.store.entries.page(id, undefined, 100).entries.filter((e) => e.kind === 'note' || e.kind === 'error').map((e) => e.text);

/** The working directory a PTY shell reports, via `pwd` in the real terminal backend. */
async function ptyPwd(h: Harness, id: string): Promise<string> {
  await h.ok('terminal:open', { id, cols: 200, rows: 30 });
  await h.ok('terminal:input', { id, data: 'echo "PWD=[$(pwd -P)]"\r' });
  const text = (): string => h.eventsOf('terminal:data').filter((d) => d.sessionId === id).map((d) => d.data).join('');
  await until(() => /PWD=\[[^\]$]+\]/.test(text()), { message: 'pwd output' });
  return /PWD=\[([^\]$]+)\]/.exec(text())![1]!;
}

describe('the git wrapper (real git)', () => {
  it('finds a usable git and reports failures as typed errors', async () => {
    const avail = await gitAvailability();
    expect(avail.ok).toBe(true);
    const repo = makeRepo();
    const err = await runGit(repo, ['rev-parse', '--verify', 'no-such-ref']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GitError);
    expect((err as GitError).exitCode).toBe(128);
    expect((err as GitError).args).toEqual(['-C', repo, 'rev-parse', '--verify', 'no-such-ref']);
    const missing = await runGit(repo, ['version'], { gitPath: '/nonexistent/git' }).catch((e: unknown) => e);
    expect((missing as GitError).reason).toBe('missing');
  });

  it('says clearly when git is too old or missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sd-oldgit-'));
    const old = join(dir, 'git');
    writeFileSync(old, '#!/bin/sh\necho "git version 2.30.1"\n');
    chmodSync(old, 0o755);
    try {
      resetGitAvailabilityForTests();
      expect(await gitAvailability({ gitPath: old })).toEqual({ ok: false, reason: 'git 2.30 is too old; worktrees need git 2.38 or newer.' });
      resetGitAvailabilityForTests();
      expect(await gitAvailability({ gitPath: join(dir, 'none') })).toEqual({ ok: false, reason: 'git is not installed.' });
    } finally {
      resetGitAvailabilityForTests();
    }
  });

  it('reads top level, branch, detached HEAD, status and ahead counts', async () => {
    const dir = makeRepo();
    const repo = new GitRepo(join(dir), { env: GIT_TEST_ENV });
    expect(realpathSync((await repo.toplevel())!)).toBe(realpathSync(dir));
    expect(await new GitRepo(tmpdir()).toplevel()).toBeNull();
    expect(await repo.currentBranch()).toBe('main');
    writeFileSync(join(dir, 'README.md'), 'changed\n');
    writeFileSync(join(dir, 'new file.txt'), 'x\n');
    expect(await repo.status()).toMatchObject({ changed: 1, untracked: 1 });
    git(dir, 'checkout', '--quiet', '-b', 'side');
    git(dir, 'commit', '--quiet', '-am', 'two');
    expect(await repo.countAhead('main', 'side')).toBe(1);
    expect(await repo.diffNumstat('main', 'side')).toEqual([{ path: 'README.md', added: 1, removed: 1 }]);
    git(dir, 'checkout', '--quiet', '--detach');
    expect(await repo.currentBranch()).toBeNull();
  });
});

describe('a worktree per session', () => {
  it('says why there is no checkbox: not a repository', async () => {
    const h = start();
    const plain = join(h.dataDir, 'plain');
    mkdirSync(plain);
    expect(await h.ok('git:repoInfo', { folder: plain })).toEqual({ repo: null, reason: 'The folder is not inside a git repository.' });
    const r = await h.call('sessions:create', { kind: 'terminal', folder: plain, worktree: ON });
    expect(r.ok ? null : r.error.code).toBe('BAD_INPUT');
  });

  it('two terminal sessions in one repository run in different worktrees, outside the repository', async () => {
    const h = start();
    const repo = makeRepo();
    const info = await h.ok('git:repoInfo', { folder: repo });
    expect(info.repo).toMatchObject({ branch: 'main', dirty: false, remembered: { enabled: true } });
    const a = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    const b = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    const [ra, rb] = [record(h, a.id), record(h, b.id)];
    expect(ra.branch).toBe(`swarmdesk/${a.id.slice(0, 8)}`);
    expect(ra.baseBranch).toBe('main');
    expect(a.folder).toBe(ra.path);
    expect(ra.path.startsWith(join(h.dataDir, 'worktrees'))).toBe(true);
    const [pa, pb] = [await ptyPwd(h, a.id), await ptyPwd(h, b.id)];
    expect(pa).toBe(realpathSync(ra.path));
    expect(pb).toBe(realpathSync(rb.path));
    expect(pa).not.toBe(pb);
    expect(pa.startsWith(realpathSync(repo))).toBe(false);
    expect(git(repo, 'worktree', 'list')).toContain(ra.branch);
    // Unchecked: remembered for the repository, and no worktree.
    const c = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: { ...ON, enabled: false } });
    expect(c.folder).toBe(repo);
    expect((await h.ok('git:repoInfo', { folder: repo })).repo?.remembered.enabled).toBe(false);
  });

  it('archiving keeps the worktree; the folder can be set by the environment', async () => {
    const custom = mkdtempSync(join(tmpdir(), 'sd-wt-base-'));
    const h = start({ env: { SWARMDESK_WORKTREES_DIR: custom } });
    const repo = makeRepo();
    const s = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    expect(record(h, s.id).path.startsWith(custom)).toBe(true);
    writeFileSync(join(record(h, s.id).path, 'draft.txt'), 'x\n');
    await h.ok('sessions:setArchived', { id: s.id, archived: true });
    expect(readFileSync(join(record(h, s.id).path, 'draft.txt'), 'utf8')).toBe('x\n');
    expect(record(h, s.id).gone).toBeNull();
  });

  it('deleting a session with unmerged work asks (state), keeps its files as a checkpoint (the branch as the agent left it, nothing stashed), and restore brings them back', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    const r = record(h, s.id);
    writeFileSync(join(r.path, 'work.txt'), 'precious\n');
    git(r.path, 'commit', '--quiet', '--allow-empty', '-m', 'an agent commit');
    const tip = git(repo, 'rev-parse', r.branch);
    const state = await h.ok('git:worktreeState', { id: s.id });
    expect(state.worktree).toMatchObject({ branch: r.branch, uncommitted: 1, unmerged: 1, missing: false });
    await h.ok('sessions:delete', { id: s.id });
    expect(existsSync(r.path)).toBe(false);
    expect(existsSync(dirname(r.path))).toBe(false);
    expect(git(repo, 'rev-parse', r.branch)).toBe(tip);
    expect(git(repo, 'stash', 'list')).toBe('');
    expect(git(repo, 'status', '--porcelain')).toBe('');
    const { items } = await h.ok('git:removedWorktrees', {});
    expect(items).toMatchObject([{ sessionId: s.id, path: r.path, branch: r.branch, how: 'deleted' }]);
    await h.ok('sessions:restore', { id: s.id });
    expect(readFileSync(join(r.path, 'work.txt'), 'utf8')).toBe('precious\n');
    expect(git(r.path, 'status', '--porcelain')).toBe('?? work.txt');
    expect(git(repo, 'rev-parse', r.branch)).toBe(tip);
    expect(git(repo, 'stash', 'list')).toBe('');
    expect((await h.ok('git:removedWorktrees', {})).items).toEqual([]);
  });

  it('delete stops the terminal first, so what it wrote is in the kept checkpoint', async () => {
    const h = start();
    h.core.services.terminals.register(); // the real terminal dispatcher again (the harness puts a recorder there)
    const repo = makeRepo();
    const s = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    const r = record(h, s.id);
    expect(await ptyPwd(h, s.id)).toBe(realpathSync(r.path));
    await h.ok('terminal:input', { id: s.id, data: 'echo from-the-shell > shell.txt\r' });
    await until(() => existsSync(join(r.path, 'shell.txt')), { message: 'shell wrote its file' });
    await h.ok('sessions:delete', { id: s.id });
    await until(() => h.eventsOf('terminal:exit').some((e) => e.sessionId === s.id), { message: 'terminal ended' });
    expect(git(repo, 'show', `refs/swarmdesk/checkpoints/${s.id}:shell.txt`)).toBe('from-the-shell');
    expect(existsSync(r.path)).toBe(false);
  });

  it('a session whose repository was removed can still be deleted; its worktree folder is left as it is', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    const r = record(h, s.id);
    writeFileSync(join(r.path, 'orphan.txt'), 'x\n');
    rmSync(repo, { recursive: true, force: true });
    await h.ok('sessions:delete', { id: s.id });
    expect(readFileSync(join(r.path, 'orphan.txt'), 'utf8')).toBe('x\n');
  });

  it('a Claude Code session runs its CLI in the worktree, again after a restart of Swarmdesk', async () => {
    const repo = makeRepo();
    const dataDir = mkdtempSync(join(tmpdir(), 'sd-wt-claude-'));
    const env = { PATH: process.env.PATH, HOME: dataDir, SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: '0', SWARMDESK_CLAUDE_PATH: FAKE_CLAUDE, FAKE_CLAUDE_MODE: 'cwd' };
    const open = () => createCore({ dataDir, platform: { transport: 'web', openExternal: async () => false }, env, defaultFolder: dataDir });
    const ask = async (core: ReturnType<typeof open>, id: string, nth: number): Promise<string> => {
      const r = await core.router.handle('sessions:send', { id, text: 'where are you?' }, { transport: 'test' });
      expect(r.ok).toBe(true);
      const answers = () => core.services.store.entries.page(id, undefined, 100).entries.filter((e) => e.kind === 'assistant');
      await until(() => answers().length >= nth, { timeoutMs: 10_000, message: 'the CLI answered' });
      return answers()[nth - 1]!.text;
    };
    let core = open();
    try {
      const created = await core.router.handle('sessions:create', { kind: 'claude-code', folder: repo, worktree: ON }, { transport: 'test' });
      if (!created.ok) throw new Error(created.error.message);
      const id = (created.value as SessionRow).id;
      const path = readWorktreeRecord(core.services.store, id)!.path;
      expect(await ask(core, id, 1)).toBe(`cwd=${path}`);
      await core.close();
      core = open();
      expect(await ask(core, id, 2)).toBe(`cwd=${path}`);
    } finally {
      await core.close();
    }
  });

  it('a detached HEAD: the branch starts at the commit, recorded as the base', async () => {
    const h = start();
    const repo = makeRepo();
    git(repo, 'checkout', '--quiet', '--detach');
    const head = git(repo, 'rev-parse', 'HEAD');
    expect((await h.ok('git:repoInfo', { folder: repo })).repo?.branch).toBeNull();
    const s = await h.ok('sessions:create', { kind: 'chat', folder: repo, worktree: ON });
    expect(record(h, s.id)).toMatchObject({ baseBranch: null, baseCommit: head });
    expect(git(record(h, s.id).path, 'rev-parse', 'HEAD')).toBe(head);
  });

  it('a dirty base checkout: the worktree starts from HEAD, the changes stay in the base, and the session says so', async () => {
    const h = start();
    const repo = makeRepo();
    writeFileSync(join(repo, 'README.md'), 'uncommitted edit\n');
    expect((await h.ok('git:repoInfo', { folder: repo })).repo?.dirty).toBe(true);
    const s = await h.ok('sessions:create', { kind: 'claude-code', folder: repo, worktree: ON });
    expect(readFileSync(join(record(h, s.id).path, 'README.md'), 'utf8')).toBe('hello\n');
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('uncommitted edit\n');
    expect(notes(h, s.id).some((n) => n.includes('uncommitted changes; they stay there'))).toBe(true);
  });

  it('submodules are checked out in the worktree', async () => {
    const h = start();
    const lib = makeRepo('lib');
    const repo = makeRepo();
    git(repo, 'submodule', '--quiet', 'add', lib, 'vendor/lib');
    git(repo, 'commit', '--quiet', '-m', 'add submodule');
    const s = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    expect(readFileSync(join(record(h, s.id).path, 'vendor/lib/README.md'), 'utf8')).toBe('hello\n');
    expect(notes(h, s.id)).toContain('Submodules were checked out in the worktree.');
  });

  it('a submodule that cannot be checked out is reported in the session, not fatal', async () => {
    const h = start({ env: { GIT_CONFIG_NOSYSTEM: '1' } }); // no file-protocol permission: the local submodule is refused
    const lib = makeRepo('lib');
    const repo = makeRepo();
    git(repo, 'submodule', '--quiet', 'add', lib, 'vendor/lib');
    git(repo, 'commit', '--quiet', '-m', 'add submodule');
    const s = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    expect(existsSync(record(h, s.id).path)).toBe(true);
    expect(notes(h, s.id).some((n) => n.startsWith('The submodules could not be checked out'))).toBe(true);
  });

  it('a worktree folder removed while Swarmdesk was closed is noticed at the next start', async () => {
    const first = start();
    const repo = makeRepo();
    const s = await first.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    const r = record(first, s.id);
    await first.core.close();
    rmSync(r.path, { recursive: true, force: true });
    const h = start({ dataDir: first.dataDir });
    await until(() => notes(h, s.id).some((n) => n.includes('was removed outside Swarmdesk')), { message: 'start-up note' });
    expect(git(repo, 'worktree', 'list', '--porcelain')).not.toContain(r.path);
  });

  it('a path with spaces, a sub-folder picked, ignored files copied and the setup command run with its output in the pane', async () => {
    const h = start();
    const repo = makeRepo('my repo with spaces');
    mkdirSync(join(repo, 'sub dir'));
    writeFileSync(join(repo, 'sub dir', 'keep.txt'), 'k\n');
    writeFileSync(join(repo, '.gitignore'), '.env\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '--quiet', '-m', 'sub');
    writeFileSync(join(repo, '.env'), 'SECRET=1\n');
    const s = await h.ok('sessions:create', {
      kind: 'terminal',
      folder: join(repo, 'sub dir'),
      worktree: { enabled: true, copyPatterns: ['.env'], setupCommand: 'echo "setup ran in $(basename "$(pwd)")"; echo ok > ready.txt' },
    });
    const r = record(h, s.id);
    expect(s.folder).toBe(join(r.path, 'sub dir'));
    expect(await ptyPwd(h, s.id)).toBe(realpathSync(join(r.path, 'sub dir')));
    expect(readFileSync(join(r.path, '.env'), 'utf8')).toBe('SECRET=1\n');
    await until(() => notes(h, s.id).some((n) => n.startsWith('Setup `')), { message: 'setup finished' });
    const done = notes(h, s.id).find((n) => n.startsWith('Setup `'))!;
    expect(done).toContain('finished');
    expect(done).toContain('setup ran in my repo with spaces');
    expect(existsSync(join(r.path, 'ready.txt'))).toBe(true);
    expect((await h.ok('git:repoInfo', { folder: repo })).repo?.remembered).toMatchObject({ copyPatterns: ['.env'] });
  });

  it('the setup command runs first: the terminal starts once it has finished', async () => {
    const h = start();
    const repo = makeRepo();
    const gate = join(mkdtempSync(join(tmpdir(), 'sd-gate-')), 'go');
    const s = await h.ok('sessions:create', {
      kind: 'terminal',
      folder: repo,
      worktree: { enabled: true, copyPatterns: [], setupCommand: `while [ ! -f '${gate}' ]; do sleep 0.05; done; echo done > setup-done.txt` },
    });
    const r = record(h, s.id);
    await until(() => notes(h, s.id).some((n) => n.startsWith('Setup: running')), { message: 'setup started' });
    let setupDoneWhenOpened: boolean | null = null;
    const opened = h.ok('terminal:open', { id: s.id, cols: 80, rows: 24 }).then((v) => {
      setupDoneWhenOpened = existsSync(join(r.path, 'setup-done.txt'));
      return v;
    });
    expect(setupDoneWhenOpened).toBeNull();
    writeFileSync(gate, '');
    expect((await opened).running).toBe(true);
    expect(setupDoneWhenOpened).toBe(true);
  });

  it('the branch is renamed after the title, uniquely; not once it was pushed', async () => {
    const h = start();
    const repo = makeRepo();
    const wt = h.core.services.worktrees;
    const a = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    await h.ok('sessions:rename', { id: a.id, title: 'Fix login redirect' });
    await wt.settled(a.id);
    expect(record(h, a.id).branch).toBe('swarmdesk/fix-login-redirect');
    expect(git(record(h, a.id).path, 'symbolic-ref', '--short', 'HEAD')).toBe('swarmdesk/fix-login-redirect');
    const b = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    await h.ok('sessions:rename', { id: b.id, title: 'Fix login redirect' });
    await wt.settled(b.id);
    expect(record(h, b.id).branch).toBe('swarmdesk/fix-login-redirect-2');

    // Pushed to a bare "origin": the name stays.
    const origin = join(makeRepo('unused'), '..', 'origin.git');
    git(repo, 'init', '--quiet', '--bare', origin);
    git(repo, 'remote', 'add', 'origin', origin);
    const c = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    const before = record(h, c.id).branch;
    git(record(h, c.id).path, 'push', '--quiet', '-u', 'origin', before);
    await h.ok('sessions:rename', { id: c.id, title: 'Add retry policy' });
    await wt.settled(c.id);
    expect(record(h, c.id).branch).toBe(before);
    expect(git(repo, 'branch', '--list', 'swarmdesk/add-retry-policy')).toBe('');
  });

  it('the branch follows the first title and the user’s renames only, not a maintained or an agent’s title', async () => {
    const h = start();
    const repo = makeRepo();
    const wt = h.core.services.worktrees;
    const sessions = h.core.services.sessions;
    const a = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    const renames = () => notes(h, a.id).filter((n) => n.startsWith('The branch ')).length;
    sessions.setAutoTitle(a.id, { value: 'Fix login redirect', source: 'auto', model: 'haiku' });
    await wt.settled(a.id);
    expect(record(h, a.id).branch).toBe('swarmdesk/fix-login-redirect');
    expect(renames()).toBe(1);

    // A maintained title and the agent's own leave the branch (and the transcript) alone.
    sessions.setAutoTitle(a.id, { value: 'Login redirect and session expiry', source: 'auto', model: 'haiku' });
    await wt.settled(a.id);
    sessions.setAutoTitle(a.id, { value: 'Expire sessions on logout', source: 'agent', model: null });
    await wt.settled(a.id);
    expect(record(h, a.id).branch).toBe('swarmdesk/fix-login-redirect');
    expect(git(record(h, a.id).path, 'symbolic-ref', '--short', 'HEAD')).toBe('swarmdesk/fix-login-redirect');
    expect(renames()).toBe(1);

    // The user's rename is the name they chose: the branch follows.
    await h.ok('sessions:rename', { id: a.id, title: 'Session expiry' });
    await wt.settled(a.id);
    expect(record(h, a.id).branch).toBe('swarmdesk/session-expiry');
    expect(renames()).toBe(2);
  });

  it('a worktree folder removed by hand is pruned and the session says so when opened', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    const r = record(h, s.id);
    rmSync(r.path, { recursive: true, force: true });
    await h.ok('entries:page', { id: s.id });
    await h.core.services.worktrees.settled(s.id);
    expect(notes(h, s.id).some((n) => n.includes('was removed outside Swarmdesk') && n.includes(r.branch))).toBe(true);
    expect(git(repo, 'worktree', 'list', '--porcelain')).not.toContain(r.path);
    expect(git(repo, 'branch', '--list', r.branch)).toContain(r.branch);
    expect((await h.ok('git:worktreeState', { id: s.id })).worktree?.missing).toBe(true);
  });

  it('a branch renamed outside Swarmdesk is followed when the session is opened, nothing stashed', async () => {
    const h = start();
    const repo = makeRepo();
    const s = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    const r = record(h, s.id);
    writeFileSync(join(r.path, 'wip.txt'), 'wip\n');
    git(r.path, 'branch', '-m', 'feature/renamed-by-hand');
    await h.ok('entries:page', { id: s.id });
    await h.core.services.worktrees.settled(s.id);
    expect(record(h, s.id).branch).toBe('feature/renamed-by-hand');
    expect(notes(h, s.id).at(-1)).toBe(`The worktree's branch ${r.branch} is now feature/renamed-by-hand (changed outside Swarmdesk).`);
    expect((await h.ok('git:worktreeState', { id: s.id })).worktree).toMatchObject({ branch: 'feature/renamed-by-hand', uncommitted: 1 });
    expect(git(r.path, 'ls-files', '--others', '--exclude-standard')).toBe('wip.txt');
    expect(git(repo, 'stash', 'list')).toBe('');
  });
});
