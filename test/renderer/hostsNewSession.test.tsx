import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AcpAgentInfo } from '../../src/shared/ipc/acp';
import { FakeApi } from './support/fakeApi';
import { FakeHosts, host } from './support/fakeHosts';
import { renderApp } from './support/renderApp';

// New session's "Host" (issue 17, SPEC §7.1): the chosen machine goes into every call the dialog makes; the Folder field's suggestions.

const GEMINI: AcpAgentInfo = { id: 'gemini', name: 'Gemini CLI', builtIn: true, available: true, reason: null, installHint: null };

/** A main with folders on this machine and on box, and Gemini CLI on box only. */
function hostsApi(transport: 'web' | 'electron' = 'web'): { api: FakeApi; hosts: FakeHosts } {
  const api = new FakeApi();
  const hosts = new FakeHosts(api, [host('box', 'connected'), host('gpu', 'reconnecting')]);
  api.override('app:info', () => ({ ok: true, value: { version: '0', platform: 'test', transport, dataDir: '/tmp/x', defaultFolder: '/home/ada/src', notices: [], notifications: true } }));
  api.override('sessions:checkFolder', ({ folder, host: on }) => ({
    ok: true,
    value: folder === '~' || folder === '/home/ada/src' || folder === '/srv/repo' ? { folder, problem: null, message: null } : { folder: null, problem: 'missing', message: `No folder at ${folder}${on ? ` on ${on}` : ''}.` },
  }));
  api.override('acp:agents', ({ host: on }) => ({ ok: true, value: { agents: on === 'box' ? [GEMINI] : [] } }));
  api.override('sessions:folderSuggestions', ({ folder, host: on }) => {
    const all = on === 'box' ? ['/srv/repo', '/srv/runs'] : ['/home/ada/src', '/home/ada/scratch'];
    return { ok: true, value: { folders: all.filter((path) => path.startsWith(folder)) } };
  });
  return { api, hosts };
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'New session' }));
  const dialog = await screen.findByRole('dialog', { name: 'New session' });
  return { dialog, folder: within(dialog).getByRole('textbox', { name: 'Folder' }), create: within(dialog).getByRole('button', { name: 'Create' }) };
}

beforeEach(() => localStorage.clear());

