import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setPickupNote, setSuggestion } from '../../src/renderer/src/stores/sessions';
import { FakeApi, makeEntry, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';
import { FakeHosts, host } from './support/fakeHosts';
import { setSettingsOpen } from '../../src/renderer/src/features/settings/store';

// The accessible names table of SPEC §7.1: what external tests select by.
describe('accessible names (SPEC §7.1)', () => {
  it('sidebar is a navigation "Sessions" holding a list "Sessions" whose rows start with the display label', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix kumquat websocket drops' }), makeRow({ id: 'b', firstUserLine: 'please fix the login redirect loop' })]);
    await renderApp(api);
    const nav = screen.getByRole('navigation', { name: 'Sessions' });
    const list = within(nav).getByRole('list', { name: 'Sessions' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(list).getByRole('listitem', { name: /^Fix kumquat websocket drops/ })).toBeInTheDocument();
    expect(within(list).getByRole('listitem', { name: /^please fix the login redirect loop/ })).toBeInTheDocument();
  });

  it('the navigation appears together with its rows, never empty before the list has arrived', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha release notes' })]);
    const original = api.invoke.bind(api);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    api.override('sessions:list', async (input) => {
      await gate;
      api.overrides.delete('sessions:list');
      return original('sessions:list', input);
    });
    await renderApp(api);
    expect(screen.queryByRole('navigation', { name: 'Sessions' })).not.toBeInTheDocument();
    await act(async () => release());
    const nav = await screen.findByRole('navigation', { name: 'Sessions' });
    expect(within(nav).getAllByRole('listitem')).toHaveLength(1);
  });

  it('the open row has aria-current="true" and the pane is a main named by the label with a log "Transcript"', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix kumquat websocket drops' }), makeRow({ id: 'b', title: 'Release checklist' })]);
    api.entries.set('a', [makeEntry({ sessionId: 'a', seq: 0, text: 'the websocket drops every few minutes' })]);
    await renderApp(api);
    const row = await screen.findByRole('listitem', { name: /^Fix kumquat/ });
    expect(row).not.toHaveAttribute('aria-current');
    await userEvent.click(row);
    expect(row).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('listitem', { name: /^Release checklist/ })).not.toHaveAttribute('aria-current');
    const pane = screen.getByRole('main', { name: 'Fix kumquat websocket drops' });
    const log = within(pane).getByRole('log', { name: 'Transcript' });
    await waitFor(() => expect(log).toHaveTextContent('the websocket drops every few minutes'));
    expect(within(pane).getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(within(pane).getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('New session opens a dialog with Agent, a prefilled Folder and Create, which creates with the defaults', async () => {
    const api = new FakeApi();
    await renderApp(api);
    await userEvent.click(screen.getByRole('button', { name: 'New session' }));
    const dialog = screen.getByRole('dialog', { name: 'New session' });
    const agent = within(dialog).getByRole('combobox', { name: 'Agent' });
    expect(within(agent).getAllByRole('option').map((o) => o.textContent)).toEqual(['Chat', 'Claude Code', 'Terminal']);
    expect(within(dialog).getByRole('textbox', { name: 'Folder' })).toHaveValue('/home/ada/src');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New session' })).not.toBeInTheDocument());
    expect(api.callsTo('sessions:create')).toEqual([{ kind: 'chat', folder: '/home/ada/src' }]);
    // The new session is listed, open, and its composer has focus.
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });

  it('agent choice: the Agent combobox also lists each ACP agent found, by its name', async () => {
    const api = new FakeApi();
    const info = (id: string, name: string, builtIn: boolean) => ({ id, name, builtIn, available: true, reason: null, installHint: null });
    api.override('acp:agents', () => ({ ok: true, value: { agents: [info('gemini', 'Gemini CLI', true), info('codex', 'Codex', true), info('qwen', 'Qwen Code', true), info('custom-mine', 'Mine', false)] } }));
    await renderApp(api);
    await userEvent.click(screen.getByRole('button', { name: 'New session' }));
    const agent = within(screen.getByRole('dialog', { name: 'New session' })).getByRole('combobox', { name: 'Agent' });
    await waitFor(() => expect(within(agent).getAllByRole('option').map((o) => o.textContent)).toEqual(['Chat', 'Claude Code', 'Terminal', 'Gemini CLI', 'Codex', 'Qwen Code', 'Mine']));
  });

  it('permission request: a group "Permission request" in the pane, one button per option named by the option', async () => {
    const api = new FakeApi([makeRow({ id: 'g', title: 'Write the release notes', kind: 'acp', status: 'waiting' })]);
    const options = [
      { optionId: 'a', name: 'Allow', kind: 'allow_once' as const },
      { optionId: 'b', name: 'Allow for this session', kind: 'allow_always' as const },
      { optionId: 'c', name: 'Reject', kind: 'reject_once' as const },
    ];
    api.override('acp:permission', () => ({ ok: true, value: { request: { sessionId: 'g', requestId: 'r', title: 'WriteFile notes.txt', toolKind: 'edit', locations: [], options, at: 0 } } }));
    await renderApp(api);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Write the release notes/ }));
    const group = await within(screen.getByRole('main', { name: 'Write the release notes' })).findByRole('group', { name: 'Permission request' });
    for (const name of ['Allow', 'Allow for this session', 'Reject']) expect(within(group).getByRole('button', { name })).toBeInTheDocument();
  });

  it('Escape closes the New session dialog without creating anything', async () => {
    const api = new FakeApi();
    await renderApp(api);
    await userEvent.click(screen.getByRole('button', { name: 'New session' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('sessions:create')).toEqual([]);
  });

  it('search is a searchbox "Search sessions"; each row has a drag handle "Reorder <label>" and a menu button', async () => {
    await renderApp(new FakeApi([makeRow({ id: 'a', title: 'Alpha release notes' })]));
    expect(screen.getByRole('searchbox', { name: 'Search sessions' })).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: /^Alpha release notes/ });
    expect(within(row).getByRole('button', { name: 'Reorder Alpha release notes' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'More actions for Alpha release notes' })).toBeInTheDocument();
  });

  it('the ghost suggestion is text "Suggestion: …" the composer is described by; the pick-up note is a note', async () => {
    await renderApp(new FakeApi([makeRow({ id: 'a', title: 'Alpha release notes' })]));
    await userEvent.click(await screen.findByRole('listitem', { name: /^Alpha/ }));
    expect(screen.queryByRole('note', { name: 'Pick-up note' })).not.toBeInTheDocument();
    act(() => {
      setSuggestion('a', 'add a test for the reconnect');
      setPickupNote('a', 'We were fixing the reconnect. How can I help?');
    });
    const composer = screen.getByRole('textbox', { name: 'Message' });
    expect(composer).toHaveAccessibleDescription('Suggestion: add a test for the reconnect');
    expect(screen.getByRole('note', { name: 'Pick-up note' })).toHaveTextContent('How can I help?');
  });

  it('hosts: Settings has a region "Hosts" with "SSH destination", "Add host" and a listitem per host; New session a combobox "Host"; a remote row names its host after the label', async () => {
    const api = new FakeApi([makeRow({ id: 'r', title: 'Train the ranker', host: 'box' })]);
    new FakeHosts(api, [host('box', 'connected'), host('gpu', 'unreachable', 'ssh: connect to host gpu port 22: Connection refused')]);
    await renderApp(api);
    expect(await screen.findByRole('listitem', { name: /^Train the ranker, on box/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New session' }));
    const choice = await within(screen.getByRole('dialog', { name: 'New session' })).findByRole('combobox', { name: 'Host' });
    expect(within(choice).getByRole('option', { name: 'This machine' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    act(() => setSettingsOpen(true));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Hosts' }));
    const region = await within(dialog).findByRole('region', { name: 'Hosts' });
    expect(within(region).getByRole('textbox', { name: 'SSH destination' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Add host' })).toBeInTheDocument();
    expect(await within(region).findByRole('listitem', { name: 'box, connected' })).toBeInTheDocument();
    expect(within(region).getByRole('listitem', { name: 'gpu, unreachable: ssh: connect to host gpu port 22: Connection refused' })).toBeInTheDocument();
  });
});
