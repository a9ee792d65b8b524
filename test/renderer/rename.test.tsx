import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

function rejectPlaceholders(api: FakeApi): void {
  const original = api.invoke.bind(api);
  api.override('sessions:rename', async (input) => {
    if (/^untitled$/i.test(input.title.trim())) {
      return { ok: false, error: { code: 'TITLE_REJECTED', message: 'That reads as "no title", not a title.' } };
    }
    api.overrides.delete('sessions:rename');
    const result = await original('sessions:rename', input);
    rejectPlaceholders(api);
    return result;
  });
}

describe('inline rename', () => {
  it('double-click opens "Session title"; Enter saves and the row shows the new title', async () => {
    const api = new FakeApi([makeRow({ id: 'a', firstUserLine: 'the websocket drops' })]);
    await renderApp(api);
    await userEvent.dblClick(await screen.findByRole('listitem', { name: /^the websocket drops/ }));
    const field = screen.getByRole('textbox', { name: 'Session title' });
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, 'Fix kumquat websocket drops{Enter}');
    expect(api.callsTo('sessions:rename')).toEqual([{ id: 'a', title: 'Fix kumquat websocket drops' }]);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Session title' })).not.toBeInTheDocument());
    const row = screen.getByRole('listitem', { name: /^Fix kumquat websocket drops/ });
    // A user title is a real title: not muted.
    expect(within(row).getByText('Fix kumquat websocket drops')).not.toHaveClass('muted');
  });

  it('a rejected title keeps the field open with the reason in an alert; Escape cancels', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix kumquat websocket drops' })]);
    rejectPlaceholders(api);
    await renderApp(api);
    await userEvent.dblClick(await screen.findByRole('listitem', { name: /^Fix kumquat/ }));
    const field = screen.getByRole('textbox', { name: 'Session title' });
    expect(field).toHaveValue('Fix kumquat websocket drops');
    await userEvent.clear(field);
    await userEvent.type(field, 'Untitled{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That reads as "no title", not a title.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('That reads as "no title", not a title.');
    await userEvent.type(field, '{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Session title' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: /^Fix kumquat websocket drops/ })).toBeInTheDocument();
  });

  it('Escape cancels without saving; F2 and the row menu both start a rename', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha release notes' })]);
    await renderApp(api);
    const row = await screen.findByRole('listitem', { name: /^Alpha/ });
    row.focus();
    await userEvent.keyboard('{F2}');
    const field = screen.getByRole('textbox', { name: 'Session title' });
    await userEvent.type(field, ' changed{Escape}');
    expect(api.callsTo('sessions:rename')).toEqual([]);
    expect(screen.getByRole('listitem', { name: /^Alpha release notes,/ })).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'More actions for Alpha release notes' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(screen.getByRole('textbox', { name: 'Session title' })).toHaveFocus();
  });

  it('"Let Swarmdesk title this" shows only for a pinned user title; "Regenerate title" asks main now', async () => {
    const api = new FakeApi([makeRow({ id: 'u', title: 'My own name', titleSource: 'user', titlePinned: true }), makeRow({ id: 'v', title: 'Auto name' })]);
    await renderApp(api);
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Auto name' }));
    expect(screen.queryByRole('menuitem', { name: 'Let Swarmdesk title this' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Regenerate title' }));
    expect(api.callsTo('sessions:regenerateTitle')).toEqual([{ id: 'v' }]);
    expect(await screen.findByText('The title still fits.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'More actions for My own name' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Let Swarmdesk title this' }));
    expect(api.callsTo('sessions:releaseTitle')).toEqual([{ id: 'u' }]);
  });
});
