import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

function labels(): string[] {
  return screen.getAllByRole('listitem').map((row) => (row.getAttribute('aria-label') ?? '').split(',')[0] ?? '');
}

function swarm(): FakeApi {
  return new FakeApi([
    makeRow({ id: 'b', title: 'Bravo flaky test hunt', position: 0 }),
    makeRow({ id: 'a', title: 'Alpha release notes', position: 1 }),
    makeRow({ id: 'f', title: 'Fix kumquat websocket drops', position: 2 }),
  ]);
}

describe('keyboard reorder with the drag handle', () => {
  it('Space picks up, arrows move (previewed and announced), Space drops: the group by time takes the order shown (sessions:reorder), then moves are sessions:move', async () => {
    const api = swarm();
    await renderApp(api);
    await screen.findAllByRole('listitem');
    expect(labels()).toEqual(['Bravo flaky test hunt', 'Alpha release notes', 'Fix kumquat websocket drops']);
    screen.getByRole('button', { name: 'Reorder Bravo flaky test hunt' }).focus();
    await userEvent.keyboard(' ');
    expect(screen.getByTestId('announcer')).toHaveTextContent('Picked up Bravo flaky test hunt, position 1 of 3');
    await userEvent.keyboard('{ArrowDown}');
    expect(labels()).toEqual(['Alpha release notes', 'Bravo flaky test hunt', 'Fix kumquat websocket drops']);
    expect(screen.getByTestId('announcer')).toHaveTextContent('position 2 of 3');
    await userEvent.keyboard('{ArrowDown}');
    // Focus stays on the moving handle.
    expect(screen.getByRole('button', { name: 'Reorder Bravo flaky test hunt' })).toHaveFocus();
    expect(api.callsTo('sessions:reorder')).toEqual([]);
    await userEvent.keyboard(' ');
    // The group was drawn by time: its rows take the order shown with the move made, and it is marked reordered.
    expect(api.callsTo('sessions:reorder')).toEqual([{ ids: ['a', 'f', 'b'] }]);
    await waitFor(() => expect(labels()).toEqual(['Alpha release notes', 'Fix kumquat websocket drops', 'Bravo flaky test hunt']));
    expect(screen.getByTestId('announcer')).toHaveTextContent('dropped at position 3 of 3');
    // Reordered now: a later move is one row's.
    screen.getByRole('button', { name: 'Reorder Fix kumquat websocket drops' }).focus();
    await userEvent.keyboard(' {ArrowUp} ');
    expect(api.callsTo('sessions:move')).toEqual([{ id: 'f', beforeId: 'a' }]);
    await waitFor(() => expect(labels()).toEqual(['Fix kumquat websocket drops', 'Alpha release notes', 'Bravo flaky test hunt']));
    expect(api.callsTo('sessions:reorder')).toHaveLength(1);
  });

  it('moving up one place asks main to put the row before its new successor', async () => {
    const api = swarm();
    await renderApp(api);
    await screen.findAllByRole('listitem');
    screen.getByRole('button', { name: 'Reorder Fix kumquat websocket drops' }).focus();
    await userEvent.keyboard(' {ArrowUp} ');
    await waitFor(() => expect(api.callsTo('sessions:reorder')).toEqual([{ ids: ['b', 'f', 'a'] }]));
  });

  it('Escape cancels: the order is restored and nothing is sent', async () => {
    const api = swarm();
    await renderApp(api);
    await screen.findAllByRole('listitem');
    screen.getByRole('button', { name: 'Reorder Alpha release notes' }).focus();
    await userEvent.keyboard(' {ArrowDown}');
    expect(labels()[2]).toBe('Alpha release notes');
    await userEvent.keyboard('{Escape}');
    expect(labels()).toEqual(['Bravo flaky test hunt', 'Alpha release notes', 'Fix kumquat websocket drops']);
    expect(api.callsTo('sessions:move')).toEqual([]);
    expect(screen.getByTestId('announcer')).toHaveTextContent('Reorder cancelled');
  });

  it('pinned and unpinned rows reorder only within their own group', async () => {
    const api = new FakeApi([
      makeRow({ id: 'p', title: 'Pinned plan', pinned: true, position: 5 }),
      makeRow({ id: 'x', title: 'Xray', position: 0 }),
      makeRow({ id: 'y', title: 'Yankee', position: 1 }),
    ]);
    await renderApp(api);
    await screen.findAllByRole('listitem');
    screen.getByRole('button', { name: 'Reorder Xray' }).focus();
    await userEvent.keyboard(' {ArrowUp}');
    expect(screen.getByTestId('announcer')).toHaveTextContent('already first');
    await userEvent.keyboard('{ArrowDown} ');
    await waitFor(() => expect(api.callsTo('sessions:reorder')).toEqual([{ ids: ['y', 'x'] }]));
  });
});

describe('mouse reorder (HTML5 drag and drop on the handle)', () => {
  it('dropping on the lower half of a row puts the dragged row after it', async () => {
    const { fireEvent } = await import('@testing-library/react');
    const api = swarm();
    await renderApp(api);
    await screen.findAllByRole('listitem');
    const handle = screen.getByRole('button', { name: 'Reorder Bravo flaky test hunt' });
    const target = screen.getByRole('listitem', { name: /^Alpha release notes/ });
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(handle, { dataTransfer });
    // jsdom lays nothing out: a row's box is 0 high, so any positive y is its lower half.
    fireEvent.dragOver(target, { dataTransfer, clientY: 10 });
    fireEvent.drop(target, { dataTransfer, clientY: 10 });
    await waitFor(() => expect(api.callsTo('sessions:reorder')).toEqual([{ ids: ['a', 'b', 'f'] }]));
    await waitFor(() => expect(labels()).toEqual(['Alpha release notes', 'Bravo flaky test hunt', 'Fix kumquat websocket drops']));
  });
});

describe('row keyboard navigation', () => {
  it('arrow keys move between rows, Enter opens the row and puts the cursor in its composer', async () => {
    const api = swarm();
    await renderApp(api);
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]).toHaveAttribute('tabindex', '0');
    expect(rows[1]).toHaveAttribute('tabindex', '-1');
    (rows[0] as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('listitem', { name: /^Alpha/ })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main', { name: 'Alpha release notes' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus());
  });
});
