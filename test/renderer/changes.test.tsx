import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChangedFile, Changes, ChangesSummary } from '../../src/shared/ipc/git';
import { resetChangesStore } from '../../src/renderer/src/features/changes/store';
import { changeName } from '../../src/renderer/src/features/changes/format';
import { hunksWithin, splitDiff, splitHunk } from '../../src/renderer/src/features/changes/hunks';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const summary = (partial: Partial<ChangesSummary> = {}): ChangesSummary => ({
  sessionId: 'w',
  branch: 'swarmdesk/fix-login',
  baseBranch: 'main',
  files: 2,
  added: 4,
  removed: 1,
  uncommitted: 1,
  ahead: 0,
  missing: false,
  ...partial,
});

const file = (partial: Partial<ChangedFile> & Pick<ChangedFile, 'path'>): ChangedFile => ({
  oldPath: null,
  status: 'modified',
  untracked: false,
  binary: false,
  added: 1,
  removed: 0,
  ...partial,
});

const APP_DIFF = 'diff --git a/src/app.ts b/src/app.ts\n--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,2 +1,3 @@\n const a = 1;\n-const b = 2;\n+const b = 3;\n+const c = 4;\n';

function api(files: ChangedFile[]): FakeApi {
  const fake = new FakeApi([makeRow({ id: 'w', kind: 'terminal', title: 'Fix the login redirect' }), makeRow({ id: 'p', kind: 'chat', title: 'Plain chat' })]);
  fake.override('git:changeSummaries', () => ({ ok: true, value: { items: [summary({ files: files.length })] } }));
  const changes: Changes = { summary: summary({ files: files.length }), forkCommit: 'abc', files, truncated: false };
  fake.override('git:changes', () => ({ ok: true, value: changes }));
  fake.override('git:fileDiff', ({ path }) => {
    const f = files.find((x) => x.path === path);
    if (!f) return { ok: false, error: { code: 'NOT_FOUND', message: `${path} is not one of this session's changed files.` } };
    return { ok: true, value: { file: f, diff: path === 'src/app.ts' ? APP_DIFF : '', truncated: false, oldContent: 'const a = 1;\nconst b = 2;\n', newContent: 'const a = 1;\nconst b = 3;\nconst c = 4;\n' } };
  });
  return fake;
}

beforeEach(() => {
  resetChangesStore();
  // jsdom has no canvas; the diff library measures line-number widths with one. A text measure is enough here.
  HTMLCanvasElement.prototype.getContext = (() => ({ font: '', measureText: (text: string) => ({ width: text.length * 7 }) })) as unknown as HTMLCanvasElement['getContext'];
});

