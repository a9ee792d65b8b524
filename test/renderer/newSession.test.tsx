import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// The New session dialog per agent kind (issue 4 item 6), and the permission mode in a claude-code pane.

const AVAILABLE: ChannelOutput<'agents:availability'> = {
  chat: { available: true, reason: null },
  'claude-code': { available: true, reason: null },
  chatDefaults: {
    provider: 'anthropic',
    providers: {
      anthropic: { available: true, reason: null, defaultModel: 'claude-sonnet-4-5' },
      openai: { available: false, reason: 'Chat needs an OpenAI-compatible endpoint (OPENAI_BASE_URL and/or OPENAI_API_KEY).', defaultModel: 'gpt-4o-mini' },
    },
  },
};

function withAvailability(api: FakeApi, value: ChannelOutput<'agents:availability'> = AVAILABLE): FakeApi {
  api.override('agents:availability', () => ({ ok: true, value }));
  return api;
}

async function openDialog(api: FakeApi) {
  await renderApp(api);
  await userEvent.click(screen.getByRole('button', { name: 'New session' }));
  const dialog = screen.getByRole('dialog', { name: 'New session' });
  const agent = within(dialog).getByRole('combobox', { name: 'Agent' });
  return { dialog, agent };
}

beforeEach(() => localStorage.clear());

describe('New session: fields per kind', () => {
  it('Chat shows Provider (Anthropic / OpenAI-compatible, the default chosen) and Model (empty, the default model as its hint)', async () => {
    const { dialog } = await openDialog(withAvailability(new FakeApi()));
    const provider = within(dialog).getByRole('combobox', { name: 'Provider' });
    expect(within(provider).getAllByRole('option').map((o) => o.textContent)).toEqual(['Anthropic', 'OpenAI-compatible']);
    expect(provider).toHaveValue('anthropic');
    const model = within(dialog).getByRole('textbox', { name: 'Model' });
    expect(model).toHaveValue('');
    await waitFor(() => expect(model).toHaveAttribute('placeholder', 'claude-sonnet-4-5 (default)'));
    await userEvent.selectOptions(provider, 'openai');
    expect(model).toHaveAttribute('placeholder', 'gpt-4o-mini (default)');
    expect(within(dialog).queryByRole('combobox', { name: 'Permission mode' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Command' })).not.toBeInTheDocument();
  });

  it('Claude Code shows Permission mode with Default first; Terminal shows Command (empty = the shell)', async () => {
    const { dialog, agent } = await openDialog(withAvailability(new FakeApi()));
    await userEvent.selectOptions(agent, 'Claude Code');
    const mode = within(dialog).getByRole('combobox', { name: 'Permission mode' });
    expect(mode).toHaveValue('default');
    expect(within(mode).getAllByRole('option')[0]).toHaveTextContent('Default');
    expect(within(mode).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toContain('plan');
    expect(within(dialog).queryByRole('combobox', { name: 'Provider' })).not.toBeInTheDocument();
    await userEvent.selectOptions(agent, 'Terminal');
    const command = within(dialog).getByRole('textbox', { name: 'Command' });
    expect(command).toHaveValue('');
    expect(command.getAttribute('placeholder')).toMatch(/your shell/);
    expect(within(dialog).queryByRole('combobox', { name: 'Permission mode' })).not.toBeInTheDocument();
  });

  it('Create with nothing changed sends only kind and folder, for every kind', async () => {
    for (const label of ['Chat', 'Claude Code', 'Terminal'] as const) {
      cleanup();
      const api = withAvailability(new FakeApi());
      const { dialog, agent } = await openDialog(api);
      await userEvent.selectOptions(agent, label);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New session' })).not.toBeInTheDocument());
      const kind = { Chat: 'chat', 'Claude Code': 'claude-code', Terminal: 'terminal' }[label];
      expect(api.callsTo('sessions:create')).toEqual([{ kind, folder: '/home/ada/src' }]);
    }
  });

  it('Create still works when main cannot tell availability (no agents running)', async () => {
    const api = new FakeApi(); // agents:availability answers UNKNOWN_CHANNEL here
    const { dialog } = await openDialog(api);
    expect(within(dialog).getByRole('combobox', { name: 'Provider' })).toHaveValue('anthropic');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('sessions:create')).toEqual([{ kind: 'chat', folder: '/home/ada/src' }]);
  });

  it('the chosen options go to main: permission mode, command, provider and model', async () => {
    const api = withAvailability(new FakeApi());
    let { dialog, agent } = await openDialog(api);
    await userEvent.selectOptions(agent, 'Claude Code');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Permission mode' }), 'plan');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'New session' }));
    dialog = screen.getByRole('dialog', { name: 'New session' });
    agent = within(dialog).getByRole('combobox', { name: 'Agent' });
    expect(agent).toHaveValue('claude-code'); // the last agent is remembered
    await userEvent.selectOptions(agent, 'Terminal');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Command' }), '  aider --no-git ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'New session' }));
    dialog = screen.getByRole('dialog', { name: 'New session' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Agent' }), 'Chat');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Provider' }), 'openai');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Model' }), 'llama3.1:8b');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(api.callsTo('sessions:create')).toEqual([
      { kind: 'claude-code', folder: '/home/ada/src', permissionMode: 'plan' },
      { kind: 'terminal', folder: '/home/ada/src', command: 'aider --no-git' },
      { kind: 'chat', folder: '/home/ada/src', chat: { provider: 'openai', model: 'llama3.1:8b' } },
    ]);
  });
});

