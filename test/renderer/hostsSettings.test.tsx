import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSettingsOpen } from '../../src/renderer/src/features/settings/store';
import { FakeApi } from './support/fakeApi';
import { FakeHosts, host } from './support/fakeHosts';
import { renderApp } from './support/renderApp';

// Settings → Hosts (issue 17, SPEC §7.1 "hosts"): add by SSH destination, each host's state in its name, Remove, Try again, the ssh config file.

async function openHosts() {
  act(() => setSettingsOpen(true, 'hosts'));
  const dialog = await screen.findByRole('dialog', { name: 'Settings' });
  const region = await within(dialog).findByRole('region', { name: 'Hosts' });
  return { dialog, region, destination: within(region).getByRole('textbox', { name: 'SSH destination' }), add: within(region).getByRole('button', { name: 'Add host' }) };
}

describe('Settings → Hosts', () => {
  it('is a tab of its own; adding "box" sends hosts:add and lists it connecting, then connected as the push says', async () => {
    const api = new FakeApi();
    const hosts = new FakeHosts(api);
    await renderApp(api);
    const { dialog, region, destination, add } = await openHosts();
    expect(within(dialog).getByRole('tab', { name: 'Hosts' })).toHaveAttribute('aria-selected', 'true');
    expect(destination).toHaveAttribute('placeholder', 'user@box or a Host alias');
    expect(region).toHaveTextContent('never asks for or stores a password or a key');
    await userEvent.type(destination, 'box');
    await userEvent.click(add);
    expect(api.callsTo('hosts:add')).toEqual([{ destination: 'box' }]);
    expect(await within(region).findByRole('listitem', { name: 'box, connecting' })).toBeInTheDocument();
    expect(destination).toHaveValue('');
    act(() => hosts.set(host('box', 'connected')));
    expect(await within(region).findByRole('listitem', { name: 'box, connected' })).toBeInTheDocument();
    act(() => hosts.set(host('box', 'reconnecting')));
    expect(await within(region).findByRole('listitem', { name: 'box, reconnecting' })).toBeInTheDocument();
  });

  it('a destination that is not one is said inline and never sent; a refusal from main is said too', async () => {
    const api = new FakeApi();
    new FakeHosts(api, [host('box', 'connected')]);
    await renderApp(api);
    const { region, destination, add } = await openHosts();
    await userEvent.type(destination, '-oProxyCommand=evil');
    await userEvent.click(add);
    const alert = within(region).getByRole('alert');
    expect(alert).toHaveTextContent('Type an SSH destination: user@box, or a Host alias from your ssh config.');
    expect(destination).toHaveAttribute('aria-invalid', 'true');
    expect(destination).toHaveAccessibleDescription(alert.textContent ?? '');
    await userEvent.clear(destination);
    await userEvent.click(add);
    expect(within(region).getByRole('alert')).toHaveTextContent('Type an SSH destination');
    expect(api.callsTo('hosts:add')).toEqual([]);

    await userEvent.type(destination, 'box');
    await userEvent.click(add);
    expect(await within(region).findByRole('alert')).toHaveTextContent('A host named box is added already.');
    expect(api.callsTo('hosts:add')).toEqual([{ destination: 'box' }]);
  });

  it('an unreachable host says why (OpenSSH words) and what to do, offers Try again; Remove forgets it and says its sessions stay', async () => {
    const api = new FakeApi();
    const why = 'Host key verification failed.';
    new FakeHosts(api, [host('ada@gpu', 'unreachable', why, 'The host key changed: check it, then remove the old key with ssh-keygen -R gpu.'), host('box', 'connected')]);
    await renderApp(api);
    const { region } = await openHosts();
    const gpu = await within(region).findByRole('listitem', { name: `ada@gpu, unreachable: ${why}` });
    expect(gpu).toHaveTextContent(why);
    expect(gpu).toHaveTextContent('remove the old key with ssh-keygen -R gpu.');
    const box = within(region).getByRole('listitem', { name: 'box, connected' });
    // Only an unreachable host can be tried again.
    expect(within(box).queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.click(within(gpu).getByRole('button', { name: 'Try again' }));
    expect(api.callsTo('hosts:reconnect')).toEqual([{ name: 'ada@gpu' }]);
    expect(await within(region).findByRole('listitem', { name: 'ada@gpu, connecting' })).toBeInTheDocument();

    const remove = within(box).getByRole('button', { name: 'Remove' });
    expect(remove).toHaveAccessibleDescription(/its sessions stay on that machine/);
    await userEvent.click(remove);
    expect(api.callsTo('hosts:remove')).toEqual([{ name: 'box' }]);
    await waitFor(() => expect(within(region).queryByRole('listitem', { name: /^box,/ })).toBeNull());
  });

  it('the ssh config file is saved with hosts:setSshConfig (blank clears it)', async () => {
    const api = new FakeApi();
    new FakeHosts(api);
    await renderApp(api);
    const { region } = await openHosts();
    const field = within(region).getByRole('textbox', { name: 'SSH config file' });
    const save = within(region).getByRole('button', { name: 'Save SSH config file' });
    // Nothing to save: it says so, and a press sends nothing (it stays focusable: see SshConfigField).
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(save);
    expect(api.callsTo('hosts:setSshConfig')).toEqual([]);
    await userEvent.type(field, '/home/ada/.ssh/work_config');
    expect(save).not.toHaveAttribute('aria-disabled');
    await userEvent.click(save);
    expect(api.callsTo('hosts:setSshConfig')).toEqual([{ path: '/home/ada/.ssh/work_config' }]);
    expect(await within(region).findByRole('status')).toHaveTextContent('Saved');
    // Saved, it has nothing to save again, and keeps the focus it was pressed with.
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.click(save);
    expect(api.callsTo('hosts:setSshConfig')).toEqual([{ path: '/home/ada/.ssh/work_config' }, { path: null }]);
  });

  it('set by SWARMDESK_SSH_CONFIG, the ssh config file is shown read-only with its path', async () => {
    const envApi = new FakeApi();
    new FakeHosts(envApi, [], { path: '/tmp/sshd/client_config', source: 'env' });
    await renderApp(envApi);
    const opened = await openHosts();
    expect(within(opened.region).queryByRole('textbox', { name: 'SSH config file' })).toBeNull();
    expect(within(opened.region).getByRole('note', { name: 'SSH config file' })).toHaveTextContent('/tmp/sshd/client_config — set by SWARMDESK_SSH_CONFIG');
  });

  it('a hosts.json that did not read is said in words (where the old one is kept, that adding starts afresh) until a host is added', async () => {
    const api = new FakeApi();
    const hosts = new FakeHosts(api);
    const file = '/home/ada/.local/share/swarmdesk/hosts.json';
    const keptAs = `${file}.bad-2026-12-05T04-50-00-000Z`;
    hosts.view = { ...hosts.view, fileProblem: { file, reason: 'not JSON (Unexpected end of JSON input)', keptAs } };
    await renderApp(api);
    const { region, destination, add } = await openHosts();
    const note = await within(region).findByRole('note', { name: 'Saved hosts could not be read' });
    expect(note).toHaveTextContent(`The list of remote hosts could not be read, so Swarmdesk started with none. ${file} is not JSON (Unexpected end of JSON input).`);
    expect(note).toHaveTextContent(`The old file was kept as ${keptAs}. Adding a host starts a fresh list.`);
    expect(within(region).getByText('No remote hosts yet.')).toBeInTheDocument();
    await userEvent.type(destination, 'box');
    await userEvent.click(add);
    expect(await within(region).findByRole('listitem', { name: 'box, connecting' })).toBeInTheDocument();
    expect(within(region).queryByRole('note', { name: 'Saved hosts could not be read' })).toBeNull();
  });

  it('a hosts.json that could not even be moved aside is said to be left alone', async () => {
    const api = new FakeApi();
    const hosts = new FakeHosts(api);
    hosts.view = { ...hosts.view, fileProblem: { file: '/data/hosts.json', reason: 'not JSON (Unexpected token)', keptAs: null } };
    await renderApp(api);
    const { region } = await openHosts();
    const note = await within(region).findByRole('note', { name: 'Saved hosts could not be read' });
    expect(note).toHaveTextContent('could not be moved aside, so it was left as it is and is not written over: move or fix it, then restart the session host.');
    expect(note).not.toHaveTextContent('kept as');
  });

  it('without the session host (UNAVAILABLE) it says so, and nothing can be added', async () => {
    const api = new FakeApi();
    api.override('hosts:list', () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Remote hosts are reached through the session host, which is not running here.' } }));
    await renderApp(api);
    const { region, destination, add } = await openHosts();
    expect(region).toHaveTextContent('Remote hosts need the session host');
    expect(destination).toBeDisabled();
    expect(add).toBeDisabled();
    expect(within(region).queryByRole('list')).toBeNull();
  });
});
