import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

async function openMenu(label: string): Promise<void> {
  const row = screen.getByRole('listitem', { name: new RegExp(`^${label}`) });
  await userEvent.click(within(row).getByRole('button', { name: /More actions/ }));
}

describe('Continue in…', () => {
  it('offers the other kinds, and a refusal shows its reason', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha', kind: 'claude-code' })]);
    api.override('sessions:continueIn', () => ({
      ok: false,
      error: { code: 'UNAVAILABLE', message: 'Continue in… needs the running summary, and ambient work is off (Settings).' },
    }));
    await renderApp(api);
    await screen.findAllByRole('listitem');
    await openMenu('Alpha');
    expect(screen.queryByRole('menuitem', { name: 'Continue in Claude Code' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Continue in Terminal' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Continue in Chat' }));
    expect(api.callsTo('sessions:continueIn')).toEqual([{ id: 'a', kind: 'chat' }]);
    expect(await screen.findByText('Continue in… needs the running summary, and ambient work is off (Settings).')).toBeInTheDocument();
  });

  it('on success the new session joins the list', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha', kind: 'claude-code' })]);
    api.override('sessions:continueIn', () => ({ ok: true, value: makeRow({ id: 'b', title: 'Bravo continued', kind: 'chat' }) }));
    await renderApp(api);
    await screen.findAllByRole('listitem');
    await openMenu('Alpha');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Continue in Chat' }));
    expect(await screen.findByRole('listitem', { name: /^Bravo continued/ })).toBeInTheDocument();
  });

  it('offers each ACP agent found by name (issue 16) and sends its id', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha', kind: 'claude-code' })]);
    api.override('acp:agents', () => ({
      ok: true,
      value: {
        agents: [
          { id: 'gemini', name: 'Gemini CLI', builtIn: true, available: true, reason: null, installHint: null },
          { id: 'codex', name: 'Codex', builtIn: true, available: false, reason: 'not found', installHint: 'npm install -g @zed-industries/codex-acp' },
        ],
      },
    }));
    api.override('sessions:continueIn', () => ({ ok: true, value: makeRow({ id: 'b', title: 'Bravo in Gemini', kind: 'acp' }) }));
    await renderApp(api);
    await screen.findAllByRole('listitem');
    await openMenu('Alpha');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Continue in Gemini CLI' }));
    expect(screen.queryByRole('menuitem', { name: 'Continue in Codex' })).not.toBeInTheDocument();
    expect(api.callsTo('sessions:continueIn')).toEqual([{ id: 'a', kind: 'acp', agent: 'gemini' }]);
    expect(await screen.findByRole('listitem', { name: /^Bravo in Gemini/ })).toBeInTheDocument();
  });
});
