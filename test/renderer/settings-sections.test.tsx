import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSettingsOpen } from '../../src/renderer/src/features/settings/store';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import type { SettingsView } from '../../src/shared/ipc/settings';
import { FakeApi } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const SECTIONS = ['General', 'Agents', 'Ambient model', 'Notifications', 'History import', 'Hosts'];

function view(change: Partial<SettingsView> = {}): SettingsView {
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
    env: [],
    ...change,
  };
}

const AVAILABILITY: ChannelOutput<'agents:availability'> = {
  chat: { available: true, reason: null },
  'claude-code': { available: false, reason: 'Claude Code CLI not found at "claude": install it or set its path.' },
  chatDefaults: {
    provider: 'anthropic',
    providers: {
      anthropic: { available: true, reason: null, defaultModel: 'claude-sonnet-4-5' },
      openai: { available: false, reason: 'Chat needs an OpenAI-compatible endpoint.', defaultModel: 'gpt-4o-mini' },
    },
  },
};

/** A main that keeps what settings:set gets, as the core does. */
function settingsApi(start: SettingsView = view(), theme: SettingsView['general']['theme'] = 'system'): FakeApi {
  const api = new FakeApi();
  let current = start;
  api.override('app:info', () => ({ ok: true, value: { version: '0', platform: 'test', transport: 'web', dataDir: '/tmp/data', defaultFolder: '/home/ada', notices: [], notifications: true, theme } }));
  api.override('settings:get', () => ({ ok: true, value: current }));
  api.override('settings:set', (input) => {
    current = {
      ...current,
      general: { ...current.general, ...input.general },
      agents: { ...current.agents, ...input.agents },
      ambient: { ...current.ambient, ...input.ambient, features: { ...current.ambient.features, ...input.ambient?.features } },
    };
    return { ok: true, value: current };
  });
  api.override('ambient:log', () => ({ ok: true, value: [] }));
  api.override('agents:availability', () => ({ ok: true, value: AVAILABILITY }));
  api.override('import:status', () => ({ ok: true, value: { enabled: true, envOverride: false, running: false, roots: [{ source: 'claude-code', path: '/home/ada/.claude/projects' }], last: null } }));
  return api;
}

async function openSettings() {
  await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
  return screen.findByRole('dialog', { name: 'Settings' });
}

