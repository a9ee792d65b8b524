import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AcpAgentInfo } from '../../src/shared/ipc/acp';
import { FakeApi } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// Issue 16: the New session dialog lists the ACP agents main found (SPEC §7.1 "agent choice").

const GEMINI: AcpAgentInfo = { id: 'gemini', name: 'Gemini CLI', builtIn: true, available: true, reason: null, installHint: null };
const CODEX: AcpAgentInfo = {
  id: 'codex',
  name: 'Codex',
  builtIn: true,
  available: false,
  reason: 'codex-acp was not found on PATH.',
  installHint: 'npm install -g @zed-industries/codex-acp',
};
const MINE: AcpAgentInfo = { id: 'custom-my-agent', name: 'My agent', builtIn: false, available: true, reason: null, installHint: null };
const BROKEN: AcpAgentInfo = { id: 'custom-broken', name: 'Broken agent', builtIn: false, available: false, reason: '/opt/nothing was not found.', installHint: null };

function withAgents(agents: AcpAgentInfo[]): FakeApi {
  const api = new FakeApi();
  api.override('acp:agents', () => ({ ok: true, value: { agents } }));
  return api;
}

async function openDialog(api: FakeApi) {
  await renderApp(api);
  await userEvent.click(screen.getByRole('button', { name: 'New session' }));
  const dialog = screen.getByRole('dialog', { name: 'New session' });
  return { dialog, agent: within(dialog).getByRole('combobox', { name: 'Agent' }) };
}

async function create(dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New session' })).not.toBeInTheDocument());
}

beforeEach(() => localStorage.clear());

describe('New session: ACP agents', () => {
  it('lists them after Chat, Claude Code and Terminal, by name; a missing one, once chosen, says how to install it (only it) and Create waits', async () => {
    const { dialog, agent } = await openDialog(withAgents([GEMINI, CODEX, MINE, BROKEN]));
    await waitFor(() => expect(within(agent).getAllByRole('option')).toHaveLength(7));
    const options = within(agent).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => o.textContent)).toEqual(['Chat', 'Claude Code', 'Terminal', 'Gemini CLI', 'Codex', 'My agent', 'Broken agent']);
    expect(options.map((o) => o.disabled)).toEqual([false, false, false, false, false, false, false]);
    const create = within(dialog).getByRole('button', { name: 'Create' });
    // Chat is chosen: no word about agents that are not installed.
    expect(dialog).not.toHaveTextContent(/not installed|not found/);
    expect(create).toBeEnabled();

    await userEvent.selectOptions(agent, 'Codex');
    expect(dialog).toHaveTextContent('Codex is not installed. To install it: npm install -g @zed-industries/codex-acp');
    expect(dialog).not.toHaveTextContent('/opt/nothing');
    expect(agent).toHaveAccessibleDescription(/^Codex is not installed/);
    expect(create).toBeDisabled();
    // The command is copyable.
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Copy the install command for Codex' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('npm install -g @zed-industries/codex-acp');

    await userEvent.selectOptions(agent, 'Broken agent');
    expect(agent).toHaveAccessibleDescription(/^Broken agent ?: \/opt\/nothing was not found\./);
    expect(dialog).not.toHaveTextContent('Codex is not installed');

    await userEvent.selectOptions(agent, 'Gemini CLI');
    expect(dialog).not.toHaveTextContent(/not installed|not found/);
    expect(create).toBeEnabled();
  });

  it('Create sends kind acp with the agent id (and the folder); no Command field for it', async () => {
    const api = withAgents([GEMINI, CODEX, MINE]);
    const { dialog, agent } = await openDialog(api);
    await userEvent.selectOptions(agent, await within(agent).findByRole('option', { name: 'Gemini CLI' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Command' })).not.toBeInTheDocument();
    await create(dialog);
    expect(api.callsTo('sessions:create')).toEqual([{ kind: 'acp', agent: 'gemini', folder: '/home/ada/src' }]);
  });

  it('the worktree option applies to an ACP agent as to any kind', async () => {
    const api = withAgents([GEMINI]);
    api.override('git:repoInfo', () => ({
      ok: true,
      value: { repo: { root: '/home/ada/src', branch: 'main', dirty: false, remembered: { enabled: true, copyPatterns: [], setupCommand: '' } }, reason: null },
    }));
    const { dialog, agent } = await openDialog(api);
    await userEvent.selectOptions(agent, await within(agent).findByRole('option', { name: 'Gemini CLI' }));
    expect(await within(dialog).findByRole('checkbox', { name: 'Work in a new git worktree' })).toBeChecked();
    await create(dialog);
    expect(api.callsTo('sessions:create')).toEqual([
      { kind: 'acp', agent: 'gemini', folder: '/home/ada/src', worktree: { enabled: true, copyPatterns: [], setupCommand: '' } },
    ]);
  });

  it('remembers the agent chosen last, an ACP agent too; one no longer found falls back to Chat', async () => {
    let agents = [GEMINI, MINE];
    const api = new FakeApi();
    api.override('acp:agents', () => ({ ok: true, value: { agents } }));
    let { dialog, agent } = await openDialog(api);
    await userEvent.selectOptions(agent, await within(agent).findByRole('option', { name: 'My agent' }));
    await create(dialog);

    await userEvent.click(screen.getByRole('button', { name: 'New session' }));
    dialog = screen.getByRole('dialog', { name: 'New session' });
    agent = within(dialog).getByRole('combobox', { name: 'Agent' });
    await waitFor(() => expect(agent).toHaveValue('acp:custom-my-agent'));
    await create(dialog);
    expect(api.callsTo('sessions:create')).toEqual([
      { kind: 'acp', agent: 'custom-my-agent', folder: '/home/ada/src' },
      { kind: 'acp', agent: 'custom-my-agent', folder: '/home/ada/src' },
    ]);

    agents = [GEMINI];
    await userEvent.click(screen.getByRole('button', { name: 'New session' }));
    dialog = screen.getByRole('dialog', { name: 'New session' });
    agent = within(dialog).getByRole('combobox', { name: 'Agent' });
    await within(agent).findByRole('option', { name: 'Gemini CLI' });
    expect(agent).toHaveValue('chat');
  });

  it('a remembered ACP agent holds Create until main said which agents there are', async () => {
    const api = new FakeApi();
    let answer = (): void => undefined;
    api.override('acp:agents', () => new Promise((resolve) => (answer = () => resolve({ ok: true, value: { agents: [GEMINI] } }))));
    await renderApp(api, { storage: { 'swarmdesk.lastAgent': 'acp:gemini' } });
    await userEvent.click(screen.getByRole('button', { name: 'New session' }));
    const dialog = screen.getByRole('dialog', { name: 'New session' });
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    answer();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled());
    expect(within(dialog).getByRole('combobox', { name: 'Agent' })).toHaveValue('acp:gemini');
  });

  it('when main has no ACP (the channel fails) the dialog is as before and Create works', async () => {
    const api = new FakeApi();
    api.override('acp:agents', () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'ACP agents are not available in this build yet.' } }));
    const { dialog, agent } = await openDialog(api);
    await waitFor(() => expect(api.callsTo('acp:agents')).toHaveLength(1));
    expect(within(agent).getAllByRole('option').map((o) => o.textContent)).toEqual(['Chat', 'Claude Code', 'Terminal']);
    expect(dialog).not.toHaveTextContent(/not installed|not found/);
    await create(dialog);
    expect(api.callsTo('sessions:create')).toEqual([{ kind: 'chat', folder: '/home/ada/src' }]);
  });
});
