import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../src/shared/secretEnv';
import { AcpSettingsSchema, type AcpAgentInfo, type AcpSettings } from '../../src/shared/ipc/acp';
import type { SettingsView } from '../../src/shared/ipc/settings';
import { FakeApi } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// Issue 16: Settings → Agents, the group "ACP agents" (paths and user-defined agents).

function view(env: SettingsView['env'] = []): SettingsView {
  return {
    ambient: {
      provider: 'auto',
      model: null,
      anthropicBaseUrl: null,
      anthropicAllowPlainHttp: false,
      openaiBaseUrl: null,
      openaiAllowPlainHttp: false,
      openaiModel: null,
      claudePath: null,
      features: { titles: true, nextPrompt: true, pickupNote: true, narration: true, names: true, runningSummary: true, recoverySweep: true },
      titleWordTarget: 7,
      titleAfterTurns: 1,
      budgetPerHour: 120,
    },
    status: { effectiveProvider: 'offline', effectiveModel: null, envOverrides: [], keys: { anthropic: 'none', openai: 'none' }, encryptionAvailable: true, problem: null, callsLastHour: 0 },
    general: { theme: 'system', keepCheckpointDays: 14 },
    agents: { chatProvider: null, chatModel: null },
    env,
  };
}

const builtIn = (id: string, name: string, available: boolean): AcpAgentInfo => ({ id, name, builtIn: true, available, reason: available ? null : 'not found', installHint: available ? null : 'npm i -g x' });

/** A main that keeps what acp:setSettings gets, as the core does. */
function acpSettingsApi(start: AcpSettings, env: SettingsView['env'] = []): { api: FakeApi; saved: AcpSettings[] } {
  const api = new FakeApi();
  const saved: AcpSettings[] = [];
  let current = start;
  api.override('settings:get', () => ({ ok: true, value: view(env) }));
  // The section's one Save sends the chat and Claude Code settings too.
  api.override('settings:set', () => ({ ok: true, value: view(env) }));
  const agents = () => [builtIn('gemini', 'Gemini CLI', true), builtIn('codex', 'Codex', false), builtIn('qwen', 'Qwen Code', false)];
  api.override('acp:agents', () => ({ ok: true, value: { agents: agents() } }));
  api.override('acp:settings', () => ({ ok: true, value: current }));
  api.override('acp:setSettings', (input) => {
    current = AcpSettingsSchema.parse(input);
    saved.push(current);
    return { ok: true, value: { settings: current, agents: agents() } };
  });
  return { api, saved };
}

const EMPTY: AcpSettings = { geminiPath: null, codexAcpPath: null, qwenPath: null, custom: [], mcpServers: {} };

async function openAcpGroup(api: FakeApi) {
  await renderApp(api);
  await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Settings' });
  await userEvent.click(within(dialog).getByRole('tab', { name: 'Agents' }));
  return within(dialog).findByRole('group', { name: 'ACP agents' });
}