describe('New session: what cannot run, and a bad folder', () => {
  it('an unavailable kind says why and how to fix it, right there; Create stays available', async () => {
    const reason = 'The Claude Code CLI (claude) is not on PATH; set its path in the settings or SWARMDESK_CLAUDE_PATH.';
    const { dialog, agent } = await openDialog(withAvailability(new FakeApi(), { ...AVAILABLE, 'claude-code': { available: false, reason } }));
    expect(dialog).not.toHaveTextContent(/not on PATH/);
    await userEvent.selectOptions(agent, 'Claude Code');
    await waitFor(() => expect(dialog).toHaveTextContent(reason));
    expect(dialog).toHaveTextContent('npm i -g @anthropic-ai/claude-code');
    expect(agent).toHaveAccessibleDescription(expect.stringContaining('not on PATH'));
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled();
    // A chat on a provider that is not set up says so too.
    await userEvent.selectOptions(agent, 'Chat');
    expect(dialog).not.toHaveTextContent(/not on PATH|OpenAI-compatible endpoint/);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Provider' }), 'openai');
    expect(dialog).toHaveTextContent('Chat needs an OpenAI-compatible endpoint');
  });

  it('a folder main refuses shows in an alert inside the dialog, which stays open; editing the folder clears it', async () => {
    const api = withAvailability(new FakeApi());
    api.override('sessions:create', () => ({ ok: false, error: { code: 'BAD_INPUT', message: 'No folder at /nope. Pick an existing folder.' } }));
    const { dialog } = await openDialog(api);
    const folder = within(dialog).getByRole('textbox', { name: 'Folder' });
    await userEvent.clear(folder);
    await userEvent.type(folder, '/nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No folder at /nope. Pick an existing folder.');
    expect(folder).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'New session' })).toBeInTheDocument();
    expect(api.callsTo('sessions:create')).toEqual([{ kind: 'chat', folder: '/nope' }]);
    await userEvent.type(folder, 'x');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the permission mode in a claude-code pane', () => {
  it('shows the session\'s mode and changes it', async () => {
    const api = new FakeApi([makeRow({ id: 'cc', kind: 'claude-code', title: 'Port retry policy' }), makeRow({ id: 'ch', title: 'Release checklist' })]);
    let stored: 'default' | 'plan' | 'acceptEdits' = 'plan';
    api.override('agents:permissionMode', () => ({ ok: true, value: { mode: stored } }));
    api.override('agents:setPermissionMode', (input) => {
      stored = input.mode as typeof stored;
      return { ok: true, value: { mode: input.mode } };
    });
    await renderApp(api);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Release checklist/ }));
    expect(within(screen.getByRole('main')).queryByRole('combobox', { name: 'Permission mode' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('listitem', { name: /^Port retry policy/ }));
    const pane = screen.getByRole('main', { name: 'Port retry policy' });
    const mode = await within(pane).findByRole('combobox', { name: 'Permission mode' });
    expect(mode).toHaveValue('plan');
    expect(mode).toHaveDisplayValue('plan mode');
    await userEvent.selectOptions(mode, 'acceptEdits');
    await waitFor(() => expect(api.callsTo('agents:setPermissionMode')).toEqual([{ id: 'cc', mode: 'acceptEdits' }]));
    expect(mode).toHaveDisplayValue('accept edits mode');
  });

  it('a refused change goes back to the mode the session has', async () => {
    const api = new FakeApi([makeRow({ id: 'cc', kind: 'claude-code', title: 'Port retry policy' })]);
    api.override('agents:permissionMode', () => ({ ok: true, value: { mode: 'default' } }));
    api.override('agents:setPermissionMode', () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Agents are not running in this process.' } }));
    await renderApp(api);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Port retry policy/ }));
    const mode = await within(screen.getByRole('main')).findByRole('combobox', { name: 'Permission mode' });
    await userEvent.selectOptions(mode, 'plan');
    await waitFor(() => expect(mode).toHaveValue('default'));
    expect(await screen.findByText(/Could not change the permission mode/)).toBeInTheDocument();
  });
});

describe('New session: Browse…', () => {
  it('web mode types the path (no Browse…); the desktop app picks a folder with the OS picker', async () => {
    const web = withAvailability(new FakeApi());
    const { dialog } = await openDialog(web);
    expect(within(dialog).queryByRole('button', { name: 'Browse…' })).not.toBeInTheDocument();
    cleanup();

    const desktop = withAvailability(new FakeApi());
    desktop.override('app:info', () => ({ ok: true, value: { version: '0.0.0', platform: 'test', transport: 'electron', dataDir: '/tmp/x', defaultFolder: '/home/ada/src', notices: [], notifications: true } }));
    desktop.override('app:pickFolder', () => ({ ok: true, value: { folder: '/home/ada/src/kumquat' } }));
    const opened = await openDialog(desktop);
    await userEvent.click(within(opened.dialog).getByRole('button', { name: 'Browse…' }));
    const folder = within(opened.dialog).getByRole('textbox', { name: 'Folder' });
    await waitFor(() => expect(folder).toHaveValue('/home/ada/src/kumquat'));
    expect(desktop.callsTo('app:pickFolder')).toEqual([{ defaultPath: '/home/ada/src' }]);
    await userEvent.click(within(opened.dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(desktop.callsTo('sessions:create')).toEqual([{ kind: 'chat', folder: '/home/ada/src/kumquat' }]));
  });
});
