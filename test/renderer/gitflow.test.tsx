import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetChangesStore } from '../../src/renderer/src/features/changes/store';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import type { Changes, ChangesSummary } from '../../src/shared/ipc/git';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// The git flow after issue 14 §3: Merge off with its reason, the merge message, the Commit dialog's
// files, "Merged into main" and removing the worktree, the branch note following a rename, and
// Changes listing again after a commit.

type Check = ChannelOutput<'git:mergeCheck'>;
const MESSAGES = { squash: 'Add the login retry\n\nSquashed from swarmdesk/fix-login (2 commits)', merge: "Merge branch 'swarmdesk/fix-login' into main" };
const CHECK: Check = { baseBranch: 'main', branch: 'swarmdesk/fix-login', reason: null, uncommitted: 0, ahead: 2, conflicts: [], messages: MESSAGES };

const summary = (partial: Partial<ChangesSummary> = {}): ChangesSummary => ({
  sessionId: 'a',
  branch: 'swarmdesk/fix-login',
  baseBranch: 'main',
  files: 2,
  added: 3,
  removed: 1,
  uncommitted: 0,
  ahead: 2,
  missing: false,
  merged: null,
  ...partial,
});

function apiWith(first: ChangesSummary): FakeApi {
  const api = new FakeApi([makeRow({ id: 'a', title: 'Fix login redirect', kind: 'claude-code' })]);
  api.override('git:mergeCheck', () => ({ ok: true, value: CHECK }));
  api.override('git:changeSummaries', () => ({ ok: true, value: { items: [first] } }));
  return api;
}

beforeEach(() => resetChangesStore());

async function openPane(api: FakeApi) {
  await renderApp(api);
  await userEvent.click(await screen.findByRole('listitem', { name: /^Fix login/ }));
  return screen.getByRole('main');
}

describe('Merge into <base> is off, with why', () => {
  it('nothing to merge (no commits ahead, nothing uncommitted): disabled, the reason is its description', async () => {
    const pane = await openPane(apiWith(summary({ ahead: 0, files: 0 })));
    const merge = await within(pane).findByRole('button', { name: 'Merge into main' });
    expect(merge).toBeDisabled();
    expect(merge).toHaveAccessibleDescription('Nothing to merge: no commits that main lacks');
  });

  it('uncommitted work only: Merge opens (to say Commit first), and says so', async () => {
    const pane = await openPane(apiWith(summary({ ahead: 0, uncommitted: 2 })));
    const merge = await within(pane).findByRole('button', { name: 'Merge into main' });
    expect(merge).toBeEnabled();
    expect(merge).toHaveAccessibleDescription('Commit 2 uncommitted files first');
  });

  it('follows the pushes: commits ahead enable it, a merge turns it off with "Merged into main"', async () => {
    const api = apiWith(summary({ ahead: 0 }));
    const pane = await openPane(api);
    const merge = await within(pane).findByRole('button', { name: 'Merge into main' });
    expect(merge).toBeDisabled();
    act(() => api.push('session:changes', summary({ ahead: 1 })));
    expect(merge).toBeEnabled();
    expect(merge).toHaveAccessibleDescription('1 commit to merge');
    act(() => api.push('session:changes', summary({ ahead: 0, files: 0, merged: 'main' })));
    expect(merge).toBeDisabled();
    expect(merge).toHaveAccessibleDescription('Merged into main');
    expect(within(pane).getByRole('button', { name: 'Remove worktree…' })).toBeEnabled();
  });
});

