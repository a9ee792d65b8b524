import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSettings, setSettingsOpen } from '../../src/renderer/src/features/settings/store';
import type { SettingsView } from '../../src/shared/ipc/settings';
import { FakeApi } from './support/fakeApi';
import { renderApp } from './support/renderApp';

/** What main answers after the renderer moved the Anthropic base URL away from the key's endpoint. */
const moved: SettingsView = {
  ambient: {
    provider: 'anthropic',
    model: null,
    anthropicBaseUrl: 'http://127.0.0.1:9999',
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
    keys: { anthropic: 'elsewhere', openai: 'none' },
    encryptionAvailable: true,
    problem: 'Key needed for this endpoint: the stored Anthropic key was given for another base URL and is not sent to this one. Enter the key again for it. Offline titles are used meanwhile.',
    callsLastHour: 0,
  },
  general: { theme: 'system', keepCheckpointDays: 14 },
  agents: { chatProvider: null, chatModel: null },
  env: [],
};

beforeEach(() => {
  resetSettings();
});

describe('settings: a key withheld from a changed endpoint', () => {
  it('says a key is needed for this endpoint, in the alert and on the key field', async () => {
    const api = new FakeApi();
    api.override('settings:get', () => ({ ok: true, value: moved }));
    api.override('ambient:log', () => ({ ok: true, value: [] }));
    await renderApp(api);
    setSettingsOpen(true, 'ambient');
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Key needed for this endpoint/);
    expect(within(dialog).getByLabelText('Anthropic API key')).toHaveAttribute('placeholder', 'key needed for this endpoint');
  });
});
