import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import { FakeApi } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// "Work in a new git worktree" in the New session dialog (issue 10, SPEC §7.1): what it sends.

const IN_REPO: ChannelOutput<'git:repoInfo'> = {
  repo: { root: '/home/ada/src', branch: 'main', dirty: true, remembered: { enabled: true, copyPatterns: ['.env'], setupCommand: '' } },
  reason: null,
};

beforeEach(() => localStorage.clear());
afterEach(cleanup);

async function openDialog(api: FakeApi) {
  await renderApp(api);
  await userEvent.click(screen.getByRole('button', { name: 'New session' }));
  return screen.getByRole('dialog', { name: 'New session' });
}

describe('New session: the worktree option', () => {
  it('inside a repository: checked as remembered, says the base checkout keeps its changes, and sends the details edited', async () => {
    const api = new FakeApi();
    api.override('git:repoInfo', () => ({ ok: true, value: IN_REPO }));
    const dialog = await openDialog(api);
    const box = await within(dialog).findByRole('checkbox', { name: 'Work in a new git worktree' });
    expect(box).toBeChecked();
    expect(dialog).toHaveTextContent('uncommitted changes; they stay where they are');
    await userEvent.click(within(dialog).getByText('Worktree setup'));
    const patterns = within(dialog).getByRole('textbox', { name: /Ignored files to copy/ });
    expect(patterns).toHaveValue('.env');
    await userEvent.type(patterns, '\nconfig/*.local.json');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Setup command' }), 'npm ci');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('sessions:create')).toHaveLength(1));
    expect(api.callsTo('sessions:create')[0]).toMatchObject({
      worktree: { enabled: true, copyPatterns: ['.env', 'config/*.local.json'], setupCommand: 'npm ci' },
    });
  });

  it('Open existing worktree: a worktree made outside Swarmdesk is offered and sent as the one to work in', async () => {
    const api = new FakeApi();
    api.override('git:repoInfo', () => ({ ok: true, value: IN_REPO }));
    api.override('git:outsideWorktrees', () => ({ ok: true, value: { items: [{ path: '/home/ada/wt/by-hand', branch: 'feature/by-hand' }] } }));
    const dialog = await openDialog(api);
    const existing = await within(dialog).findByRole('combobox', { name: 'Open existing worktree' });
    expect(within(existing).getAllByRole('option').map((o) => o.textContent)).toEqual(['A new worktree', 'feature/by-hand — /home/ada/wt/by-hand']);
    await userEvent.selectOptions(existing, '/home/ada/wt/by-hand');
    expect(existing).toHaveFocus();
    expect(dialog).toHaveTextContent('Works in the worktree at /home/ada/wt/by-hand, made outside Swarmdesk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('sessions:create')).toHaveLength(1));
    expect(api.callsTo('sessions:create')[0]).toMatchObject({ worktree: { enabled: true, existing: '/home/ada/wt/by-hand' } });
  });

  it('outside a repository: no checkbox, the reason shown, and nothing about worktrees sent', async () => {
    const api = new FakeApi();
    api.override('git:repoInfo', () => ({ ok: true, value: { repo: null, reason: 'The folder is not inside a git repository.' } }));
    const dialog = await openDialog(api);
    await waitFor(() => expect(dialog).toHaveTextContent('No worktree option: The folder is not inside a git repository.'));
    expect(within(dialog).queryByRole('checkbox', { name: 'Work in a new git worktree' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('sessions:create')).toHaveLength(1));
    expect(api.callsTo('sessions:create')[0]).not.toHaveProperty('worktree');
  });

  it('Create pressed before the repository is known still uses the remembered choice (on by default)', async () => {
    const api = new FakeApi();
    api.override('git:repoInfo', () => ({ ok: true, value: IN_REPO }));
    const dialog = await openDialog(api);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('sessions:create')).toHaveLength(1));
    expect(api.callsTo('sessions:create')[0]).toMatchObject({ worktree: { enabled: true, copyPatterns: ['.env'] } });
  });
});
