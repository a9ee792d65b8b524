import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// With no sessions, the main area says so once and offers to start one right there.

function withAgents(claudeCode: boolean): FakeApi {
  const api = new FakeApi();
  api.override('agents:availability', () => ({
    ok: true,
    value: { chat: { available: true, reason: null }, 'claude-code': claudeCode ? { available: true, reason: null } : { available: false, reason: 'The claude CLI was not found on PATH.' } },
  }));
  return api;
}

describe('the empty swarm', () => {
  it('says "No sessions yet" once, and New chat starts a chat in a pane', async () => {
    const api = withAgents(true);
    await renderApp(api);
    await screen.findByRole('button', { name: 'New Claude Code session' });
    expect(screen.getAllByText(/No sessions yet/)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'New chat' }));
    expect(api.callsTo('sessions:create')).toEqual([{ kind: 'chat' }]);
    await waitFor(() => expect(screen.getByRole('main')).toBeInTheDocument());
    expect(screen.queryByText(/No sessions yet/)).not.toBeInTheDocument();
  });

  it('New Claude Code session starts one', async () => {
    const api = withAgents(true);
    await renderApp(api);
    await userEvent.click(await screen.findByRole('button', { name: 'New Claude Code session' }));
    expect(api.callsTo('sessions:create')).toEqual([{ kind: 'claude-code' }]);
    await waitFor(() => expect(screen.getByRole('main')).toHaveTextContent('Claude Code'));
  });

  it('offers Claude Code only where it can run, and a refusal is said beside the buttons', async () => {
    const api = withAgents(false);
    api.override('sessions:create', () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'The default folder /nowhere does not exist.' } }));
    await renderApp(api);
    await waitFor(() => expect(api.callsTo('agents:availability')).toHaveLength(1));
    await act(async () => Promise.resolve());
    expect(screen.queryByRole('button', { name: 'New Claude Code session' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New chat' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The default folder /nowhere does not exist.');
    await userEvent.click(screen.getByRole('button', { name: 'More options…' }));
    expect(screen.getByRole('dialog', { name: 'New session' })).toBeInTheDocument();
  });
});
