import { mkdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorktreeRecord } from '../../src/main/core/git/record';
import { boundDiff, parseRawNumstat } from '../../src/main/core/git/changes';
import type { ChangedFile } from '../../src/shared/ipc/git';
import type { Harness } from '../unit/core/harness';
import { gitCoreStarter } from '../support/gitCore';
import { git, makeRepo } from '../support/gitRepo';
import { until } from '../support/until';

// The Changes region's data (issue 10 §2) from real repositories and worktrees made by the real core.
const ON = { enabled: true, copyPatterns: [], setupCommand: '' };

const start = gitCoreStarter();

/** A repository with a few files committed on main, and a worktree session made from it. */
async function worktreeSession(h: Harness): Promise<{ id: string; repo: string; wt: string }> {
  const repo = makeRepo('changes repo');
  writeFileSync(join(repo, 'app.ts'), 'one\ntwo\nthree\n');
  writeFileSync(join(repo, 'gone.txt'), 'a\nb\n');
  writeFileSync(join(repo, 'old name.md'), 'same\ncontent\nhere\nfor\nrename\n');
  writeFileSync(join(repo, 'logo.bin'), Buffer.from([0, 1, 2, 3]));
  git(repo, 'add', '.');
  git(repo, 'commit', '--quiet', '-m', 'files');
  const row = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
  const wt = readWorktreeRecord(h.core.services.store, row.id)!.path;
  return { id: row.id, repo, wt };
}

const byPath = (files: readonly ChangedFile[]): Record<string, ChangedFile> => Object.fromEntries(files.map((f) => [f.path, f]));