describe('settings sections', () => {
  it('one tab per section, named by it; each panel shows its own settings only', async () => {
    await renderApp(settingsApi());
    const dialog = await openSettings();
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(SECTIONS);
    expect(within(dialog).getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');

    const panel = () => within(dialog).getByRole('tabpanel');
    expect(panel()).toHaveAccessibleName('General');
    expect(await within(panel()).findByRole('radiogroup', { name: 'Theme' })).toBeInTheDocument();
    expect(within(panel()).queryByRole('combobox')).toBeNull();
    expect(within(panel()).queryByText(/Notify me/)).toBeNull();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Agents' }));
    expect(panel()).toHaveAccessibleName('Agents');
    expect(await within(panel()).findByRole('combobox', { name: 'Chat provider' })).toBeInTheDocument();
    expect(within(panel()).queryByRole('radiogroup', { name: 'Theme' })).toBeNull();
    expect(within(panel()).queryByText(/In use:/)).toBeNull();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Ambient model' }));
    expect(await within(panel()).findByRole('combobox', { name: 'Provider' })).toBeInTheDocument();
    expect(within(panel()).getByRole('region', { name: 'Ambient activity' })).toBeInTheDocument();
    expect(within(panel()).queryByRole('combobox', { name: 'Chat provider' })).toBeNull();
    expect(within(panel()).queryByText(/Notify me/)).toBeNull();
    expect(within(panel()).queryByRole('region', { name: 'History import' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Notifications' }));
    expect(within(panel()).getByRole('checkbox', { name: /Notify me/ })).toBeInTheDocument();
    expect(within(panel()).queryByRole('region', { name: 'History import' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'History import' }));
    expect(await within(panel()).findByRole('region', { name: 'History import' })).toBeInTheDocument();
    expect(within(panel()).queryByText(/Notify me/)).toBeNull();
  });

  it('arrow keys, Home and End move between the tabs, and the selected tab is the one Tab stop', async () => {
    await renderApp(settingsApi());
    const dialog = await openSettings();
    const general = within(dialog).getByRole('tab', { name: 'General' });
    await waitFor(() => expect(general).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('tab', { name: 'Agents' })).toHaveFocus();
    expect(within(dialog).getByRole('tab', { name: 'Agents' })).toHaveAttribute('aria-selected', 'true');
    expect(general).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('tab', { name: 'Ambient model' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(within(dialog).getByRole('tab', { name: 'Hosts' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(general).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('tab', { name: 'Hosts' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(general).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tabpanel')).toHaveAccessibleName('General');
  });
});

describe('theme', () => {
  it('a chosen theme applies at once and is kept in main; System gives the OS back', async () => {
    const api = settingsApi();
    await renderApp(api);
    const dialog = await openSettings();
    const theme = await within(dialog).findByRole('radiogroup', { name: 'Theme' });
    expect(within(theme).getByRole('radio', { name: 'System' })).toBeChecked();
    await userEvent.click(within(theme).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(api.callsTo('settings:set')).toEqual([{ general: { theme: 'dark' } }]);
    await waitFor(() => expect(within(theme).getByRole('radio', { name: 'Dark' })).toBeChecked());
    await userEvent.click(within(theme).getByRole('radio', { name: 'System' }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('the kept theme is applied at start, before the settings screen is ever opened', async () => {
    await renderApp(settingsApi(view({ general: { theme: 'dark', keepCheckpointDays: 14 } }), 'dark'));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
  });

  it('a refused save puts the previous theme back and says why', async () => {
    const api = settingsApi();
    api.override('settings:set', () => ({ ok: false, error: { code: 'INTERNAL', message: 'The database is locked.' } }));
    await renderApp(api);
    const dialog = await openSettings();
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Light' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The database is locked.');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(within(dialog).getByRole('radio', { name: 'System' })).toBeChecked();
  });
});

describe('values from the environment', () => {
  it('a base URL set by the environment is shown with its value; a key only by its variable', async () => {
    const api = settingsApi(
      view({
        status: { ...view().status, keys: { anthropic: 'env', openai: 'none' }, envOverrides: ['anthropicBaseUrl'] },
        env: [
          { field: 'anthropicBaseUrl', variable: 'ANTHROPIC_BASE_URL', value: 'http://127.0.0.1:4000' },
          { field: 'anthropicApiKey', variable: 'ANTHROPIC_API_KEY', value: null },
        ],
      }),
    );
    await renderApp(api);
    act(() => setSettingsOpen(true, 'ambient'));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(await within(dialog).findByRole('note', { name: 'Anthropic base URL' })).toHaveTextContent('http://127.0.0.1:4000 — set by ANTHROPIC_BASE_URL');
    expect(within(dialog).getByRole('note', { name: 'Anthropic API key' })).toHaveTextContent(/^set by ANTHROPIC_API_KEY$/);
    expect(within(dialog).queryByRole('textbox', { name: 'Anthropic base URL' })).toBeNull();
    expect(within(dialog).queryByLabelText('Anthropic API key', { selector: 'input' })).toBeNull();
    // The OpenAI side, not set by the environment, keeps its fields.
    expect(within(dialog).getByRole('textbox', { name: 'OpenAI base URL' })).toHaveValue('');
  });
});

describe('agents', () => {
  it('shows which agent tools were found and saves the chat provider, model and the Claude Code path', async () => {
    const api = settingsApi();
    await renderApp(api);
    act(() => setSettingsOpen(true, 'agents'));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    const tools = await within(dialog).findByRole('list', { name: 'Agent tools' });
    expect(tools).toHaveTextContent(/Claude Code: Claude Code CLI not found/);
    expect(tools).toHaveTextContent(/Chat: ready \(Anthropic API\)/);
    expect(tools).toHaveTextContent(/Terminal: always available/);
    expect(within(dialog).getByRole('textbox', { name: 'Chat model' })).toHaveAttribute('placeholder', 'claude-sonnet-4-5 (the default)');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Chat provider' }), 'openai');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Chat model' }), 'qwen3-coder');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Claude Code CLI path' }), '/opt/claude/bin/claude');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save agent settings' }));
    expect(api.callsTo('settings:set')).toEqual([{ agents: { chatProvider: 'openai', chatModel: 'qwen3-coder' }, ambient: { claudePath: '/opt/claude/bin/claude' } }]);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Saved');
  });

  it('a chat provider and model set by the environment show their values instead of fields', async () => {
    const api = settingsApi(view({ env: [{ field: 'chatProvider', variable: 'SWARMDESK_CHAT_PROVIDER', value: 'openai' }, { field: 'chatModel', variable: 'SWARMDESK_CHAT_MODEL', value: 'llama3.2' }] }));
    await renderApp(api);
    act(() => setSettingsOpen(true, 'agents'));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(await within(dialog).findByRole('note', { name: 'Chat provider' })).toHaveTextContent('openai — set by SWARMDESK_CHAT_PROVIDER');
    expect(within(dialog).getByRole('note', { name: 'Chat model' })).toHaveTextContent('llama3.2 — set by SWARMDESK_CHAT_MODEL');
    expect(within(dialog).queryByRole('combobox', { name: 'Chat provider' })).toBeNull();
  });
});
