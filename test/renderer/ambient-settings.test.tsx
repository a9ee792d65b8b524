import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSettingsOpen, useSettings } from '../../src/renderer/src/features/settings/store';
import type { AmbientCall } from '../../src/shared/ipc/ambient';
import type { SettingsView } from '../../src/shared/ipc/settings';
import { FakeApi, NOW } from './support/fakeApi';
import { renderApp } from './support/renderApp';

function view(partial: Partial<SettingsView['status']> = {}): SettingsView {
  return {
    ambient: {
      provider: 'auto',
      model: null,
      anthropicBaseUrl: null,
      openaiBaseUrl: null,
      openaiModel: null,
      claudePath: null,
      features: { titles: true, nextPrompt: true, pickupNote: true, narration: true, names: true, runningSummary: true, recoverySweep: true },
      titleWordTarget: 7,
      titleAfterTurns: 1,
      budgetPerHour: 120,
    },
    status: {
      effectiveProvider: 'offline',
      effectiveModel: null,
      envOverrides: [],
      keys: { anthropic: 'none', openai: 'none' },
      encryptionAvailable: false,
      problem: null,
      callsLastHour: 3,
      ...partial,
    },
    general: { theme: 'system' },
    agents: { chatProvider: null, chatModel: null },
    env: [],
  };
}

function settingsApi(v: SettingsView, log: AmbientCall[] = []): FakeApi {
  const api = new FakeApi();
  let current = v;
  api.override('settings:get', () => ({ ok: true, value: current }));
  api.override('settings:set', (input) => {
    current = { ...current, ambient: { ...current.ambient, ...(input.ambient ?? {}), features: { ...current.ambient.features, ...(input.ambient?.features ?? {}) } } };
    if (input.anthropicApiKey) current = { ...current, status: { ...current.status, keys: { ...current.status.keys, anthropic: 'plain' }, effectiveProvider: 'anthropic' } };
    return { ok: true, value: current };
  });
  api.override('ambient:log', () => ({ ok: true, value: log }));
  return api;
}

beforeEach(() => {
  useSettings.setState({ open: false, tab: 'ambient', view: null, saving: false, error: null, log: [] });
});

describe('settings screen', () => {
  it('opens from the sidebar, shows what is in effect and warns when keys can only be plain text', async () => {
    await renderApp(settingsApi(view()));
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    await waitFor(() => expect(within(dialog).getByText(/In use:/)).toHaveTextContent('In use: offline · 3 of 120 calls this hour'));
    expect(within(dialog).getByRole('note', { name: 'Key storage warning' })).toHaveTextContent(/stored unencrypted/);
  });

  it('a provider that cannot run says why', async () => {
    await renderApp(settingsApi(view({ problem: 'No Anthropic API key: add one below or set ANTHROPIC_API_KEY. Offline titles are used meanwhile.' })));
    setSettingsOpen(true);
    expect(await screen.findByRole('alert')).toHaveTextContent(/No Anthropic API key/);
  });

  it('saves settings and a key; the key goes to main and is not shown back', async () => {
    const api = settingsApi(view());
    await renderApp(api);
    setSettingsOpen(true);
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    const words = await within(dialog).findByRole('spinbutton', { name: 'Title word target' });
    await userEvent.clear(words);
    await userEvent.type(words, '5');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Next-prompt suggestions' }));
    await userEvent.type(within(dialog).getByLabelText('Anthropic API key'), 'sk-test-123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    const sent = api.callsTo('settings:set')[0] as { ambient: { titleWordTarget: number; features: { nextPrompt: boolean } }; anthropicApiKey: string };
    expect(sent.ambient.titleWordTarget).toBe(5);
    expect(sent.ambient.features.nextPrompt).toBe(false);
    expect(sent.anthropicApiKey).toBe('sk-test-123');
    await waitFor(() => expect(within(dialog).getByLabelText('Anthropic API key')).toHaveValue(''));
    expect(within(dialog).getByLabelText('Anthropic API key')).toHaveAttribute('placeholder', 'stored unencrypted');
    expect(dialog).not.toHaveTextContent('sk-test-123');
  });

  it('the ambient activity view lists calls with verdict and reason, replies as text', async () => {
    const log: AmbientCall[] = [
      { kind: 'title-create', sessionId: 's1', provider: 'anthropic', model: 'claude-haiku-4-5', inputChars: 1600, outputChars: 20, tokensIn: 410, tokensOut: 9, latencyMs: 812, verdict: 'reject', reason: 'absence', replyExcerpt: 'ANSWER: <b>(none yet)</b>', at: NOW },
      { kind: 'title-create', sessionId: 's1', provider: 'offline', model: 'extractive', inputChars: 1600, outputChars: 30, tokensIn: null, tokensOut: null, latencyMs: 1, verdict: 'use', reason: null, replyExcerpt: 'ANSWER: Fix login', at: NOW },
    ];
    await renderApp(settingsApi(view(), log));
    setSettingsOpen(true);
    await userEvent.click(await screen.findByRole('tab', { name: 'Ambient activity' }));
    const table = await screen.findByRole('table', { name: 'Ambient calls' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/reject.*absence.*410 \/ 9.*812 ms/);
    expect(within(table).getByText('ANSWER: <b>(none yet)</b>')).toBeInTheDocument(); // shown as text, not markup
    expect(table.querySelector('b')).toBeNull();
  });
});