describe('the Changes region', () => {
  it('shows the button’s counts only when lines changed: none beside it at +0 −0, in its title neither', async () => {
    const fake = api([]);
    let current = summary({ files: 0, added: 0, removed: 0, uncommitted: 0 });
    fake.override('git:changeSummaries', () => ({ ok: true, value: { items: [current] } }));
    await renderApp(fake);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Fix the login redirect/ }));
    const button = await screen.findByRole('button', { name: 'Changes' });
    expect(button.querySelector('.changes-counts')).toBeNull();
    expect(button).toHaveAttribute('title', 'What this session changed on swarmdesk/fix-login');
    // The same button with lines changed shows them.
    current = summary({ added: 3, removed: 0 });
    act(() => fake.push('session:changes', current));
    expect(button.querySelector('.changes-counts')).toHaveTextContent('+3 −0');
    expect(button).toHaveAttribute('title', 'What this session changed on swarmdesk/fix-login (+3 −0)');
  });

  it('lists each changed file by path with its counts, and shows the selected one’s diff', async () => {
    const fake = api([file({ path: 'src/app.ts', added: 2, removed: 1 }), file({ path: 'docs/new file.md', status: 'added', untracked: true, added: 3 }), file({ path: 'logo.png', binary: true, added: null, removed: null })]);
    await renderApp(fake);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Fix the login redirect/ }));
    const button = await screen.findByRole('button', { name: 'Changes' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const region = await screen.findByRole('region', { name: 'Changes' });
    expect(button).toHaveAttribute('aria-controls', region.id);
    const items = await within(region).findAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['src/app.ts +2 −1', 'docs/new file.md +3 −0, new', 'logo.png binary']);
    await userEvent.click(items[0]!);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    const diff = await within(region).findByRole('group', { name: 'Diff of src/app.ts' }, { timeout: 5000 });
    expect(diff).toHaveTextContent('const c = 4;');
    expect(fake.callsTo('git:fileDiff')).toEqual([{ id: 'w', path: 'src/app.ts' }]);
    // Keyboard: arrows move, Enter shows.
    items[0]!.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await within(region).findByText('logo.png is a binary file; no text diff to show.')).toBeInTheDocument();
    // Split and unified.
    await userEvent.click(within(region).getByRole('button', { name: 'Unified' }));
    expect(within(region).getByRole('button', { name: 'Unified' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button);
    expect(screen.queryByRole('region', { name: 'Changes' })).toBeNull();
  });

  it('says "No changes yet" when nothing changed, and has no Changes button without a worktree', async () => {
    await renderApp(api([]));
    await userEvent.click(await screen.findByRole('listitem', { name: /^Plain chat/ }));
    expect(await screen.findByRole('main', { name: 'Plain chat' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Changes' })).toBeNull();
    await userEvent.click(screen.getByRole('listitem', { name: /^Fix the login redirect/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Changes' }));
    const region = await screen.findByRole('region', { name: 'Changes' });
    expect(await within(region).findByText('No changes yet')).toBeInTheDocument();
  });

  it('the row shows the branch and +N −M, following session:changes pushes; an open region lists again', async () => {
    const fake = api([file({ path: 'a.ts' })]);
    await renderApp(fake);
    // The summaries are asked for after the first paint: the row gains them then.
    const row = await screen.findByRole('listitem', { name: /^Fix the login redirect.*on swarmdesk\/fix-login, \+4 −1/ });
    expect(row).toHaveTextContent('⎇ fix-login');
    await userEvent.click(row);
    await userEvent.click(await screen.findByRole('button', { name: 'Changes' }));
    await screen.findByRole('region', { name: 'Changes' });
    const before = fake.callsTo('git:changes').length;
    act(() => fake.push('session:changes', summary({ added: 9, removed: 2, files: 3 })));
    expect(screen.getByRole('listitem', { name: /^Fix the login redirect/ }).getAttribute('aria-label')).toContain('+9 −2');
    expect(fake.callsTo('git:changes').length).toBe(before + 1);
    // Coming back to the window lists them again.
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(fake.callsTo('git:changes').length).toBe(before + 2);
  });
});

describe('coming back to the window', () => {
  it('counts the shown worktree session again even with the region closed (edits made in another editor)', async () => {
    const fake = api([file({ path: 'a.ts' })]);
    await renderApp(fake);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Fix the login redirect.*on swarmdesk\/fix-login/ }));
    expect(await screen.findByRole('button', { name: 'Changes' })).toHaveAttribute('aria-expanded', 'false');
    const before = fake.callsTo('git:changes').length;
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(fake.callsTo('git:changes').length).toBe(before + 1);
    expect(screen.queryByRole('region', { name: 'Changes' })).not.toBeInTheDocument();
  });
});

describe('a worktree folder removed by hand', () => {
  it('the row and the region say it is missing instead of listing nothing', async () => {
    const fake = api([]);
    const missing = summary({ missing: true, files: 0, added: 0, removed: 0 });
    fake.override('git:changeSummaries', () => ({ ok: true, value: { items: [missing] } }));
    fake.override('git:changes', () => ({ ok: true, value: { summary: missing, forkCommit: null, files: [], truncated: false } }));
    await renderApp(fake);
    const row = await screen.findByRole('listitem', { name: /^Fix the login redirect.*on swarmdesk\/fix-login, worktree missing/ });
    await userEvent.click(row);
    await userEvent.click(await screen.findByRole('button', { name: 'Changes' }));
    const region = await screen.findByRole('region', { name: 'Changes' });
    expect(await within(region).findByText(/The worktree folder is gone/)).toBeInTheDocument();
    expect(within(region).queryByText('No changes yet')).toBeNull();
  });
});

describe('after a merge and after Remove worktree (issue 28)', () => {
  async function openRegion(state: ChangesSummary): Promise<HTMLElement> {
    const fake = api([]);
    fake.override('git:changeSummaries', () => ({ ok: true, value: { items: [state] } }));
    fake.override('git:changes', () => ({ ok: true, value: { summary: state, forkCommit: state.missing ? null : 'abc', files: [], truncated: false } }));
    await renderApp(fake);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Fix the login redirect/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Changes' }));
    return screen.findByRole('region', { name: 'Changes' });
  }
  const bar = (region: HTMLElement): HTMLElement => region.querySelector<HTMLElement>('.changes-bar')!;
  const title = (region: HTMLElement): HTMLElement => region.querySelector<HTMLElement>('.changes-title')!;

  it('merged: the bar says so, not "0 files · +0 −0"; no diff layout to choose, Refresh still there', async () => {
    const region = await openRegion(summary({ files: 0, added: 0, removed: 0, uncommitted: 0, ahead: 0, merged: 'main' }));
    expect(await within(region).findByText('Nothing new on swarmdesk/fix-login since the merge.')).toBeInTheDocument();
    expect(title(region)).toHaveTextContent(/^Merged into main · swarmdesk\/fix-login$/);
    expect(bar(region)).not.toHaveTextContent('0 files');
    expect(bar(region)).not.toHaveTextContent('+0 −0');
    expect(within(region).queryByRole('button', { name: 'Split' })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Unified' })).toBeNull();
    expect(within(region).getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('removed: the bar says "Worktree removed" and offers nothing (no folder to list or lay out)', async () => {
    const region = await openRegion(summary({ missing: true, files: 0, added: 0, removed: 0, uncommitted: 0, ahead: 0, worktreeRemoved: 'branch-deleted' }));
    expect(await within(region).findByText(/The worktree was removed after the merge, and the branch swarmdesk\/fix-login with it/)).toBeInTheDocument();
    expect(title(region)).toHaveTextContent(/^Worktree removed$/);
    expect(within(bar(region)).queryAllByRole('button')).toEqual([]);
  });

  it('nothing changed yet: the branch, no counts and no layout buttons over "No changes yet"', async () => {
    const region = await openRegion(summary({ files: 0, added: 0, removed: 0, uncommitted: 0, ahead: 0 }));
    expect(await within(region).findByText('No changes yet')).toBeInTheDocument();
    expect(title(region)).toHaveTextContent(/^swarmdesk\/fix-login since it left main$/);
    expect(within(bar(region)).getAllByRole('button').map((b) => b.textContent)).toEqual(['Refresh']);
    // The branch keeps its whole name in its tooltip (cut at its end where its line is short).
    expect(within(bar(region)).getByText('swarmdesk/fix-login')).toHaveAttribute('title', 'swarmdesk/fix-login');
  });
});

describe('change names and big diffs (pure)', () => {
  it('names start with the path', () => {
    expect(changeName(file({ path: 'b.md', status: 'renamed', oldPath: 'a.md', added: 0, removed: 0 }))).toBe('b.md +0 −0, renamed from a.md');
    expect(changeName(file({ path: 'gone.txt', status: 'deleted', added: 0, removed: 5 }))).toBe('gone.txt +0 −5, deleted');
    expect(changeName(file({ path: 'huge.log', added: null, removed: null }))).toBe('huge.log too large to count');
  });

  it('splits a diff into hunks and takes as many as fit a line budget', () => {
    const split = splitDiff('diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n@@ -9 +9 @@\n-c\n+d\n');
    expect(split.header).toBe('diff --git a/f b/f\n--- a/f\n+++ b/f\n');
    expect(split.hunks).toEqual(['@@ -1 +1 @@\n-a\n+b\n', '@@ -9 +9 @@\n-c\n+d\n']);
    expect(hunksWithin(split, 0, 4)).toBe(1);
    expect(hunksWithin(split, 0, 100)).toBe(2);
    expect(hunksWithin(split, 1, 1)).toBe(2);
  });

  it('cuts one long hunk into parts with line numbers that carry on', () => {
    const added = ['@@ -0,0 +1,5 @@', '+a', '+b', '+c', '+d', '+e', '\\ No newline at end of file'].join('\n');
    expect(splitHunk(added, 2)).toEqual(['@@ -0,0 +1,2 @@\n+a\n+b\n', '@@ -0,0 +3,2 @@\n+c\n+d\n', '@@ -0,0 +5,1 @@\n+e\n\\ No newline at end of file']);
    const mixed = '@@ -10,4 +10,4 @@ fn\n ctx\n-old\n+new\n ctx2\n more\n';
    expect(splitHunk(mixed, 3)).toEqual(['@@ -10,2 +10,2 @@ fn\n ctx\n-old\n+new\n', '@@ -12,2 +12,2 @@\n ctx2\n more\n']);
    expect(splitDiff(`h\n${added}`, 2).hunks).toHaveLength(3);
  });
});
