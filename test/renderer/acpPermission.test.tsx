import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../../src/shared/ipc/acp';
import { FakeApi, NOW, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// Issue 16: an ACP session's permission request in its pane (SPEC §7.1 "permission request").

function request(partial: Partial<PermissionRequest> = {}): PermissionRequest {
  return {
    sessionId: 'g',
    requestId: 'r1',
    title: 'WriteFile notes.txt',
    toolKind: 'edit',
    locations: ['/home/ada/src/notes.txt'],
    options: [
      { optionId: 'always', name: 'Allow for this session', kind: 'allow_always' },
      { optionId: 'once', name: 'Allow', kind: 'allow_once' },
      { optionId: 'no', name: 'Reject', kind: 'reject_once' },
    ],
    at: NOW,
    ...partial,
  };
}

/** The fake main: `acp:permission` answers what `state.pending` holds now (a push changes it as main would). */
function acpApi(pending: PermissionRequest | null, state: { pending: PermissionRequest | null } = { pending }): FakeApi {
  const api = new FakeApi([makeRow({ id: 'g', title: 'Write the release notes', kind: 'acp', status: pending ? 'waiting' : 'idle' }), makeRow({ id: 'c', title: 'Tidy the billing retries' })]);
  api.override('acp:permission', ({ id }) => ({ ok: true, value: { request: id === 'g' ? state.pending : null } }));
  return api;
}

async function openPane(api: FakeApi, label: RegExp) {
  await renderApp(api);
  await userEvent.click(await screen.findByRole('listitem', { name: label }));
  return screen.getByRole('main');
}

describe('ACP permission request in the pane', () => {
  it('shows the pending request on open: title, kind, files and the agent’s options by their own names, in its order', async () => {
    const api = acpApi(request());
    const pane = await openPane(api, /^Write the release notes/);
    const group = await within(pane).findByRole('group', { name: 'Permission request' });
    expect(api.callsTo('acp:permission')).toEqual([{ id: 'g' }]);
    expect(group).toHaveTextContent('WriteFile notes.txt');
    expect(group).toHaveTextContent('edit');
    expect(within(group).getByRole('list', { name: 'Files' })).toHaveTextContent('/home/ada/src/notes.txt');
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Allow for this session', 'Allow', 'Reject']);
    // Allow and reject kinds are drawn apart.
    expect(within(group).getByRole('button', { name: 'Allow' })).toHaveClass('is-allow');
    expect(within(group).getByRole('button', { name: 'Reject' })).toHaveClass('is-reject');
  });

  it('a chat pane does not ask; an ACP pane with nothing pending shows no group', async () => {
    const api = acpApi(null);
    await openPane(api, /^Tidy the billing retries/);
    expect(api.callsTo('acp:permission')).toEqual([]);
    await userEvent.click(screen.getByRole('listitem', { name: /^Write the release notes/ }));
    await waitFor(() => expect(api.callsTo('acp:permission')).toEqual([{ id: 'g' }]));
    expect(screen.queryByRole('group', { name: 'Permission request' })).not.toBeInTheDocument();
  });

  it('a click sends the answer and shows it pending until main answers; then the group goes', async () => {
    const api = acpApi(request());
    let answer: (() => void) | null = null;
    api.override('acp:answerPermission', () => new Promise((resolve) => (answer = () => resolve({ ok: true, value: { ok: true } }))));
    const pane = await openPane(api, /^Write the release notes/);
    const group = await within(pane).findByRole('group', { name: 'Permission request' });
    await userEvent.click(within(group).getByRole('button', { name: 'Allow' }));
    expect(api.callsTo('acp:answerPermission')).toEqual([{ id: 'g', requestId: 'r1', optionId: 'once' }]);
    expect(within(group).getByRole('status')).toHaveTextContent('Sending “Allow”…');
    expect(within(group).getByRole('button', { name: 'Reject' })).toHaveAttribute('aria-disabled', 'true');
    // A second click while pending sends nothing more.
    await userEvent.click(within(group).getByRole('button', { name: 'Reject' }));
    expect(api.callsTo('acp:answerPermission')).toHaveLength(1);
    await act(async () => answer?.());
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Permission request' })).not.toBeInTheDocument());
  });

  it('NOT_FOUND (answered elsewhere, or cancelled) removes the group quietly; another refusal keeps it with the reason', async () => {
    const api = acpApi(request());
    api.override('acp:answerPermission', () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'The agent is not running.' } }));
    const pane = await openPane(api, /^Write the release notes/);
    let group = await within(pane).findByRole('group', { name: 'Permission request' });
    await userEvent.click(within(group).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(/Could not send the answer: The agent is not running\./)).toBeInTheDocument();
    group = screen.getByRole('group', { name: 'Permission request' });
    expect(within(group).getByRole('button', { name: 'Reject' })).not.toHaveAttribute('aria-disabled');

    api.override('acp:answerPermission', () => ({ ok: false, error: { code: 'NOT_FOUND', message: 'No such permission request.' } }));
    await userEvent.click(within(group).getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Permission request' })).not.toBeInTheDocument());
    expect(screen.queryByText(/No such permission request/)).not.toBeInTheDocument();
  });

  it('follows the push: a new request appears (announced in the focused pane), null removes it', async () => {
    const api = acpApi(null);
    await openPane(api, /^Write the release notes/);
    await waitFor(() => expect(api.callsTo('acp:permission')).toHaveLength(1));
    act(() => api.push('acp:permission', { sessionId: 'g', request: request({ requestId: 'r2', title: 'Shell: npm test', toolKind: 'execute', locations: [] }) }));
    const group = await screen.findByRole('group', { name: 'Permission request' });
    expect(group).toHaveTextContent('Shell: npm test');
    expect(within(group).queryByRole('list', { name: 'Files' })).not.toBeInTheDocument();
    expect(screen.getByTestId('announcer')).toHaveTextContent('The agent asks permission: Shell: npm test. Options: Allow for this session, Allow, Reject.');
    act(() => api.push('acp:permission', { sessionId: 'g', request: null }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Permission request' })).not.toBeInTheDocument());
  });

  it('a request for a session not in the focused pane is kept but not announced', async () => {
    const state = { pending: null as PermissionRequest | null };
    const api = acpApi(null, state);
    await openPane(api, /^Tidy the billing retries/);
    state.pending = request();
    act(() => api.push('acp:permission', { sessionId: 'g', request: state.pending }));
    expect(screen.getByTestId('announcer')).not.toHaveTextContent(/asks permission/);
    await userEvent.click(screen.getByRole('listitem', { name: /^Write the release notes/ }));
    expect(await screen.findByRole('group', { name: 'Permission request' })).toBeInTheDocument();
  });

  it('Tab from the message box reaches the first option (past Stop); Stop is there while the agent asks, and sends sessions:stop', async () => {
    const api = acpApi(request());
    const pane = await openPane(api, /^Write the release notes/);
    const group = await within(pane).findByRole('group', { name: 'Permission request' });
    const composer = within(pane).getByRole('textbox', { name: 'Message' });
    await userEvent.click(composer);
    await userEvent.tab();
    expect(within(pane).getByRole('button', { name: 'Stop' })).toHaveFocus();
    await userEvent.tab(); // Send is disabled with an empty message: the next stop is the request
    expect(within(group).getByRole('button', { name: 'Allow for this session' })).toHaveFocus();
    await userEvent.click(within(pane).getByRole('button', { name: 'Stop' }));
    expect(api.callsTo('sessions:stop')).toEqual([{ id: 'g' }]);
    // Once nothing is asked (and the status is not working) there is no Stop.
    act(() => api.push('acp:permission', { sessionId: 'g', request: null }));
    await waitFor(() => expect(within(pane).queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument());
  });
});
