import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OPEN_PANES_KEY, readSavedPanes } from '../../src/renderer/src/features/panes/actions';
import { openSession, usePanes } from '../../src/renderer/src/stores/panes';
import { useUi } from '../../src/renderer/src/stores/ui';
import { until } from '../support/until';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// The open panes survive a reload: kept in localStorage, reopened after the first page.

/** The panes on screen, left to right, by name. */
const panes = () => [...document.querySelectorAll('section.pane')].map((pane) => pane.getAttribute('aria-label'));

const swarm = () => new FakeApi([makeRow({ id: 'a', title: 'Alpha', position: 0 }), makeRow({ id: 'b', title: 'Bravo', position: 1 }), makeRow({ id: 'c', title: 'Charlie', position: 2 })]);

describe('open panes across a reload', () => {
  it('keeps the open panes and the focused one, and a reload reopens them', async () => {
    const api = swarm();
    const first = await renderApp(api);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Alpha/ }));
    act(() => openSession('c', { newPane: true })); // what Ctrl+click on Charlie does
    expect(panes()).toEqual(['Alpha', 'Charlie']);
    const saved = localStorage.getItem(OPEN_PANES_KEY);
    expect(JSON.parse(saved ?? 'null')).toEqual({ open: ['a', 'c'], focused: 'c' });
    first.teardown();
    first.unmount();

    await renderApp(api, { savedPanes: saved ?? '' });
    await act(async () => {
      await until(() => panes().length === 2, { message: 'both panes reopened' });
    });
    expect(panes()).toEqual(['Alpha', 'Charlie']);
    expect(screen.getByRole('main')).toHaveAccessibleName('Charlie'); // the focused pane
    expect(screen.getByRole('region', { name: 'Alpha' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Sessions' })).getByRole('listitem', { name: /^Charlie/ })).toHaveAttribute('aria-current', 'true');
  });

  it('drops a saved pane whose session was deleted meanwhile, quietly', async () => {
    const api = swarm();
    await renderApp(api, { savedPanes: JSON.stringify({ open: ['gone', 'b'], focused: 'gone' }) });
    await act(async () => {
      await until(() => usePanes.getState().open.length === 1, { message: 'the deleted one dropped' });
    });
    expect(usePanes.getState()).toMatchObject({ open: ['b'], focused: 'b' });
    expect(screen.getByRole('main', { name: 'Bravo' })).toBeInTheDocument();
    expect(api.callsTo('sessions:get')).toEqual([{ id: 'gone' }]);
    expect(useUi.getState().toasts).toEqual([]);
    expect(JSON.parse(localStorage.getItem(OPEN_PANES_KEY) ?? 'null')).toEqual({ open: ['b'], focused: 'b' });
  });

  it('ignores what it cannot trust in storage', () => {
    localStorage.setItem(OPEN_PANES_KEY, '{not json');
    expect(readSavedPanes()).toBeNull();
    localStorage.setItem(OPEN_PANES_KEY, JSON.stringify({ open: ['ok', '../etc', 7, 'ok'], focused: 'elsewhere' }));
    expect(readSavedPanes()).toEqual({ open: ['ok'], focused: 'ok' });
    localStorage.removeItem(OPEN_PANES_KEY);
  });
});