describe('the Merge dialog’s message', () => {
  it('prefilled from the check per strategy, editable, and sent as confirmed; Rebase has none', async () => {
    const api = apiWith(summary());
    api.override('git:merge', () => ({ ok: true, value: { outcome: 'merged', baseBranch: 'main', strategy: 'merge', commit: 'abc1234def' } }));
    const pane = await openPane(api);
    await userEvent.click(await within(pane).findByRole('button', { name: 'Merge into main' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge into main' });
    const squash = await within(dialog).findByRole('textbox', { name: 'Squash commit message' });
    await waitFor(() => expect(squash).toHaveValue(MESSAGES.squash));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Merge commit' }));
    const field = within(dialog).getByRole('textbox', { name: 'Merge commit message' });
    expect(field).toHaveValue(MESSAGES.merge);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Rebase' }));
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Merge commit' }));
    const again = within(dialog).getByRole('textbox', { name: 'Merge commit message' });
    await userEvent.clear(again);
    await userEvent.type(again, 'Merge the login retry');
    // An edited message stays when the strategy changes.
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Squash' }));
    expect(within(dialog).getByRole('textbox', { name: 'Squash commit message' })).toHaveValue('Merge the login retry');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Merge commit' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(api.callsTo('git:merge')).toEqual([{ id: 'a', strategy: 'merge', message: 'Merge the login retry' }]));
  });

  it('an emptied message turns Merge off', async () => {
    const pane = await openPane(apiWith(summary()));
    await userEvent.click(await within(pane).findByRole('button', { name: 'Merge into main' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge into main' });
    const field = await within(dialog).findByRole('textbox', { name: 'Squash commit message' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeEnabled());
    await userEvent.clear(field);
    expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeDisabled();
  });
});

describe('the Commit dialog', () => {
  it('lists the files it will commit, each named by its path and how it changed', async () => {
    const api = apiWith(summary({ uncommitted: 2 }));
    api.override('git:suggestCommitMessage', () => ({ ok: true, value: { message: 'Retry the login', reason: null } }));
    api.override('git:uncommittedFiles', () => ({ ok: true, value: { files: [{ path: 'src/login.ts', how: 'modified' }, { path: 'notes/new file.md', how: 'new' }], truncated: false } }));
    const pane = await openPane(api);
    await userEvent.click(await within(pane).findByRole('button', { name: 'Commit' }));
    const dialog = screen.getByRole('dialog', { name: 'Commit' });
    const list = await within(dialog).findByRole('list', { name: 'These 2 files go into a commit on swarmdesk/fix-login:' });
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['src/login.ts, modified', 'notes/new file.md, new']);
  });
});

describe('after a merge', () => {
  it('"Remove worktree…" offers keeping or deleting the branch and sends the choice; a refusal stays in the dialog', async () => {
    const api = apiWith(summary({ ahead: 0, files: 0, merged: 'main' }));
    const refusal = 'The branch swarmdesk/fix-login has 1 commit that main does not have; deleting it would lose it. Merge first, or keep the branch. Nothing was removed.';
    let calls = 0;
    api.override('git:removeWorktree', ({ deleteBranch }) =>
      ++calls === 1
        ? { ok: false, error: { code: 'CONFLICT', message: refusal } }
        : { ok: true, value: { branch: 'swarmdesk/fix-login', branchDeleted: deleteBranch, message: 'Removed the worktree folder /w; the branch swarmdesk/fix-login is kept.' } },
    );
    const pane = await openPane(api);
    expect(await within(pane).findByText('Merged into main')).toBeInTheDocument();
    await userEvent.click(within(pane).getByRole('button', { name: 'Remove worktree…' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove worktree' });
    expect(within(dialog).getByRole('radio', { name: 'Keep the branch' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Delete the branch' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Keep the branch' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove worktree' })).not.toBeInTheDocument());
    expect(api.callsTo('git:removeWorktree')).toEqual([
      { id: 'a', deleteBranch: true },
      { id: 'a', deleteBranch: false },
    ]);
    act(() => api.push('session:changes', summary({ ahead: 0, files: 0, uncommitted: 0, missing: true, worktreeRemoved: 'branch-kept' })));
    expect(within(pane).getByText('Worktree removed; the branch swarmdesk/fix-login is kept.')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: /^Fix login redirect/ }).getAttribute('aria-label')).toContain('on swarmdesk/fix-login, worktree removed');
    expect(within(pane).queryByRole('button', { name: /^Merge into/ })).not.toBeInTheDocument();
  });
});

describe('the worktree note', () => {
  it('names the branch from the pushed summary, so it follows a rename after the title', async () => {
    const api = apiWith(summary({ branch: 'swarmdesk/547c592e' }));
    const pane = await openPane(api);
    const note = await within(pane).findByRole('note', { name: 'Worktree' });
    expect(note).toHaveTextContent('branch swarmdesk/547c592e from main');
    act(() => api.push('session:changes', summary({ branch: 'swarmdesk/fix-login-redirect' })));
    expect(note).toHaveTextContent('branch swarmdesk/fix-login-redirect from main');
  });
});

describe('Changes after a commit', () => {
  it('an open region lists again when only what is uncommitted moved (the committed file is no longer new)', async () => {
    const api = apiWith(summary({ uncommitted: 1, ahead: 0, files: 1 }));
    const untracked: Changes = {
      summary: summary({ uncommitted: 1, ahead: 0, files: 1 }),
      forkCommit: 'abc',
      files: [{ path: 'hello.txt', oldPath: null, status: 'added', untracked: true, binary: false, added: 1, removed: 0 }],
      truncated: false,
    };
    let listed = untracked;
    api.override('git:changes', () => ({ ok: true, value: listed }));
    const pane = await openPane(api);
    await userEvent.click(await within(pane).findByRole('button', { name: 'Changes' }));
    const region = await screen.findByRole('region', { name: 'Changes' });
    expect(await within(region).findByRole('listitem', { name: 'hello.txt +1 −0, new' })).toBeInTheDocument();
    listed = { ...untracked, summary: summary({ uncommitted: 0, ahead: 1, files: 1 }), files: [{ ...untracked.files[0]!, untracked: false }] };
    // The commit's push: same files and counts, nothing uncommitted now.
    act(() => api.push('session:changes', summary({ uncommitted: 0, ahead: 1, files: 1 })));
    expect(await within(region).findByRole('listitem', { name: 'hello.txt +1 −0, added' })).toBeInTheDocument();
  });
});
