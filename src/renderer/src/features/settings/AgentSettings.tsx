import { useEffect, useState } from 'react';
import type { ChatProviderName } from '../../../../shared/ipc/agents';
import type { SettingsView } from '../../../../shared/ipc/settings';
import { loadAgentAvailability, type AgentAvailability } from '../newSession/actions';
import { saveSettings } from './actions';
import { EnvValue, envFor } from './EnvValue';
import { useSettings } from './store';

const PROVIDER_NAMES: Record<ChatProviderName | 'auto', string> = {
  auto: 'Automatic (the first one set up)',
  anthropic: 'Anthropic API',
  openai: 'OpenAI-compatible endpoint',
};

/** Which agent tools this machine has, as a line each: found, or why not. */
function ToolsFound({ availability }: { availability: AgentAvailability | null }) {
  if (!availability) return <p className="settings-hint">Looking for agent tools…</p>;
  const line = (name: string, state: { available: boolean; reason: string | null }, found: string) => (
    <li key={name}>
      <strong>{name}</strong>: {state.available ? found : (state.reason ?? 'not available')}
    </li>
  );
  return (
    <ul className="tools-found" aria-label="Agent tools">
      {line('Claude Code', availability['claude-code'], 'found')}
      {line('Chat', availability.chat, `ready (${PROVIDER_NAMES[availability.chatDefaults?.provider ?? 'auto']})`)}
      <li>
        <strong>Terminal</strong>: always available (your shell, or any command)
      </li>
    </ul>
  );
}

/** Agents: the chat's default provider and model, the Claude Code CLI path, and which tools were found. */
export function AgentSettings({ view }: { view: SettingsView }) {
  const [availability, setAvailability] = useState<AgentAvailability | null>(null);
  const [provider, setProvider] = useState<ChatProviderName | 'auto'>(view.agents.chatProvider ?? 'auto');
  const [model, setModel] = useState(view.agents.chatModel ?? '');
  const [claudePath, setClaudePath] = useState(view.ambient.claudePath ?? '');
  const saving = useSettings((s) => s.saving);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    let live = true;
    void loadAgentAvailability().then((known) => {
      if (live) setAvailability(known);
    });
    return () => {
      live = false;
    };
  }, []);
  const envProvider = envFor(view, 'chatProvider');
  const envModel = envFor(view, 'chatModel');
  const envClaude = envFor(view, 'claudePath');
  const shownProvider = provider === 'auto' ? (availability?.chatDefaults?.provider ?? null) : provider;
  const defaultModel = shownProvider ? (availability?.chatDefaults?.providers[shownProvider].defaultModel ?? null) : null;

  const save = async () => {
    setSaved(false);
    const ok = await saveSettings({
      agents: { chatProvider: provider === 'auto' ? null : provider, chatModel: model.trim() === '' ? null : model.trim() },
      ambient: { claudePath: claudePath.trim() === '' ? null : claudePath.trim() },
    });
    if (!ok) return;
    setSaved(true);
    setAvailability(await loadAgentAvailability());
  };

  return (
    <form
      className="form settings-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      onChange={() => setSaved(false)}
    >
      <section aria-label="Agent tools found" className="field-group">
        <h3 className="settings-subhead">Found on this machine</h3>
        <ToolsFound availability={availability} />
      </section>
      <fieldset className="field-group">
        <legend>Chat</legend>
        {envProvider ? (
          <EnvValue label="Chat provider" setting={envProvider} />
        ) : (
          <label className="field">
            <span>Chat provider</span>
            <select value={provider} onChange={(e) => setProvider(e.target.value as ChatProviderName | 'auto')}>
              {(['auto', 'anthropic', 'openai'] as const).map((p) => (
                <option key={p} value={p}>
                  {PROVIDER_NAMES[p]}
                </option>
              ))}
            </select>
          </label>
        )}
        {envModel ? (
          <EnvValue label="Chat model" setting={envModel} />
        ) : (
          <label className="field">
            <span>Chat model</span>
            <input type="text" value={model} maxLength={200} placeholder={defaultModel ? `${defaultModel} (the default)` : 'the provider’s default'} onChange={(e) => setModel(e.target.value)} />
          </label>
        )}
      </fieldset>
      <fieldset className="field-group">
        <legend>Claude Code</legend>
        {envClaude ? (
          <EnvValue label="Claude Code CLI path" setting={envClaude} />
        ) : (
          <label className="field">
            <span>Claude Code CLI path</span>
            <input type="text" value={claudePath} spellCheck={false} placeholder="claude (found on PATH)" onChange={(e) => setClaudePath(e.target.value)} />
          </label>
        )}
      </fieldset>
      <div className="form-actions">
        {saved ? (
          <span role="status" className="settings-saved">
            Saved
          </span>
        ) : null}
        <button type="submit" className="button primary" disabled={saving}>
          Save agent settings
        </button>
      </div>
    </form>
  );
}
