import { useEffect, useState } from 'react';
import type { AcpAgentInfo, AcpSettings } from '../../../../shared/ipc/acp';
import type { ChatProviderName } from '../../../../shared/ipc/agents';
import type { SettingsView } from '../../../../shared/ipc/settings';
import { loadAcpSettings, saveAcpSettings } from '../acp/actions';
import { AcpAgentFields, useAcpDraft, type AcpDraft } from '../acp/AcpAgentSettings';
import { useAcpAgents } from '../acp/useAcpAgents';
import { loadAgentAvailability, type AgentAvailability } from '../newSession/actions';
import { saveSettings } from './actions';
import { EnvValue, envFor } from './EnvValue';

const PROVIDER_NAMES: Record<ChatProviderName | 'auto', string> = {
  auto: 'Automatic (the first one set up)',
  anthropic: 'Anthropic API',
  openai: 'OpenAI-compatible endpoint',
};

/** Which agent tools this machine has, as a line each: found, or why not; the ACP agents (Gemini CLI…) too. */
function ToolsFound({ availability, acpAgents }: { availability: AgentAvailability | null; acpAgents: readonly AcpAgentInfo[] }) {
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
      {acpAgents.map((agent) =>
        agent.available || !agent.installHint ? (
          line(agent.name, agent, 'found (ACP)')
        ) : (
          <li key={agent.name}>
            <strong>{agent.name}</strong>: not installed (to install it: <code>{agent.installHint}</code>)
          </li>
        ),
      )}
    </ul>
  );
}

const NO_ACP_SETTINGS: AcpSettings = { geminiPath: null, codexAcpPath: null, qwenPath: null, custom: [], mcpServers: {} };

/** The ACP settings as main has them, or why they cannot be read; null until it answered. */
function useAcpSettings(): { ok: true; settings: AcpSettings } | { ok: false; message: string } | null {
  const [loaded, setLoaded] = useState<Awaited<ReturnType<typeof loadAcpSettings>> | null>(null);
  useEffect(() => {
    let live = true;
    void loadAcpSettings().then((outcome) => {
      if (live) setLoaded(outcome);
    });
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}

/** Settings → Agents: which tools were found, then the chat, Claude Code and ACP agents' settings, saved by one Save. */
export function AgentSettings({ view }: { view: SettingsView }) {
  const acp = useAcpSettings();
  if (!acp) return <p className="settings-hint">Looking for agents…</p>;
  return <AgentSettingsForm view={view} acp={acp} />;
}

function AgentSettingsForm({ view, acp }: { view: SettingsView; acp: { ok: true; settings: AcpSettings } | { ok: false; message: string } }) {
  const [availability, setAvailability] = useState<AgentAvailability | null>(null);
  const { agents } = useAcpAgents();
  const [provider, setProvider] = useState<ChatProviderName | 'auto'>(view.agents.chatProvider ?? 'auto');
  const [model, setModel] = useState(view.agents.chatModel ?? '');
  const [claudePath, setClaudePath] = useState(view.ambient.claudePath ?? '');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [acpError, setAcpError] = useState<string | null>(null);
  const acpState = useAcpDraft(view, acp.ok ? acp.settings : NO_ACP_SETTINGS);
  // Where main has no ACP settings (the channel fails), the section saves the rest and says why.
  const acpDraft: AcpDraft | null = acp.ok ? acpState : null;
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
    if (saving) return;
    setSaved(false);
    setAcpError(null);
    // Every problem is said next to its field before anything is sent.
    const acpSettings = acpDraft ? acpDraft.collect() : null;
    if (acpDraft && !acpSettings) return;
    setSaving(true);
    const ok = await saveSettings({
      agents: { chatProvider: provider === 'auto' ? null : provider, chatModel: model.trim() === '' ? null : model.trim() },
      ambient: { claudePath: claudePath.trim() === '' ? null : claudePath.trim() },
    });
    const acpOutcome = ok && acpSettings ? await saveAcpSettings(acpSettings) : null;
    setSaving(false);
    if (!ok) return;
    if (acpOutcome && !acpOutcome.ok) return setAcpError(acpOutcome.message);
    if (acpOutcome?.ok) acpDraft?.saved(acpOutcome.settings);
    setSaved(true);
    setAvailability(await loadAgentAvailability());
  };

  return (
    <form
      className="form settings-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      onChange={() => setSaved(false)}
    >
      <section aria-label="Agent tools found" className="field-group">
        <h3 className="settings-subhead">Found on this machine</h3>
        <ToolsFound availability={availability} acpAgents={agents} />
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
      {acpDraft ? (
        <AcpAgentFields view={view} draft={acpDraft} agents={agents} onEdit={() => setSaved(false)} />
      ) : (
        <section aria-label="ACP agents" className="field-group acp-settings">
          <h3 className="settings-subhead">ACP agents</h3>
          <p className="settings-hint">{acp.ok ? null : acp.message}</p>
        </section>
      )}
      {acpError ? (
        <p role="alert" className="form-error">
          {acpError}
        </p>
      ) : null}
      <div className="form-actions">
        {saved ? (
          <span role="status" className="settings-saved">
            Saved
          </span>
        ) : null}
        {/* Not disabled while saving: a disabled button would drop the keyboard focus to the page. */}
        <button type="submit" className="button primary" aria-disabled={saving || undefined}>
          Save agent settings
        </button>
      </div>
    </form>
  );
}