describe('Settings → Agents: ACP agents', () => {
  it('path fields for Gemini CLI, Codex and Qwen Code say whether the program was found; an env override is read-only', async () => {
    const { api } = acpSettingsApi(EMPTY, [{ field: 'qwenPath', variable: 'SWARMDESK_QWEN_PATH', value: '/opt/qwen' }]);
    const group = await openAcpGroup(api);
    await waitFor(() => expect(within(group).getByRole('textbox', { name: 'Gemini CLI path' })).toHaveAttribute('placeholder', 'gemini (found on PATH)'));
    expect(within(group).getByRole('textbox', { name: 'Codex (codex-acp) path' })).toHaveAttribute('placeholder', 'codex-acp (not found)');
    expect(within(group).queryByRole('textbox', { name: 'Qwen Code path' })).not.toBeInTheDocument();
    expect(within(group).getByRole('note', { name: 'Qwen Code path' })).toHaveTextContent('/opt/qwen — set by SWARMDESK_QWEN_PATH');
  });

  it('adds a user-defined agent (arguments split as a shell would, environment lines) and saves it with acp:setSettings; a key shows masked after', async () => {
    const { api, saved } = acpSettingsApi(EMPTY);
    const group = await openAcpGroup(api);
    await userEvent.type(within(group).getByRole('textbox', { name: 'Gemini CLI path' }), '/opt/gemini/bin/gemini');
    await userEvent.click(screen.getByRole('button', { name: 'Add agent' }));
    const agent = screen.getByRole('group', { name: 'New agent' });
    expect(within(agent).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await userEvent.type(within(agent).getByRole('textbox', { name: 'Name' }), 'My agent');
    const mine = screen.getByRole('group', { name: 'My agent' });
    await userEvent.type(within(mine).getByRole('textbox', { name: 'Command' }), 'node');
    await userEvent.type(within(mine).getByRole('textbox', { name: 'Arguments' }), `agent.mjs --acp --label "two words" 'it''s'`);
    await userEvent.type(within(mine).getByRole('textbox', { name: 'Environment' }), 'MY_API_KEY=sk-123{Enter}MODE=fast');
    await userEvent.click(screen.getByRole('button', { name: 'Save agent settings' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      geminiPath: '/opt/gemini/bin/gemini',
      codexAcpPath: null,
      qwenPath: null,
      custom: [{ id: 'custom-my-agent', name: 'My agent', command: 'node', args: ['agent.mjs', '--acp', '--label', 'two words', 'its'], env: { MY_API_KEY: 'sk-123', MODE: 'fast' } }],
      mcpServers: {},
    });
    expect((await screen.findByText('Saved')).getAttribute('role')).toBe('status');
    const environment = within(screen.getByRole('group', { name: 'My agent' })).getByRole('textbox', { name: 'Environment' });
    expect(environment).toHaveValue('MY_API_KEY=••••••••\nMODE=fast');
    expect(screen.queryByDisplayValue(/sk-123/)).not.toBeInTheDocument();

    // Saving again with the key left masked keeps the key as it was.
    await userEvent.type(environment, '{Enter}EXTRA=1');
    await userEvent.click(screen.getByRole('button', { name: 'Save agent settings' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.custom[0]?.env).toEqual({ MY_API_KEY: 'sk-123', MODE: 'fast', EXTRA: '1' });
  });

  it('removes an agent; problems are said in an alert next to their field; a refusal from main is an alert too', async () => {
    const start: AcpSettings = {
      ...EMPTY,
      custom: [
        { id: 'custom-one', name: 'One', command: 'one', args: [], env: {} },
        { id: 'custom-two', name: 'Two', command: 'two', args: ['--acp'], env: {} },
      ],
    };
    const { api, saved } = acpSettingsApi(start);
    const group = await openAcpGroup(api);
    const yours = within(group).getByRole('group', { name: 'Your agents' });
    expect(within(within(yours).getByRole('list', { name: 'Your ACP agents' })).getAllByRole('listitem')).toHaveLength(2);
    const two = within(yours).getByRole('group', { name: 'Two' });
    expect(within(two).getByRole('textbox', { name: 'Arguments' })).toHaveValue('--acp');
    await userEvent.click(screen.getByRole('button', { name: 'Remove One' }));
    expect(screen.queryByRole('group', { name: 'One' })).not.toBeInTheDocument();

    await userEvent.clear(within(two).getByRole('textbox', { name: 'Command' }));
    await userEvent.type(within(two).getByRole('textbox', { name: 'Arguments' }), ' "unclosed');
    await userEvent.type(within(two).getByRole('textbox', { name: 'Environment' }), 'not a pair');
    await userEvent.click(screen.getByRole('button', { name: 'Save agent settings' }));
    expect(saved).toEqual([]);
    const command = within(two).getByRole('textbox', { name: 'Command' });
    expect(command).toBeInvalid();
    expect(command).toHaveAccessibleDescription('Type the command that starts the agent.');
    expect(within(two).getByRole('textbox', { name: 'Arguments' })).toHaveAccessibleDescription('A double quote is not closed.');
    expect(within(two).getByRole('textbox', { name: 'Environment' })).toHaveAccessibleDescription(/Line 1 is not NAME=value/);
    expect(within(two).getAllByRole('alert')).toHaveLength(3);

    await userEvent.type(command, 'two');
    await userEvent.clear(within(two).getByRole('textbox', { name: 'Arguments' }));
    await userEvent.clear(within(two).getByRole('textbox', { name: 'Environment' }));
    api.override('acp:setSettings', () => ({ ok: false, error: { code: 'BAD_INPUT', message: 'custom.0.command: too long' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Save agent settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('custom.0.command: too long');
  });

  it('each agent has a field "MCP servers for <agent>" (JSON); a problem is an alert next to it; saved per agent, a masked secret sent back as shown', async () => {
    const files = { name: 'files', command: '/usr/bin/mcp-files', args: ['--root', '/w'], env: { FILES_API_KEY: SECRET_MASK } };
    const { api, saved } = acpSettingsApi({ ...EMPTY, mcpServers: { gemini: [files] } });
    const group = await openAcpGroup(api);
    const gemini = await within(group).findByRole('textbox', { name: 'MCP servers for Gemini CLI' });
    expect(JSON.parse((gemini as HTMLTextAreaElement).value)).toEqual([files]);
    const codex = within(group).getByRole('textbox', { name: 'MCP servers for Codex' });
    expect(codex).toHaveValue('');
    // An empty field reads as empty ("None"), the example is in the group's description, not a value-like placeholder.
    expect(codex).toHaveAttribute('placeholder', 'None');
    expect(codex).toHaveAccessibleDescription(/For example: \[\{ "name"/);

    await userEvent.click(codex);
    await userEvent.paste('[{"name": "git", "args": []}');
    await userEvent.click(screen.getByRole('button', { name: 'Save agent settings' }));
    expect(saved).toEqual([]);
    expect(codex).toBeInvalid();
    expect(codex).toHaveAccessibleDescription(/not valid JSON/);
    await userEvent.type(codex, ']');
    await userEvent.click(screen.getByRole('button', { name: 'Save agent settings' }));
    expect(codex).toHaveAccessibleDescription('Server 1: “command” is missing.');
    expect(saved).toEqual([]);

    await userEvent.clear(codex);
    await userEvent.click(codex);
    await userEvent.paste('[{"name": "git", "command": "mcp-git"}]');
    await userEvent.click(screen.getByRole('button', { name: 'Save agent settings' }));
    await screen.findByText('Saved');
    expect(saved[0]?.mcpServers).toEqual({ gemini: [files], codex: [{ name: 'git', command: 'mcp-git', args: [], env: {} }] });
    expect(within(group).queryAllByRole('alert')).toEqual([]);
  });

  it('the section has one Save: it sends the chat settings and the ACP agents together; the agents found are listed, Gemini CLI too; a saved agent keeps the focus', async () => {
    const start: AcpSettings = { ...EMPTY, custom: [{ id: 'custom-one', name: 'One', command: 'one', args: [], env: {} }] };
    const { api, saved } = acpSettingsApi(start);
    api.override('agents:availability', () => ({ ok: true, value: { chat: { available: false, reason: 'No model provider is set up.' }, 'claude-code': { available: true, reason: null } } }));
    const sets: unknown[] = [];
    api.override('settings:set', (input) => {
      sets.push(input);
      return { ok: true, value: view() };
    });
    await openAcpGroup(api);
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const tools = await within(dialog).findByRole('list', { name: 'Agent tools' });
    await waitFor(() => expect(tools).toHaveTextContent('Gemini CLI: found'));
    expect(tools).toHaveTextContent('Codex: not installed (to install it: npm i -g x)');
    expect(within(dialog).getAllByRole('button', { name: /^Save/ }).map((b) => b.textContent)).toEqual(['Save agent settings']);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Chat model' }), 'kumquat-model');
    const name = within(screen.getByRole('group', { name: 'One' })).getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 's{Enter}');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.custom).toEqual([{ id: 'custom-one', name: 'Ones', command: 'one', args: [], env: {} }]);
    expect(sets).toEqual([{ agents: { chatProvider: null, chatModel: 'kumquat-model' }, ambient: { claudePath: null } }]);
    await screen.findByText('Saved');
    // The row is the same after main's answer: the field the user pressed Enter in still has the keyboard.
    expect(within(screen.getByRole('group', { name: 'Ones' })).getByRole('textbox', { name: 'Name' })).toBe(name);
    expect(name).toHaveFocus();
  });

  it('"Remove <agent>" hands the keyboard to the next agent\'s Remove, then the one before, then "Add agent"', async () => {
    const start: AcpSettings = {
      ...EMPTY,
      custom: ['One', 'Two', 'Three'].map((name) => ({ id: `custom-${name.toLowerCase()}`, name, command: name.toLowerCase(), args: [], env: {} })),
    };
    const { api } = acpSettingsApi(start);
    await openAcpGroup(api);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Two' }));
    expect(screen.getByRole('button', { name: 'Remove Three' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove One' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Add agent' })).toHaveFocus();
  });

  it('when main has no ACP settings yet, the group says why and the rest of Agents works', async () => {
    const api = new FakeApi();
    api.override('settings:get', () => ({ ok: true, value: view() }));
    api.override('acp:settings', () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'ACP agents are not available in this build yet.' } }));
    await renderApp(api);
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Agents' }));
    const region = await within(dialog).findByRole('region', { name: 'ACP agents' });
    expect(region).toHaveTextContent('ACP agents are not available in this build yet.');
    expect(within(dialog).getByRole('button', { name: 'Save agent settings' })).toBeEnabled();
  });
});
