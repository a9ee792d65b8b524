import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';
import { LIST_PAGE_ROWS } from '../../src/renderer/src/features/sessions/actions';

async function menuAction(label: string, item: RegExp | string): Promise<void> {
  const row = screen.getByRole('listitem', { name: new RegExp(`^${label}`) });
  await userEvent.click(within(row).getByRole('button', { name: /More actions/ }));
  await userEvent.click(screen.getByRole('menuitem', { name: item }));
}

describe('archive, delete, pin', () => {
  it('archive hides the row with an "Archived … Undo" toast; Undo brings it back', async () => {
    const api = new FakeApi([makeRow({ id: 'b', title: 'Bravo flaky test hunt' }), makeRow({ id: 'a', title: 'Alpha release notes' })]);
    await renderApp(api);
    await screen.findAllByRole('listitem');
    await menuAction('Bravo', /^Archive/);
    expect(api.callsTo('sessions:setArchived')).toEqual([{ id: 'b', archived: true }]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /^Bravo/ })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Archived “Bravo flaky test hunt”.');
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(api.callsTo('sessions:setArchived')).toEqual([
      { id: 'b', archived: true },
      { id: 'b', archived: false },
    ]);
    expect(await screen.findByRole('listitem', { name: /^Bravo/ })).toBeInTheDocument();
    // The toast is gone, so a second archive offers exactly one Undo.
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('"Show archived" adds the archived rows, marked, after the others', async () => {
    const api = new FakeApi([makeRow({ id: 'b', title: 'Bravo flaky test hunt', archived: true }), makeRow({ id: 'a', title: 'Alpha release notes' })]);
    await renderApp(api);
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('listitem', { name: /^Bravo/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show archived' }));
    expect(await screen.findByRole('listitem', { name: /^Bravo flaky test hunt, idle, archived/ })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((row) => row.getAttribute('aria-label')?.split(',')[0])).toEqual(['Alpha release notes', 'Bravo flaky test hunt']);
    expect(api.callsTo('sessions:list').at(-1)).toEqual({ includeArchived: true, limit: LIST_PAGE_ROWS });
    await menuAction('Bravo', 'Unarchive');
    await waitFor(() => expect(screen.getByRole('listitem', { name: /^Bravo/ }).getAttribute('aria-label')).not.toContain('archived'));
  });

  it('delete asks first; Cancel keeps it; Delete removes it with an Undo that restores it', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha release notes' })]);
    await renderApp(api);
    await screen.findAllByRole('listitem');
    await menuAction('Alpha', /^Delete/);
    const confirm = screen.getByRole('alertdialog', { name: 'Delete “Alpha release notes”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('sessions:delete')).toEqual([]);
    await menuAction('Alpha', /^Delete/);
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(api.callsTo('sessions:delete')).toEqual([{ id: 'a' }]);
    await waitFor(() => expect(screen.queryByRole('listitem')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Deleted “Alpha release notes”.');
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(api.callsTo('sessions:restore')).toEqual([{ id: 'a' }]);
    expect(await screen.findByRole('listitem', { name: /^Alpha/ })).toBeInTheDocument();
  });

  it('the delete dialog says a worktree made outside Swarmdesk stays as it is; one Swarmdesk made is removed', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha release notes' }), makeRow({ id: 'b', title: 'Bravo flaky test hunt' })]);
    const worktree = { branch: 'feature/by-hand', baseBranch: 'main', baseCommit: 'c0ffee', uncommitted: 2, unmerged: 0, missing: false };
    api.override('git:worktreeState', ({ id }) => ({
      ok: true,
      value: { worktree: id === 'a' ? { ...worktree, path: '/src/by-hand', adopted: true } : { ...worktree, path: '/data/worktrees/b', branch: 'swarmdesk/b', adopted: false } },
    }));
    await renderApp(api);
    await screen.findAllByRole('listitem');
    await menuAction('Alpha', /^Delete/);
    const adopted = screen.getByRole('alertdialog', { name: 'Delete “Alpha release notes”?' });
    expect(await within(adopted).findByText(/made outside Swarmdesk/)).toHaveTextContent(
      'Its worktree /src/by-hand was made outside Swarmdesk: deleting leaves the folder, its files and the branch feature/by-hand exactly as they are.',
    );
    expect(adopted).not.toHaveTextContent('removes the worktree folder');
    await userEvent.click(within(adopted).getByRole('button', { name: 'Cancel' }));

    await menuAction('Bravo', /^Delete/);
    const made = screen.getByRole('alertdialog', { name: 'Delete “Bravo flaky test hunt”?' });
    expect(await within(made).findByText(/removes the worktree folder/)).toHaveTextContent('leaves the branch swarmdesk/b as it is');
    expect(made).not.toHaveTextContent('made outside Swarmdesk');
    expect(api.callsTo('sessions:delete')).toEqual([]);
  });

  it('Pin moves a row into the pinned group at the top; Unpin takes it out', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha', position: 0 }), makeRow({ id: 'b', title: 'Bravo', position: 1 })]);
    await renderApp(api);
    await screen.findAllByRole('listitem');
    await menuAction('Bravo', 'Pin');
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveAccessibleName(/^Bravo, idle, pinned/));
    await menuAction('Bravo', 'Unpin');
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveAccessibleName(/^Alpha/));
  });

  it('a failed action shows its error message', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' })]);
    api.override('sessions:setPinned', () => ({ ok: false, error: { code: 'NOT_FOUND', message: 'That session is gone.' } }));
    await renderApp(api);
    await screen.findAllByRole('listitem');
    await menuAction('Alpha', 'Pin');
    expect(await screen.findByText('That session is gone.')).toBeInTheDocument();
  });
});

describe('row menu', () => {
  it('its button toggles it; Escape closes it and gives focus back to the button', async () => {
    await renderApp(new FakeApi([makeRow({ id: 'a', title: 'Alpha' })]));
    const button = await screen.findByRole('button', { name: 'More actions for Alpha' });
    await userEvent.click(button);
    expect(screen.getByRole('menu', { name: 'Actions for Alpha' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('menuitem')[0]).toHaveFocus();
    await userEvent.click(button);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await userEvent.click(button);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Regenerate title' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