describe('New session: Host', () => {
  it('no Host choice until a remote host exists; then "This machine" and each host, one not connected with its state', async () => {
    const api = new FakeApi();
    const hosts = new FakeHosts(api);
    await renderApp(api);
    const { dialog } = await openDialog();
    await waitFor(() => expect(api.callsTo('hosts:list').length).toBeGreaterThan(0));
    expect(within(dialog).queryByRole('combobox', { name: 'Host' })).toBeNull();
    act(() => hosts.set(host('box', 'connected')));
    act(() => hosts.set(host('gpu', 'unreachable', 'ssh: Could not resolve hostname gpu', 'Check the name in your ssh config.')));
    const choice = await within(dialog).findByRole('combobox', { name: 'Host' });
    expect(within(choice).getAllByRole('option').map((o) => o.textContent)).toEqual(['This machine', 'box', 'gpu (unreachable)']);
    expect(choice).toHaveValue('');
    await userEvent.selectOptions(choice, 'gpu');
    expect(choice).toHaveAccessibleDescription('gpu is unreachable: ssh: Could not resolve hostname gpu Check the name in your ssh config.');
  });

  it('a remote host goes into the folder check, the repository, the agents and sessions:create; the folder starts at its home', async () => {
    const { api } = hostsApi();
    await renderApp(api);
    const { dialog, folder, create } = await openDialog();
    const choice = await within(dialog).findByRole('combobox', { name: 'Host' });
    expect(folder).toHaveValue('/home/ada/src');
    await userEvent.selectOptions(choice, 'box');
    expect(folder).toHaveValue('~');
    expect(folder).toHaveAccessibleDescription(/A folder on box/);
    // Box's agents: Gemini CLI is found there.
    const agent = within(dialog).getByRole('combobox', { name: 'Agent' });
    expect(await within(agent).findByRole('option', { name: 'Gemini CLI' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('agents:availability')).toContainEqual({ host: 'box' }));
    expect(api.callsTo('acp:agents')).toContainEqual({ host: 'box' });

    await userEvent.clear(folder);
    await userEvent.type(folder, '/srv/nowhere');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No folder at /srv/nowhere on box.');
    expect(api.callsTo('sessions:checkFolder')).toContainEqual({ folder: '/srv/nowhere', host: 'box' });
    await userEvent.clear(folder);
    await userEvent.type(folder, '/srv/repo');
    await waitFor(() => expect(create).toBeEnabled());
    await waitFor(() => expect(api.callsTo('git:repoInfo')).toContainEqual({ folder: '/srv/repo', host: 'box' }));
    await userEvent.selectOptions(agent, 'terminal');
    await userEvent.click(create);
    await waitFor(() => expect(api.callsTo('sessions:create')).toEqual([{ kind: 'terminal', folder: '/srv/repo', host: 'box' }]));
  });

  it("Open existing worktree offers the worktrees of box's repository for a session on box, and sends the one picked", async () => {
    const { api } = hostsApi();
    api.override('git:repoInfo', ({ folder: f }) => ({
      ok: true,
      value: { repo: { root: f, branch: 'main', dirty: false, remembered: { enabled: true, copyPatterns: [], setupCommand: '' } }, reason: null },
    }));
    // Each machine's own: this machine's repository has one worktree made by hand, box's another.
    api.override('git:outsideWorktrees', ({ host: on }) => ({
      ok: true,
      value: { items: on === 'box' ? [{ path: '/srv/wt/by-hand', branch: 'fix/on-box' }] : [{ path: '/home/ada/wt/here', branch: 'here' }] },
    }));
    await renderApp(api);
    const { dialog, folder, create } = await openDialog();
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: 'Host' }), 'box');
    await userEvent.clear(folder);
    await userEvent.type(folder, '/srv/repo');
    const existing = await within(dialog).findByRole('combobox', { name: 'Open existing worktree' });
    await waitFor(() => expect(within(existing).getAllByRole('option').map((o) => o.textContent)).toEqual(['A new worktree', 'fix/on-box — /srv/wt/by-hand']));
    expect(api.callsTo('git:outsideWorktrees')).toContainEqual({ folder: '/srv/repo', host: 'box' });
    await userEvent.selectOptions(existing, '/srv/wt/by-hand');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Agent' }), 'terminal');
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await waitFor(() => expect(api.callsTo('sessions:create')).toHaveLength(1));
    expect(api.callsTo('sessions:create')[0]).toMatchObject({ host: 'box', folder: '/srv/repo', worktree: { enabled: true, existing: '/srv/wt/by-hand' } });
  });

  it('the host and its folder are remembered for next time; "This machine" sends no host', async () => {
    const { api } = hostsApi();
    await renderApp(api);
    let d = await openDialog();
    await userEvent.selectOptions(await within(d.dialog).findByRole('combobox', { name: 'Host' }), 'box');
    await userEvent.clear(d.folder);
    await userEvent.type(d.folder, '/srv/repo');
    await waitFor(() => expect(d.create).toBeEnabled());
    await userEvent.click(d.create);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New session' })).toBeNull());

    d = await openDialog();
    const choice = within(d.dialog).getByRole('combobox', { name: 'Host' });
    expect(choice).toHaveValue('box');
    expect(d.folder).toHaveValue('/srv/repo');
    await userEvent.selectOptions(choice, '');
    expect(d.folder).toHaveValue('/home/ada/src');
    await waitFor(() => expect(d.create).toBeEnabled());
    await userEvent.click(d.create);
    await waitFor(() => expect(api.callsTo('sessions:create')).toHaveLength(2));
    expect(api.callsTo('sessions:create')[1]).toEqual({ kind: 'chat', folder: '/home/ada/src' });
  });

  it('Browse… picks on this machine only: gone for a remote host, whose folder is typed', async () => {
    const { api } = hostsApi('electron');
    await renderApp(api);
    const { dialog } = await openDialog();
    expect(within(dialog).getByRole('button', { name: 'Browse…' })).toBeInTheDocument();
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: 'Host' }), 'box');
    expect(within(dialog).queryByRole('button', { name: 'Browse…' })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Folder' })).toHaveAccessibleDescription('A folder on box (~ is its home). Browse… picks folders on this machine only.');
  });
});

describe('New session: folder suggestions', () => {
  it('typing lists the folders it may mean (this machine); ↓ and Enter take one without creating; Escape closes the list, not the dialog', async () => {
    const { api } = hostsApi();
    await renderApp(api);
    const { dialog, folder } = await openDialog();
    await userEvent.clear(folder);
    await userEvent.type(folder, '/home/ada/s');
    const list = await within(dialog).findByRole('listbox', { name: 'Folder suggestions' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['/home/ada/src', '/home/ada/scratch']);
    expect(api.callsTo('sessions:folderSuggestions')).toContainEqual({ folder: '/home/ada/s' });
    expect(folder).toHaveAttribute('aria-autocomplete', 'list');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const second = within(list).getByRole('option', { name: '/home/ada/scratch' });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(folder).toHaveAttribute('aria-activedescendant', second.id);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(folder).toHaveValue('/home/ada/src');
    expect(within(dialog).queryByRole('listbox')).toBeNull();
    expect(api.callsTo('sessions:create')).toEqual([]);

    await userEvent.type(folder, '{Backspace}');
    expect(await within(dialog).findByRole('listbox', { name: 'Folder suggestions' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(within(dialog).queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'New session' })).toBeInTheDocument();
  });

  it('on a remote host they are that host’s folders, and a click takes one', async () => {
    const { api } = hostsApi();
    await renderApp(api);
    const { dialog, folder } = await openDialog();
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: 'Host' }), 'box');
    await userEvent.clear(folder);
    await userEvent.type(folder, '/srv/r');
    const list = await within(dialog).findByRole('listbox', { name: 'Folder suggestions' });
    expect(api.callsTo('sessions:folderSuggestions')).toContainEqual({ folder: '/srv/r', host: 'box' });
    await userEvent.click(within(list).getByRole('option', { name: '/srv/repo' }));
    expect(folder).toHaveValue('/srv/repo');
  });
});
