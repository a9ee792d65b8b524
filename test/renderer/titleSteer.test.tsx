import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TitleHistoryItem } from '../../src/shared/domain/session';
import type { Title } from '../../src/shared/domain/title';
import { FakeApi, NOW, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

/** The row menu's title controls (SPEC §7.1): "Title automatically" and "Title history…". */
async function openMenu(label: string): Promise<HTMLElement> {
  const row = screen.getByRole('listitem', { name: new RegExp(`^${label}`) });
  await userEvent.click(within(row).getByRole('button', { name: /More actions/ }));
  return screen.getByRole('menu');
}

function steerApi(automatic: boolean, history: TitleHistoryItem[] = []): FakeApi {
  const api = new FakeApi([makeRow({ id: 'a', title: 'Resumable uploads with progress', titleSource: 'auto' })]);
  let on = automatic;
  api.override('sessions:titleAutomatic', (input) => ({ ok: true, value: { id: input.id, automatic: on } }));
  api.override('sessions:setTitleAutomatic', (input) => {
    on = input.automatic;
    return { ok: true, value: { id: input.id, automatic: on } };
  });
  api.override('sessions:titleHistory', () => ({ ok: true, value: history }));
  return api;
}

describe('Title automatically', () => {
  it('is a menuitemcheckbox showing the session’s own state; picking it turns it off (and on again)', async () => {
    const api = steerApi(true);
    await renderApp(api);
    await screen.findAllByRole('listitem');
    let menu = await openMenu('Resumable');
    const item = within(menu).getByRole('menuitemcheckbox', { name: 'Title automatically' });
    await waitFor(() => expect(item).toHaveAttribute('aria-checked', 'true'));
    expect(api.callsTo('sessions:titleAutomatic')).toEqual([{ id: 'a' }]);
    await userEvent.click(item);
    expect(api.callsTo('sessions:setTitleAutomatic')).toEqual([{ id: 'a', automatic: false }]);
    expect(await screen.findByText('No more automatic titles for this session; its title stays.')).toBeInTheDocument();
    // The keyboard went back to the row's menu button.
    expect(document.activeElement).toHaveAttribute('data-menu-trigger', 'a');

    menu = await openMenu('Resumable');
    await waitFor(() => expect(within(menu).getByRole('menuitemcheckbox', { name: 'Title automatically' })).toHaveAttribute('aria-checked', 'false'));
    // Arrow keys reach it like any other item.
    for (let i = 0; i < 12 && document.activeElement?.textContent !== 'Title automatically'; i += 1) await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('role', 'menuitemcheckbox');
    await userEvent.keyboard('{Enter}');
    expect(api.callsTo('sessions:setTitleAutomatic').at(-1)).toEqual({ id: 'a', automatic: true });
  });

  it('a session turned off in another window reads off when its menu opens', async () => {
    const api = steerApi(false);
    await renderApp(api);
    await screen.findAllByRole('listitem');
    const menu = await openMenu('Resumable');
    await waitFor(() => expect(within(menu).getByRole('menuitemcheckbox', { name: 'Title automatically' })).toHaveAttribute('aria-checked', 'false'));
  });
});

describe('Title history…', () => {
  it('lists every title with its source, model and time, newest first; "Use this title" makes an earlier one the user’s, pinned', async () => {
    const now = NOW;
    const api = steerApi(true, [
      { value: 'Add retry backoff' as Title, source: 'auto', model: 'claude-haiku-4-5', at: now - 3 * 3_600_000 },
      { value: 'Upload client retries' as Title, source: 'agent', model: null, at: now - 2 * 3_600_000 },
      { value: null, source: 'auto', model: 'claude-haiku-4-5', at: now - 90 * 60_000 },
      { value: 'Resumable uploads with progress' as Title, source: 'auto', model: 'claude-haiku-4-5', at: now - 60_000 },
    ]);
    await renderApp(api);
    await screen.findAllByRole('listitem', { name: /^Resumable/ });
    const menu = await openMenu('Resumable');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Title history…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Title history' });
    const titles = within(dialog).getByRole('list', { name: 'Titles' });
    await waitFor(() => expect(within(titles).getAllByRole('listitem')).toHaveLength(3));
    const rows = within(titles).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Resumable uploads with progressSwarmdesk · claude-haiku-4-5 · 1 min ago · current',
      'Upload client retriesthe agent · 2 h ago' + 'Use this title',
      'Add retry backoffSwarmdesk · claude-haiku-4-5 · 3 h ago' + 'Use this title',
    ]);
    // The current one has nothing to use; each earlier one its own button, described by its title.
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    const use = within(rows[2]!).getByRole('button', { name: 'Use this title' });
    expect(use).toHaveAccessibleDescription('Add retry backoff');
    await userEvent.click(use);
    expect(api.callsTo('sessions:rename')).toEqual([{ id: 'a', title: 'Add retry backoff' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Title history' })).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: /^Add retry backoff/ })).toBeInTheDocument();
    expect(document.activeElement).toHaveAttribute('data-menu-trigger', 'a');
  });

  it('Escape closes it and gives the keyboard back to the row’s menu button', async () => {
    const api = steerApi(true, []);
    await renderApp(api);
    await screen.findAllByRole('listitem');
    const menu = await openMenu('Resumable');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Title history…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Title history' });
    expect(await within(dialog).findByText('This session has had no title yet.')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Title history' })).not.toBeInTheDocument();
    expect(document.activeElement).toHaveAttribute('data-menu-trigger', 'a');
  });
});
