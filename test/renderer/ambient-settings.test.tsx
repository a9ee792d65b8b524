import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSettings, setSettingsOpen } from '../../src/renderer/src/features/settings/store';
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
    general: { theme: 'system', keepCheckpointDays: 14 },
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
  resetSettings();
});

describe('settings screen', () => {
  it('opens from the sidebar, shows what is in effect and warns when keys can only be plain text', async () => {
    await renderApp(settingsApi(view()));
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Ambient model' }));
    await waitFor(() => expect(within(dialog).getByText(/In use:/)).toHaveTextContent('In use: offline · 3 of 120 calls this hour'));
    expect(within(dialog).getByRole('note', { name: 'Key storage warning' })).toHaveTextContent(/stored unencrypted/);
  });

  it('a provider that cannot run says why', async () => {
    await renderApp(settingsApi(view({ problem: 'No Anthropic API key: add one below or set ANTHROPIC_API_KEY. Offline titles are used meanwhile.' })));
    setSettingsOpen(true, 'ambient');
    expect(await screen.findByRole('alert')).toHaveTextContent(/No Anthropic API key/);
  });

  it('saves settings and a key; the key goes to main and is not shown back', async () => {
    const api = settingsApi(view());
    await renderApp(api);
    setSettingsOpen(true, 'ambient');
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    const words = await within(dialog).findByRole('spinbutton', { name: 'Title word target' });
    await userEvent.clear(words);
    await userEvent.type(words, '5');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Next-prompt suggestions' }));
    await userEvent.type(within(dialog).getByLabelText('Anthropic API key'), 'sk-test-123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save ambient settings' }));
    const sent = api.callsTo('settings:set')[0] as { ambient: { titleWordTarget: number; features: { nextPrompt: boolean } }; anthropicApiKey: string };
    expect(sent.ambient.titleWordTarget).toBe(5);
    expect(sent.ambient.features.nextPrompt).toBe(false);
    expect(sent.anthropicApiKey).toBe('sk-test-123');
    await waitFor(() => expect(within(dialog).getByLabelText('Anthropic API key')).toHaveValue(''));
    expect(within(dialog).getByLabelText('Anthropic API key')).toHaveAttribute('placeholder', 'stored unencrypted');
    expect(dialog).not.toHaveTextContent('sk-test-123');
  });

  it('the activity log says each call in words: what was asked, what was used or why not; no reply protocol, no jargon', async () => {
    const log: AmbientCall[] = [
      { kind: 'title-create', sessionId: 's1', provider: 'anthropic', model: 'claude-haiku-4-5', inputChars: 1600, outputChars: 20, tokensIn: 410, tokensOut: 9, latencyMs: 812, verdict: 'reject', reason: 'absence', replyExcerpt: 'ANSWER: <b>(none yet)</b>', retryOf: null, at: NOW },
      { kind: 'title-create', sessionId: 's1', provider: 'offline', model: 'extractive', inputChars: 1600, outputChars: 30, tokensIn: null, tokensOut: null, latencyMs: 1, verdict: 'use', reason: null, replyExcerpt: 'ANSWER: Fix login', retryOf: null, at: NOW },
      { kind: 'next-prompt', sessionId: 's1', provider: 'anthropic', model: 'claude-haiku-4-5', inputChars: 900, outputChars: 4, tokensIn: 300, tokensOut: 2, latencyMs: 1530, verdict: 'skip', reason: null, replyExcerpt: 'SKIP', retryOf: null, at: NOW },
      // A second attempt says why it was made.
      { kind: 'pickup-note', sessionId: 's1', provider: 'anthropic', model: 'claude-haiku-4-5', inputChars: 900, outputChars: 80, tokensIn: 300, tokensOut: 30, latencyMs: 900, verdict: 'use', reason: null, replyExcerpt: 'ANSWER: I picked up where we left off. How can I help?', retryOf: 'error', at: NOW },
      { kind: 'pickup-note', sessionId: 's1', provider: 'anthropic', model: 'claude-haiku-4-5', inputChars: 900, outputChars: 0, tokensIn: null, tokensOut: null, latencyMs: 20000, verdict: 'error', reason: 'timeout: no reply within 20 s', replyExcerpt: null, retryOf: null, at: NOW },
      // Judged by a title's rules, named as what it is.
      { kind: 'commit-message', sessionId: 's1', provider: 'anthropic', model: 'claude-haiku-4-5', inputChars: 900, outputChars: 40, tokensIn: 300, tokensOut: 12, latencyMs: 700, verdict: 'reject', reason: 'format', replyExcerpt: 'ANSWER: <command-name>/commit</command-name>', retryOf: 'reject', at: NOW },
      { kind: 'running-summary', sessionId: 's1', provider: 'anthropic', model: 'claude-haiku-4-5', inputChars: 900, outputChars: 40, tokensIn: 300, tokensOut: 12, latencyMs: 700, verdict: 'reject', reason: 'error-text', replyExcerpt: 'ANSWER: API Error: 500', retryOf: null, at: NOW },
    ];
    await renderApp(settingsApi(view(), log));
    setSettingsOpen(true, 'ambient');
    const table = await screen.findByRole('table', { name: 'Ambient calls' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['When', 'Asked for', 'Outcome', 'Answered by', 'Took']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(rows[1]).toHaveTextContent(/Title for a session.*Rejected: A title can.t be a placeholder like “Untitled”\..*Anthropic.*claude-haiku-4-5.*812 ms · 419 tokens/);
    expect(rows[2]).toHaveTextContent(/Title for a session.*Used “Fix login”.*Offline titler/);
    expect(rows[3]).toHaveTextContent(/Next prompt suggestion.*Skipped: the model had nothing to add.*1\.5 s/);
    expect(rows[4]).toHaveTextContent(/Pick-up noteTried again: the first call failedUsed “I picked up where we left off\. How can I help\?”/);
    expect(rows[5]).toHaveTextContent(/Pick-up note.*Failed: no reply within 20 s/);
    expect(rows[5]).not.toHaveTextContent('Tried again');
    expect(rows[6]).toHaveTextContent(/Commit messageTried again: the first reply was rejectedRejected: A commit message can.t be markup, a tool.s note or a reply template\./);
    expect(rows[7]).toHaveTextContent(/Running summary.*Rejected: A summary can.t be an error message\./);
    expect(table).not.toHaveTextContent('ANSWER:');
    expect(table).not.toHaveTextContent('SKIP');
    expect(table.querySelector('b')).toBeNull();
  });
});