describe('changes in a session worktree (real git)', () => {
  it('lists modified, untracked, deleted, renamed, spaced, non-ASCII and binary files with their counts', async () => {
    const h = start();
    const { id, wt } = await worktreeSession(h);
    expect((await h.ok('git:changes', { id })).files).toEqual([]);

    writeFileSync(join(wt, 'app.ts'), 'one\n2\nthree\nfour\n');
    writeFileSync(join(wt, 'a new file.txt'), 'x\ny\nz');
    mkdirSync(join(wt, 'dossier é'));
    writeFileSync(join(wt, 'dossier é', 'naïve.md'), 'ü\n');
    unlinkSync(join(wt, 'gone.txt'));
    renameSync(join(wt, 'old name.md'), join(wt, 'new name.md'));
    git(wt, 'add', '-A', '--', 'old name.md', 'new name.md');
    writeFileSync(join(wt, 'logo.bin'), Buffer.from([0, 9, 9, 9, 9]));
    writeFileSync(join(wt, 'pic.png'), Buffer.from([0x89, 0x50, 0, 0, 1]));

    const changes = await h.ok('git:changes', { id });
    const files = byPath(changes.files);
    expect(Object.keys(files)).toEqual(['a new file.txt', 'app.ts', 'dossier é/naïve.md', 'gone.txt', 'logo.bin', 'new name.md', 'pic.png']);
    expect(files['app.ts']).toMatchObject({ status: 'modified', added: 2, removed: 1, binary: false, untracked: false });
    expect(files['a new file.txt']).toMatchObject({ status: 'added', untracked: true, added: 3, removed: 0 });
    expect(files['dossier é/naïve.md']).toMatchObject({ status: 'added', untracked: true, added: 1 });
    expect(files['gone.txt']).toMatchObject({ status: 'deleted', added: 0, removed: 2 });
    expect(files['new name.md']).toMatchObject({ status: 'renamed', oldPath: 'old name.md', added: 0, removed: 0 });
    expect(files['logo.bin']).toMatchObject({ status: 'modified', binary: true, added: null, removed: null });
    expect(files['pic.png']).toMatchObject({ untracked: true, binary: true, added: null });
    expect(changes.summary).toMatchObject({ sessionId: id, files: 7, added: 6, removed: 3, missing: false });
    expect(changes.summary.branch).toMatch(/^swarmdesk\//);
    expect(changes.summary.baseBranch).toBe('main');

    // Each file's diff, as git writes it, with both sides for highlighting.
    const app = await h.ok('git:fileDiff', { id, path: 'app.ts' });
    expect(app.diff).toContain('--- a/app.ts');
    expect(app.diff).toContain('-two\n+2\n');
    expect(app).toMatchObject({ truncated: false, oldContent: 'one\ntwo\nthree\n', newContent: 'one\n2\nthree\nfour\n' });
    const fresh = await h.ok('git:fileDiff', { id, path: 'a new file.txt' });
    expect(fresh.diff).toContain('+++ b/a new file.txt');
    expect(fresh.diff).toContain('+x\n+y\n+z');
    expect(fresh.oldContent).toBe('');
    const accented = await h.ok('git:fileDiff', { id, path: 'dossier é/naïve.md' });
    expect(accented.diff).toContain('+ü');
    const renamed = await h.ok('git:fileDiff', { id, path: 'new name.md' });
    expect(renamed.diff).toContain('rename from old name.md');
    expect(renamed.oldContent).toBe('same\ncontent\nhere\nfor\nrename\n');
    const deleted = await h.ok('git:fileDiff', { id, path: 'gone.txt' });
    expect(deleted.diff).toContain('-a\n-b');
    expect(deleted.newContent).toBe('');
    expect(await h.ok('git:fileDiff', { id, path: 'logo.bin' })).toMatchObject({ diff: '', file: { binary: true } });
  });

  it('shows work committed on the branch and uncommitted work together; a dirty or advanced base does not leak in', async () => {
    const h = start();
    const { id, repo, wt } = await worktreeSession(h);
    writeFileSync(join(wt, 'committed.txt'), 'c1\nc2\n');
    git(wt, 'add', 'committed.txt');
    git(wt, 'commit', '--quiet', '-m', 'on the branch');
    writeFileSync(join(wt, 'app.ts'), 'one\ntwo\nthree\nmore\n');
    // The base checkout: uncommitted edits, an untracked file and a new commit on main.
    writeFileSync(join(repo, 'README.md'), 'dirty base\n');
    writeFileSync(join(repo, 'base-only.txt'), 'not the session\n');
    writeFileSync(join(repo, 'later.txt'), 'main moved on\n');
    git(repo, 'add', 'later.txt');
    git(repo, 'commit', '--quiet', '-m', 'main moves');

    const changes = await h.ok('git:changes', { id });
    expect(changes.files.map((f) => f.path)).toEqual(['app.ts', 'committed.txt']);
    expect(changes.summary).toMatchObject({ added: 3, removed: 0 });
    expect(changes.forkCommit).toBe(git(repo, 'rev-parse', 'HEAD~1'));
  });

  it('refuses a path that is not one of the changed files, traversal included, with a typed error', async () => {
    const h = start();
    const { id, wt } = await worktreeSession(h);
    writeFileSync(join(wt, 'app.ts'), 'changed\n');
    for (const path of ['README.md', '../outside.txt', '/etc/passwd', '--output=/tmp/x']) {
      const r = await h.call('git:fileDiff', { id, path });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('NOT_FOUND');
    }
    const plain = await h.ok('sessions:create', { kind: 'terminal', folder: makeRepo('plain'), worktree: { ...ON, enabled: false } });
    const none = await h.call('git:changes', { id: plain.id });
    expect(none.ok ? null : none.error.code).toBe('NOT_FOUND');
  });

  it('reports a worktree folder removed by hand as missing, and its diff as a typed error', async () => {
    const h = start();
    const { id, wt } = await worktreeSession(h);
    rmSync(wt, { recursive: true, force: true });
    const changes = await h.ok('git:changes', { id });
    expect(changes).toMatchObject({ files: [], forkCommit: null, summary: { missing: true } });
    const r = await h.call('git:fileDiff', { id, path: 'app.ts' });
    expect(r.ok ? null : r.error.code).toBe('NOT_FOUND');
  });

  it('pushes the row counts after activity (throttled), and lists the sessions with worktrees', async () => {
    const h = start();
    const { id, wt } = await worktreeSession(h);
    // A new worktree session is announced at once (branch known, not counted yet); its counts follow.
    expect(h.eventsOf('session:changes').filter((s) => s.sessionId === id)).toEqual([expect.objectContaining({ files: null, added: null, missing: false })]);
    const summaries = await h.ok('git:changeSummaries', {});
    expect(summaries.items.map((s) => s.sessionId)).toEqual([id]);
    await until(() => h.eventsOf('session:changes').some((s) => s.sessionId === id && s.files === 0), { message: 'first count' });
    writeFileSync(join(wt, 'app.ts'), 'one\ntwo\nthree\nfour\nfive\n');
    // A status change is activity (a terminal going quiet ends its "turn").
    h.core.services.sessions.setStatus(id, 'working');
    await until(() => h.eventsOf('session:changes').some((s) => s.sessionId === id && s.added === 2 && s.removed === 0), { message: 'pushed counts', timeoutMs: 10_000 });
  });

  it('the pushed summary carries what the merge buttons need: uncommitted files after an edit, commits ahead after git:commit, none after the merge', async () => {
    const h = start();
    const { id, wt } = await worktreeSession(h);
    const pushed = () => h.eventsOf('session:changes').filter((s) => s.sessionId === id);
    expect(pushed()).toEqual([expect.objectContaining({ uncommitted: null, ahead: null })]);
    await until(() => pushed().some((s) => s.files === 0), { message: 'first count' });
    expect(pushed().at(-1)).toMatchObject({ files: 0, uncommitted: 0, ahead: 0 });

    // The agent edits a tracked file and adds one; its activity is what makes main count again.
    writeFileSync(join(wt, 'app.ts'), 'one\ntwo\nthree\nfour\n');
    writeFileSync(join(wt, 'notes.md'), 'n\n');
    h.core.services.sessions.setStatus(id, 'working');
    await until(() => pushed().some((s) => s.uncommitted === 2), { message: 'uncommitted pushed', timeoutMs: 10_000 });
    expect(pushed().at(-1)).toMatchObject({ files: 2, added: 2, uncommitted: 2, ahead: 0 });

    // A commit is counted again at once (no activity, no throttle).
    await h.ok('git:commit', { id, message: 'Edit app and notes' });
    await until(() => pushed().some((s) => s.uncommitted === 0 && s.ahead === 1), { message: 'committed pushed', timeoutMs: 10_000 });
    expect(pushed().at(-1)).toMatchObject({ files: 2, uncommitted: 0, ahead: 1 });

    await h.ok('git:merge', { id, strategy: 'merge' });
    await until(() => pushed().at(-1)?.ahead === 0, { message: 'merged pushed', timeoutMs: 10_000 });
    expect(pushed().at(-1)).toMatchObject({ files: 0, uncommitted: 0, ahead: 0 });
  });

  it('without a base branch (made from a detached HEAD) the summary counts uncommitted work and has no ahead', async () => {
    const h = start();
    const repo = makeRepo('detached repo');
    git(repo, 'checkout', '--quiet', '--detach');
    const row = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    const wt = readWorktreeRecord(h.core.services.store, row.id)!.path;
    writeFileSync(join(wt, 'loose.txt'), 'x\n');
    const summary = await h.core.services.changes.refresh(row.id);
    expect(summary).toMatchObject({ baseBranch: null, uncommitted: 1, ahead: null });
  });

  it('counts a burst of activity once (throttled), with what the burst left', async () => {
    const h = start();
    const { id, wt } = await worktreeSession(h);
    const changes = h.core.services.changes;
    await until(() => h.eventsOf('session:changes').some((s) => s.sessionId === id && s.files === 0), { message: 'first count' });
    await changes.settled();
    const before = changes.countsRun;
    const sessions = h.core.services.sessions;
    for (let i = 1; i <= 20; i++) {
      writeFileSync(join(wt, `burst-${i}.txt`), 'x\n'.repeat(i));
      sessions.setStatus(id, i % 2 ? 'working' : 'idle');
      sessions.appendEntry(id, 'note', `step ${i}`);
    }
    await until(() => h.eventsOf('session:changes').some((s) => s.sessionId === id && s.files === 20), { message: 'the burst counted', timeoutMs: 10_000 });
    await changes.settled();
    expect(changes.countsRun).toBe(before + 1);
    expect(h.eventsOf('session:changes').filter((s) => s.sessionId === id).at(-1)).toMatchObject({ files: 20, added: 210, removed: 0 });
  });
});

describe('change parsing (pure)', () => {
  it('joins raw statuses with numstat counts, renames and tabs in paths included', () => {
    const out = [':100644 100644 aaa bbb M', 'a\tb.txt', ':100644 100644 aaa bbb R087', 'old.md', 'new.md', ':000000 100644 000 ccc A', 'x', '3\t1\ta\tb.txt', '1\t0\t', 'old.md', 'new.md', '-\t-\tx', ''].join('\0');
    expect(parseRawNumstat(out)).toEqual([
      { status: 'modified', path: 'a\tb.txt', oldPath: null, added: 3, removed: 1 },
      { status: 'renamed', path: 'new.md', oldPath: 'old.md', added: 1, removed: 0 },
      { status: 'added', path: 'x', oldPath: null, added: null, removed: null },
    ]);
  });

  it('cuts a big diff at a hunk boundary', () => {
    const diff = 'diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n@@ -9 +9 @@\n-c\n+d\n';
    expect(boundDiff(diff, 1000)).toEqual({ diff, truncated: false });
    const cut = boundDiff(diff, diff.length - 2);
    expect(cut).toEqual({ diff: 'diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n', truncated: true });
  });
});
