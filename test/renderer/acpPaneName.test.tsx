import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// Issue 28: a user-defined ACP agent's pane named "ACP agent · …" after a reload, its own name only once New
// session had fetched the agents. The row carries the name from the host that runs it.

describe('an ACP pane names its agent from its row', () => {
  it('a user-defined agent (one this page never listed) is named in the pane header and the facts label', async () => {
    const api = new FakeApi([makeRow({ id: 'a1', kind: 'acp', agent: 'custom-kumquat', agentName: 'Kumquat agent', title: null, firstUserLine: null, folder: '/home/ada/src/build' })]);
    // The page has no list of agents: main cannot say (the name must not need it).
    api.override('acp:agents', () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'no' } }));
    await renderApp(api);
    const row = await screen.findByRole('listitem', { name: /^Kumquat agent · build · / });
    await userEvent.click(row);
    const pane = await screen.findByRole('main', { name: /^Kumquat agent · build · / });
    expect(pane.querySelector('.pane-facts')).toHaveTextContent(/^Kumquat agent · \/home\/ada\/src\/build/);
  });
});
