import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

describe('entries the database could not take yet (locked, disk full)', () => {
  it('the row and the pane say "Not saved yet — retrying", and stop saying it once they are saved', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix the login page', subtitle: 'running the tests' }), makeRow({ id: 'b', title: 'Other work' })]);
    await renderApp(api);
    const row = await screen.findByRole('listitem', { name: /^Fix the login page/ });
    expect(within(row).getByText('running the tests')).toBeInTheDocument();
    await userEvent.click(row);
    const pane = screen.getByRole('main');

    act(() => api.push('session:changed', makeRow({ id: 'a', title: 'Fix the login page', subtitle: 'running the tests', unsaved: 3 })));
    const waiting = screen.getByRole('listitem', { name: /^Fix the login page/ });
    expect(waiting).toHaveAccessibleName(expect.stringContaining('Not saved yet — retrying (3 entries)'));
    expect(within(waiting).getByText('Not saved yet — retrying (3 entries)')).toBeVisible();
    expect(within(pane).getByRole('status')).toHaveTextContent('Not saved yet — retrying (3 entries)');
    expect(screen.getByRole('listitem', { name: /^Other work/ })).not.toHaveAccessibleName(expect.stringContaining('Not saved'));

    act(() => api.push('session:changed', makeRow({ id: 'a', title: 'Fix the login page', subtitle: 'running the tests' })));
    const saved = screen.getByRole('listitem', { name: /^Fix the login page/ });
    expect(within(saved).queryByText(/Not saved yet/)).toBeNull();
    expect(within(saved).getByText('running the tests')).toBeInTheDocument();
    expect(within(pane).getByRole('status')).toHaveTextContent('');
  });

  it('a message the database refused (BUSY) stays in the composer with the reason', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' })]);
    const reason = 'Swarmdesk could not save that: the database is locked by another program. Nothing was changed; try again in a moment.';
    api.override('sessions:send', () => ({ ok: false, error: { code: 'BUSY', message: reason } }));
    await renderApp(api);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Alpha/ }));
    const composer = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(composer, 'keep this text{Enter}');
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(composer).toHaveValue('keep this text');
  });
});
