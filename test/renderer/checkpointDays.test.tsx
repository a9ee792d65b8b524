import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSettingsOpen } from '../../src/renderer/src/features/settings/store';
import type { SettingsView } from '../../src/shared/ipc/settings';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

/** Main's side of the settings: keeps what settings:set gets, as the core does. */
function settingsApi(keepCheckpointDays = 14): FakeApi {
  const api = new FakeApi([makeRow({ id: 'a' })]);
  let general: SettingsView['general'] = { theme: 'system', keepCheckpointDays };
  api.override('settings:get', () => ({ ok: true, value: { general } as SettingsView }));
  api.override('settings:set', (input) => {
    general = { ...general, ...input.general };
    return { ok: true, value: { general } as SettingsView };
  });
  api.override('git:removedWorktrees', () => ({ ok: true, value: { items: [] } }));
  return api;
}

async function openGeneral() {
  act(() => setSettingsOpen(true, 'general'));
  return screen.findByRole('dialog', { name: 'Settings' });
}

describe('Settings → General → Keep checkpoints for N days', () => {
  it('shows the days kept (14 by default); a new number is saved on Enter, the focus stays in the field, and Recently removed says the new window', async () => {
    const api = settingsApi();
    await renderApp(api);
    const dialog = await openGeneral();
    const days = await within(dialog).findByRole('spinbutton', { name: 'Keep checkpoints for days' });
    await expect.poll(() => (days as HTMLInputElement).value).toBe('14');
    const removed = within(dialog).getByRole('group', { name: 'Recently removed' });
    expect(await within(removed).findByText('No worktree was removed in the last 14 days.')).toBeInTheDocument();

    await userEvent.clear(days);
    await userEvent.type(days, '30{Enter}');
    expect(api.callsTo('settings:set')).toEqual([{ general: { keepCheckpointDays: 30 } }]);
    const group = within(dialog).getByRole('group', { name: 'Checkpoints' });
    expect(await within(group).findByRole('status')).toHaveTextContent('Saved');
    expect(document.activeElement).toBe(days);
    expect((days as HTMLInputElement).value).toBe('30');
    expect(within(removed).getByText('No worktree was removed in the last 30 days.')).toBeInTheDocument();
    expect(within(removed).getByText(/kept 30 days/)).toBeInTheDocument();
  });

  it('refuses what is not whole days from 1 to 365 in an alert, sends nothing, and keeps the focus', async () => {
    const api = settingsApi(7);
    await renderApp(api);
    const dialog = await openGeneral();
    const days = await within(dialog).findByRole('spinbutton', { name: 'Keep checkpoints for days' });
    await expect.poll(() => (days as HTMLInputElement).value).toBe('7');
    for (const typed of ['0', '366', '2.5']) {
      await userEvent.clear(days);
      await userEvent.type(days, `${typed}{Enter}`);
      expect(await within(within(dialog).getByRole('group', { name: 'Checkpoints' })).findByRole('alert')).toHaveTextContent('Whole days from 1 to 365.');
      expect(days).toHaveAttribute('aria-invalid', 'true');
      expect(document.activeElement).toBe(days);
    }
    expect(api.callsTo('settings:set')).toEqual([]);
  });
});
