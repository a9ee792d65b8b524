import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSettingsOpen } from '../../src/renderer/src/features/settings/store';
import type { RemovedWorktreeItem } from '../../src/shared/ipc/gitRemoved';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const HOUR = 60 * 60 * 1000;

/** Main's side: two removed worktrees; the first restores, the second is refused (its repository gone). */
function removedApi(): FakeApi {
  const api = new FakeApi([makeRow({ id: 'a', title: 'Billing export', folder: '/src/billing' })]);
  let items: RemovedWorktreeItem[] = [
    { id: '0123456789abcdef', sessionId: 'a', repoRoot: '/src/billing', path: '/wt/billing-1/a1/billing', branch: 'swarmdesk/billing-export', how: 'removed', removedAt: Date.now() - 2 * HOUR },
    { id: 'fedcba9876543210', sessionId: 'b', repoRoot: '/src/gone', path: '/wt/gone-2/b2/gone', branch: 'swarmdesk/old-work', how: 'deleted', removedAt: Date.now() - 30 * HOUR },
  ];
  api.override('git:removedWorktrees', () => ({ ok: true, value: { items } }));
  api.override('git:restoreRemovedWorktree', (input) => {
    if (input.removed === 'fedcba9876543210') return { ok: false, error: { code: 'CONFLICT', message: 'The repository /src/gone is gone.' } };
    items = items.filter((i) => i.id !== input.removed);
    return { ok: true, value: { path: '/wt/billing-1/a1/billing', branch: 'swarmdesk/billing-export-restored', newBranch: true } };
  });
  return api;
}

describe('Settings → General → Recently removed', () => {
  it('lists each removed worktree as a listitem with Restore; a restore is said in a status (focus there), a refusal in an alert', async () => {
    const api = removedApi();
    await renderApp(api);
    act(() => setSettingsOpen(true, 'general'));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    const group = within(dialog).getByRole('group', { name: 'Recently removed' });
    const list = await within(group).findByRole('list', { name: 'Recently removed worktrees' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'swarmdesk/billing-export/wt/billing-1/a1/billingRemoved after a merge · 2h agoRestore',
      'swarmdesk/old-work/wt/gone-2/b2/goneSession deleted · 1d agoRestore',
    ]);

    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Restore' }));
    expect(api.callsTo('git:restoreRemovedWorktree')).toEqual([{ removed: '0123456789abcdef' }]);
    const status = within(group).getByRole('status');
    await expect.poll(() => status.textContent).toBe('Restored at /wt/billing-1/a1/billing on the new branch swarmdesk/billing-export-restored, with its uncommitted files.');
    await expect.poll(() => document.activeElement).toBe(status);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);

    await userEvent.click(within(list).getByRole('button', { name: 'Restore' }));
    expect(await within(group).findByRole('alert')).toHaveTextContent('The repository /src/gone is gone.');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it("a worktree removed on a remote host says so and is restored on that host", async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Billing export', folder: '/src/billing' })]);
    const onBox: RemovedWorktreeItem = {
      id: 'b0b0b0b0b0b0b0b0',
      sessionId: 'r',
      repoRoot: '/srv/billing',
      path: '/srv/data/worktrees/billing/r1/billing',
      branch: 'swarmdesk/box-work',
      how: 'deleted',
      removedAt: Date.now() - 2 * HOUR,
      host: 'box',
    };
    api.override('git:removedWorktrees', () => ({ ok: true, value: { items: [onBox] } }));
    api.override('git:restoreRemovedWorktree', () => ({ ok: true, value: { path: onBox.path, branch: onBox.branch, newBranch: false } }));
    await renderApp(api);
    act(() => setSettingsOpen(true, 'general'));
    const group = within(await screen.findByRole('dialog', { name: 'Settings' })).getByRole('group', { name: 'Recently removed' });
    const [item] = within(await within(group).findByRole('list', { name: 'Recently removed worktrees' })).getAllByRole('listitem');
    expect(item).toHaveTextContent('Session deleted · on box · 2h ago');
    await userEvent.click(within(item!).getByRole('button', { name: 'Restore' }));
    expect(api.callsTo('git:restoreRemovedWorktree')).toEqual([{ removed: 'b0b0b0b0b0b0b0b0', host: 'box' }]);
    await expect.poll(() => within(group).getByRole('status').textContent).toBe(
      'Restored on box at /srv/data/worktrees/billing/r1/billing on its branch swarmdesk/box-work, with its uncommitted files.',
    );
  });

  it('says when nothing was removed', async () => {
    await renderApp(new FakeApi([makeRow({ id: 'a' })]));
    act(() => setSettingsOpen(true, 'general'));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    const group = within(dialog).getByRole('group', { name: 'Recently removed' });
    expect(await within(group).findByText('No worktree was removed in the last 14 days.')).toBeInTheDocument();
  });
});
