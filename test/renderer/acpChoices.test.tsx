import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AcpSessionOptions } from '../../src/shared/ipc/acp';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// Issue 16: an ACP pane's Mode and Model comboboxes (SPEC §7.1), where its agent offers them.

const OFFERED: AcpSessionOptions = {
  modes: {
    current: 'default',
    available: [
      { id: 'default', name: 'Default', description: 'Asks before every edit' },
      { id: 'autoEdit', name: 'Auto Edit', description: null },
      { id: 'yolo', name: 'YOLO', description: null },
    ],
  },
  models: { current: 'gpt-5', available: [{ id: 'gpt-5', name: 'GPT-5', description: null }, { id: 'gpt-5-mini', name: 'GPT-5 mini', description: null }] },
};

function acpApi(options: AcpSessionOptions): FakeApi {
  const api = new FakeApi([makeRow({ id: 'g', title: 'Write the release notes', kind: 'acp' }), makeRow({ id: 'c', title: 'Tidy the billing retries' })]);
  api.override('acp:permission', () => ({ ok: true, value: { request: null } }));
  let current = options;
  api.override('acp:sessionOptions', () => ({ ok: true, value: current }));
  api.override('acp:setMode', ({ modeId }) => {
    if (!current.modes) return { ok: false, error: { code: 'BAD_INPUT', message: 'no modes' } };
    current = { ...current, modes: { ...current.modes, current: modeId } };
    return { ok: true, value: current };
  });
  api.override('acp:setModel', ({ modelId }) => {
    if (!current.models) return { ok: false, error: { code: 'BAD_INPUT', message: 'no models' } };
    current = { ...current, models: { ...current.models, current: modelId } };
    return { ok: true, value: current };
  });
  return api;
}

async function openPane(api: FakeApi, label: RegExp) {
  await renderApp(api);
  await userEvent.click(await screen.findByRole('listitem', { name: label }));
  return screen.getByRole('main');
}

describe('ACP pane: Mode and Model', () => {
  it('shows both comboboxes with the agent’s own names; a choice is sent at once', async () => {
    const api = acpApi(OFFERED);
    const pane = await openPane(api, /^Write the release notes/);
    const mode = await within(pane).findByRole('combobox', { name: 'Mode' });
    const model = within(pane).getByRole('combobox', { name: 'Model' });
    expect(within(mode).getAllByRole('option').map((o) => o.textContent)).toEqual(['Default', 'Auto Edit', 'YOLO']);
    expect(mode).toHaveValue('default');
    expect(within(model).getAllByRole('option').map((o) => o.textContent)).toEqual(['GPT-5', 'GPT-5 mini']);
    await userEvent.selectOptions(mode, 'YOLO');
    expect(api.callsTo('acp:setMode')).toEqual([{ id: 'g', modeId: 'yolo' }]);
    await userEvent.selectOptions(model, 'GPT-5 mini');
    expect(api.callsTo('acp:setModel')).toEqual([{ id: 'g', modelId: 'gpt-5-mini' }]);
    await waitFor(() => expect(model).toHaveValue('gpt-5-mini'));
    expect(mode).toHaveValue('yolo');
  });

  it('nothing offered (or a chat pane): no comboboxes; the push makes them appear and follow the agent', async () => {
    const api = acpApi({ modes: null, models: null });
    const pane = await openPane(api, /^Write the release notes/);
    await waitFor(() => expect(api.callsTo('acp:sessionOptions')).toEqual([{ id: 'g' }]));
    expect(within(pane).queryByRole('combobox', { name: 'Mode' })).not.toBeInTheDocument();
    act(() => api.push('acp:sessionOptions', { sessionId: 'g', modes: OFFERED.modes, models: null }));
    const mode = await within(pane).findByRole('combobox', { name: 'Mode' });
    expect(within(pane).queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument();
    act(() => api.push('acp:sessionOptions', { sessionId: 'g', modes: { ...OFFERED.modes!, current: 'autoEdit' }, models: null }));
    await waitFor(() => expect(mode).toHaveValue('autoEdit'));

    await userEvent.click(screen.getByRole('listitem', { name: /^Tidy the billing retries/ }));
    expect(within(screen.getByRole('main')).queryByRole('combobox', { name: 'Mode' })).not.toBeInTheDocument();
    expect(api.callsTo('acp:sessionOptions')).toEqual([{ id: 'g' }]);
  });

  it('a refused choice puts back what was shown and says why', async () => {
    const api = acpApi(OFFERED);
    api.override('acp:setMode', () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'The agent did not take the mode: busy' } }));
    const pane = await openPane(api, /^Write the release notes/);
    const mode = await within(pane).findByRole('combobox', { name: 'Mode' });
    await userEvent.selectOptions(mode, 'YOLO');
    expect(await screen.findByText(/Could not change the mode: The agent did not take the mode: busy/)).toBeInTheDocument();
    expect(mode).toHaveValue('default');
  });
});
