import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetChangesStore } from '../../src/renderer/src/features/changes/store';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import type { ChangesSummary } from '../../src/shared/ipc/git';
import { FakeApi, makeEntry, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// Commit and merge back (issue 10 part 3, SPEC §7.1): the pane header's buttons and the two dialogs.

type Check = ChannelOutput<'git:mergeCheck'>;
const CLEAN: Check = { baseBranch: 'main', branch: 'swarmdesk/fix-login', reason: null, uncommitted: 0, ahead: 2, conflicts: [], messages: { squash: 'Fix login redirect', merge: "Merge branch 'swarmdesk/fix-login' into main" } };

/** The pushed summary main would send for this state (the header's buttons follow it). */
function summaryOf(check: Check, partial: Partial<ChangesSummary> = {}): ChangesSummary {
  const counts = { files: check.uncommitted + check.ahead, added: 1, removed: 0, uncommitted: check.uncommitted, ahead: check.baseBranch ? check.ahead : null };
  return { sessionId: 'a', branch: check.branch ?? '', baseBranch: check.baseBranch, ...counts, missing: false, ...partial };
}

function apiWith(check: Check, kind: 'claude-code' | 'terminal' = 'claude-code'): FakeApi {
  const api = new FakeApi([makeRow({ id: 'a', title: 'Fix login redirect', kind })]);
  api.override('git:mergeCheck', () => ({ ok: true, value: check }));
  api.override('git:changeSummaries', () => ({ ok: true, value: { items: check.branch ? [summaryOf(check)] : [] } }));
  return api;
}

beforeEach(() => resetChangesStore());

async function openPane(api: FakeApi) {
  await renderApp(api);
  await userEvent.click(await screen.findByRole('listitem', { name: /^Fix login/ }));
  return screen.getByRole('main');
}

describe('Merge into <base>', () => {
  it('opens a dialog of the same name: radios Squash, Merge commit, Rebase in a radiogroup, Squash first and focused; Merge sends the choice', async () => {
    const api = apiWith(CLEAN);
    api.override('git:merge', () => ({ ok: true, value: { outcome: 'merged', baseBranch: 'main', strategy: 'rebase', commit: 'abc1234def' } }));
    const pane = await openPane(api);
    await userEvent.click(await within(pane).findByRole('button', { name: 'Merge into main' }));
    expect(within(pane).getByRole('button', { name: 'Commit' })).toBeDisabled(); // nothing to commit
    const dialog = screen.getByRole('dialog', { name: 'Merge into main' });
    const group = within(dialog).getByRole('radiogroup', { name: 'How to merge' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-describedby') && (r.closest('label')?.textContent ?? ''))).toEqual(['Squash', 'Merge commit', 'Rebase']);
    expect(within(dialog).getByRole('radio', { name: 'Squash' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Squash' })).toHaveFocus();
    expect(dialog).toHaveTextContent('2 commits from swarmdesk/fix-login.');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Rebase' }));
    // Merge waits for the conflict trial the dialog asks for when it opens.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeEnabled());
    expect(api.callsTo('git:mergeCheck')).toEqual([{ id: 'a' }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(api.callsTo('git:merge')).toEqual([{ id: 'a', strategy: 'rebase' }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Merge into main' })).not.toBeInTheDocument());
    expect(await screen.findByText('Merged swarmdesk/fix-login into main (after a rebase).')).toBeInTheDocument();
  });

  it('merged: the header says so and offers Remove worktree…, and no Commit (nothing can be left to commit then)', async () => {
    const merged = { ...CLEAN, ahead: 0 };
    const api = apiWith(merged);
    api.override('git:changeSummaries', () => ({ ok: true, value: { items: [summaryOf(merged, { files: 0, merged: 'main' })] } }));
    const pane = await openPane(api);
    expect(await within(pane).findByText('Merged into main')).toBeInTheDocument();
    expect(within(pane).getByRole('button', { name: 'Merge into main' })).toBeDisabled();
    expect(within(pane).getByRole('button', { name: 'Remove worktree…' })).toBeEnabled();
    expect(within(pane).queryByRole('button', { name: 'Commit' })).toBeNull();
    // Something new on the worktree ends the merged state: Commit is back.
    act(() => api.push('session:changes', summaryOf({ ...merged, uncommitted: 1 })));
    expect(within(pane).getByRole('button', { name: 'Commit' })).toBeEnabled();
  });

  it('merged in a worktree made outside Swarmdesk: no Remove worktree… (it is the user\'s to remove)', async () => {
    const merged = { ...CLEAN, branch: 'feature/by-hand', ahead: 0 };
    const api = apiWith(merged);
    api.override('git:changeSummaries', () => ({ ok: true, value: { items: [summaryOf(merged, { files: 0, merged: 'main', adopted: true })] } }));
    const pane = await openPane(api);
    expect(await within(pane).findByText('Merged into main')).toBeInTheDocument();
    expect(within(pane).getByRole('button', { name: 'Merge into main' })).toBeDisabled();
    expect(within(pane).queryByRole('button', { name: 'Remove worktree…' })).toBeNull();
  });

  it('conflicts found by the check are listed in an alert, Merge is off, and "Send to agent" asks the agent', async () => {
    const api = apiWith({ ...CLEAN, conflicts: ['README.md', 'src/app.ts'] });
    api.override('git:resolveConflicts', () => ({
      ok: true,
      value: { files: ['README.md', 'src/app.ts'], message: 'Resolve the conflicts with main: README.md, src/app.ts.', entry: makeEntry({ sessionId: 'a', seq: 1, text: 'Resolve the conflicts with main: README.md, src/app.ts.' }) },
    }));
    const pane = await openPane(api);
    await userEvent.click(await within(pane).findByRole('button', { name: 'Merge into main' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge into main' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('These 2 files conflict with main; main was not changed:');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['README.md', 'src/app.ts']);
    expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeDisabled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Send to agent' }));
    await waitFor(() => expect(api.callsTo('git:resolveConflicts')).toEqual([{ id: 'a', how: 'agent' }]));
    await waitFor(() => expect(screen.getByRole('log', { name: 'Transcript' })).toHaveTextContent('Resolve the conflicts with main'));
  });

  it('a terminal has no agent: only "Rebase in worktree"; conflicts from the merge itself show too', async () => {
    const api = apiWith(CLEAN, 'terminal');
    api.override('git:merge', () => ({ ok: true, value: { outcome: 'conflicts', baseBranch: 'main', files: ['notes.txt'] } }));
    const pane = await openPane(api);
    await userEvent.click(await within(pane).findByRole('button', { name: 'Merge into main' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge into main' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This file conflicts with main');
    expect(within(alert).queryByRole('button', { name: 'Send to agent' })).not.toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Rebase in worktree' })).toBeEnabled();
  });

  it('uncommitted work: the dialog says Commit first and offers it', async () => {
    const api = apiWith({ ...CLEAN, uncommitted: 3 });
    const pane = await openPane(api);
    await userEvent.click(await within(pane).findByRole('button', { name: 'Merge into main' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge into main' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The worktree has 3 uncommitted files. Commit them first.');
    expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Commit…' }));
    expect(await screen.findByRole('dialog', { name: 'Commit' })).toBeInTheDocument();
  });

  it('a refusal from main (a dirty base checkout) is an alert, and the dialog stays open', async () => {
    const api = apiWith(CLEAN);
    const refusal = 'main is checked out with uncommitted changes to README.md, which the merge would overwrite. Commit or stash them there first; nothing was changed.';
    api.override('git:merge', () => ({ ok: false, error: { code: 'CONFLICT', message: refusal } }));
    const pane = await openPane(api);
    await userEvent.click(await within(pane).findByRole('button', { name: 'Merge into main' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge into main' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog', { name: 'Merge into main' })).toBeInTheDocument();
  });

  it('made from a detached HEAD: no merge button, and the header says why', async () => {
    const api = apiWith({ ...CLEAN, baseBranch: null, ahead: 0, reason: 'This worktree was made from a detached HEAD (abc), so there is no branch to merge into.' });
    const pane = await openPane(api);
    expect(await within(pane).findByText(/made from a detached HEAD/)).toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: /^Merge into/ })).not.toBeInTheDocument();
  });

  it('a session without a worktree shows neither button', async () => {
    const api = apiWith({ ...CLEAN, branch: null, baseBranch: null, reason: 'This session does not work in a git worktree of its own.' });
    const pane = await openPane(api);
    await waitFor(() => expect(api.callsTo('git:changeSummaries').length).toBeGreaterThan(0));
    expect(within(pane).queryByRole('button', { name: 'Commit' })).not.toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: /^Merge into/ })).not.toBeInTheDocument();
  });
});

describe('Commit', () => {
  it('follows the pushed changes summary: an edit enables it and a commit disables it, with no focus event and no merge check', async () => {
    const api = apiWith({ ...CLEAN, ahead: 0 });
    const pane = await openPane(api);
    const button = await within(pane).findByRole('button', { name: 'Commit' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'Nothing to commit');
    expect(within(pane).queryByText(/to merge$/)).not.toBeInTheDocument();

    act(() => api.push('session:changes', summaryOf({ ...CLEAN, uncommitted: 2, ahead: 0 })));
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('title', '2 uncommitted files');

    act(() => api.push('session:changes', summaryOf({ ...CLEAN, uncommitted: 0, ahead: 1 })));
    expect(button).toBeDisabled();
    expect(within(pane).getByText('1 commit to merge')).toBeInTheDocument();
    expect(api.callsTo('git:mergeCheck')).toEqual([]);
  });

  it('waits for the first count: off and saying so while the summary has no counts yet', async () => {
    const api = apiWith(CLEAN);
    api.override('git:changeSummaries', () => ({ ok: true, value: { items: [summaryOf(CLEAN, { files: null, added: null, removed: null, uncommitted: null, ahead: null })] } }));
    const pane = await openPane(api);
    const button = await within(pane).findByRole('button', { name: 'Commit' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'Counting changes…');
    act(() => api.push('session:changes', summaryOf({ ...CLEAN, uncommitted: 1 })));
    expect(button).toBeEnabled();
  });

  it('is off with nothing to commit; with work, the dialog prefills the suggestion, which can be edited, and commits it', async () => {
    const api = apiWith({ ...CLEAN, uncommitted: 2 });
    api.override('git:suggestCommitMessage', () => ({ ok: true, value: { message: 'Fix login redirect loop', reason: null } }));
    api.override('git:commit', () => ({ ok: true, value: { commit: 'abcdef1234', files: 2 } }));
    const pane = await openPane(api);
    const button = await within(pane).findByRole('button', { name: 'Commit' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Commit' });
    const field = within(dialog).getByRole('textbox', { name: 'Commit message' });
    expect(field).toHaveFocus();
    await waitFor(() => expect(field).toHaveValue('Fix login redirect loop'));
    await userEvent.type(field, ' on Safari');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Commit' }));
    await waitFor(() => expect(api.callsTo('git:commit')).toEqual([{ id: 'a', message: 'Fix login redirect loop on Safari' }]));
    expect(await screen.findByText('Committed 2 files as abcdef1.')).toBeInTheDocument();
  });

  it('without a suggestion the field is empty and the dialog says why; Commit waits for a message', async () => {
    const api = apiWith({ ...CLEAN, uncommitted: 1 });
    api.override('git:suggestCommitMessage', () => ({ ok: true, value: { message: null, reason: 'No suggestion: ambient model work is off (Settings).' } }));
    const pane = await openPane(api);
    const button = await within(pane).findByRole('button', { name: 'Commit' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Commit' });
    expect(await within(dialog).findByText('No suggestion: ambient model work is off (Settings).')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Commit message' })).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Commit' })).toBeDisabled();
  });
});
