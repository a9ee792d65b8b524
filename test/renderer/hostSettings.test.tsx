import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSettingsOpen } from '../../src/renderer/src/features/settings/store';
import { parseIdleMinutes } from '../../src/renderer/src/features/host/HostSettingsGroup';
import type { HostSettings } from '../../src/shared/ipc/host';
import { FakeApi } from './support/fakeApi';
import { renderApp } from './support/renderApp';

/** A host that keeps what host:setSettings gets, as the core does (the fake's own answers). */
function hostApi(start: HostSettings = { stopAgentsOnQuit: false, idleExitMinutes: 10 }): FakeApi {
  const api = new FakeApi();
  api.hostSettings = start;
  return api;
}

async function openGeneral() {
  act(() => setSettingsOpen(true, 'general'));
  const dialog = await screen.findByRole('dialog', { name: 'Settings' });
  return within(dialog).getByRole('group', { name: 'Session host' });
}

describe('Settings → General: the session host', () => {
  it('shows the host\'s settings and saves the checkbox at once', async () => {
    const api = hostApi();
    await renderApp(api);
    const group = await openGeneral();
    const stop = within(group).getByRole('checkbox', { name: 'Stop agents when I quit' });
    const idle = within(group).getByRole('spinbutton', { name: 'Stop the host after idle minutes' });
    expect(await within(group).findByDisplayValue('10')).toBe(idle);
    expect(stop).not.toBeChecked();
    await userEvent.click(stop);
    expect(api.callsTo('host:setSettings')).toEqual([{ stopAgentsOnQuit: true }]);
    expect(stop).toBeChecked();
    expect(within(group).getByRole('status')).toHaveTextContent('Saved');
  });

  it('saves whole minutes when the field is left or Enter is pressed; anything else is refused inline and not sent', async () => {
    const api = hostApi();
    await renderApp(api);
    const group = await openGeneral();
    const idle = within(group).getByRole('spinbutton', { name: 'Stop the host after idle minutes' });
    await within(group).findByDisplayValue('10');
    await userEvent.clear(idle);
    await userEvent.type(idle, '45');
    // Typing alone sends nothing (no 4-minute host on the way to 45).
    expect(api.callsTo('host:setSettings')).toEqual([]);
    await userEvent.keyboard('{Enter}');
    expect(api.callsTo('host:setSettings')).toEqual([{ idleExitMinutes: 45 }]);
    expect(idle).toHaveValue(45);

    await userEvent.clear(idle);
    await userEvent.type(idle, '0');
    await userEvent.tab();
    expect(within(group).getByRole('alert')).toHaveTextContent('Whole minutes from 1 to 10080 (a week).');
    expect(idle).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('host:setSettings')).toHaveLength(1);

    await userEvent.clear(idle);
    await userEvent.type(idle, '120');
    await userEvent.tab();
    expect(api.callsTo('host:setSettings')).toEqual([{ idleExitMinutes: 45 }, { idleExitMinutes: 120 }]);
    expect(within(group).queryByRole('alert')).toBeNull();
  });

  it('a refusal from the host is said in an alert', async () => {
    const api = hostApi();
    api.override('host:setSettings', () => ({ ok: false, error: { code: 'STORAGE', message: 'The database refused the change.' } }));
    await renderApp(api);
    const group = await openGeneral();
    await within(group).findByDisplayValue('10');
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Stop agents when I quit' }));
    expect(await within(group).findByRole('alert')).toHaveTextContent('The database refused the change.');
    expect(within(group).getByRole('checkbox', { name: 'Stop agents when I quit' })).not.toBeChecked();
  });

  it('the minutes rule: whole minutes from 1 to a week', () => {
    expect(parseIdleMinutes('1')).toEqual({ minutes: 1 });
    expect(parseIdleMinutes(' 10080 ')).toEqual({ minutes: 10080 });
    for (const bad of ['', '0', '10081', '2.5', 'ten', '-3']) expect(parseIdleMinutes(bad)).toHaveProperty('problem');
  });
});
