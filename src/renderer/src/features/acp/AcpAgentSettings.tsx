import { useEffect, useState } from 'react';
import type { AcpAgentInfo, AcpSettings, CustomAcpAgent, McpStdioServer } from '../../../../shared/ipc/acp';
import type { SettingsView } from '../../../../shared/ipc/settings';
import { EnvValue, envFor } from '../settings/EnvValue';
import { loadAcpSettings, saveAcpSettings } from './actions';
import { CustomAgentFields, type CustomAgentDraft, type DraftErrors } from './CustomAgentFields';
import { McpServerFields } from './McpServerFields';
import { formatMcpServers, parseMcpServers } from './mcpText';
import { customAgentId, formatEnv, joinArgs, parseEnv, splitArgs } from './settingsText';
import { useAcpAgents } from './useAcpAgents';
import './acp.css';

/** The built-in agents' path fields: the setting, its label, the agent's id and the program looked for. */
const BUILT_IN = [
  { field: 'geminiPath', label: 'Gemini CLI path', id: 'gemini', program: 'gemini' },
  { field: 'codexAcpPath', label: 'Codex (codex-acp) path', id: 'codex', program: 'codex-acp' },
  { field: 'qwenPath', label: 'Qwen Code path', id: 'qwen', program: 'qwen' },
] as const;
type PathField = (typeof BUILT_IN)[number]['field'];

let nextKey = 1;

function toDraft(agent: CustomAcpAgent): CustomAgentDraft {
  return { key: nextKey++, id: agent.id, name: agent.name, command: agent.command, args: joinArgs(agent.args), env: formatEnv(agent.env), savedEnv: agent.env };
}

/** The drafts as settings, or each field's problem (said next to it). */
function toCustom(drafts: readonly CustomAgentDraft[]): { ok: true; custom: CustomAcpAgent[] } | { ok: false; errors: Record<number, DraftErrors> } {
  const errors: Record<number, DraftErrors> = {};
  const taken = new Set(drafts.flatMap((d) => (d.id ? [d.id] : [])));
  const custom: CustomAcpAgent[] = [];
  for (const draft of drafts) {
    const problems: DraftErrors = {};
    if (!draft.name.trim()) problems.name = 'Give the agent a name.';
    if (!draft.command.trim()) problems.command = 'Type the command that starts the agent.';
    const args = splitArgs(draft.args);
    if (!args.ok) problems.args = args.message;
    const env = parseEnv(draft.env, draft.savedEnv);
    if (!env.ok) problems.env = env.message;
    if (Object.keys(problems).length > 0 || !args.ok || !env.ok) {
      errors[draft.key] = problems;
      continue;
    }
    const id = draft.id ?? customAgentId(draft.name, taken);
    taken.add(id);
    custom.push({ id, name: draft.name.trim(), command: draft.command.trim(), args: args.args, env: env.env });
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, custom };
}

const mcpTexts = (servers: AcpSettings['mcpServers']): Record<string, string> => Object.fromEntries(Object.entries(servers).map(([id, list]) => [id, formatMcpServers(list)]));

/** Every agent's MCP servers as typed (agents not shown keep theirs), or each field's problem. */
function toMcpServers(texts: Record<string, string>, stored: AcpSettings['mcpServers']): { ok: true; servers: AcpSettings['mcpServers'] } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const servers: Record<string, McpStdioServer[]> = { ...stored };
  for (const [id, text] of Object.entries(texts)) {
    const parsed = parseMcpServers(text);
    if (!parsed.ok) errors[id] = parsed.message;
    else if (parsed.servers.length > 0) servers[id] = parsed.servers;
    else delete servers[id];
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, servers };
}

/** What an empty path field falls back to, from what main found. */
function pathPlaceholder(program: string, info: AcpAgentInfo | undefined): string {
  if (!info) return program;
  return info.available ? `${program} (found on PATH)` : `${program} (not found)`;
}

/** Settings → Agents: the group "ACP agents" — where the built-in agents are, and the user's own agents. */
export function AcpAgentSettings({ view }: { view: SettingsView }) {
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
  if (!loaded) return <p className="settings-hint">Looking for ACP agents…</p>;
  if (!loaded.ok) {
    return (
      <section aria-label="ACP agents" className="field-group acp-settings">
        <h3 className="settings-subhead">ACP agents</h3>
        <p className="settings-hint">{loaded.message}</p>
      </section>
    );
  }
  return <AcpSettingsForm view={view} initial={loaded.settings} />;
}

function AcpSettingsForm({ view, initial }: { view: SettingsView; initial: AcpSettings }) {
  const { agents } = useAcpAgents();
  const [paths, setPaths] = useState<Record<PathField, string>>({
    geminiPath: initial.geminiPath ?? '',
    codexAcpPath: initial.codexAcpPath ?? '',
    qwenPath: initial.qwenPath ?? '',
  });
  const [drafts, setDrafts] = useState<CustomAgentDraft[]>(() => initial.custom.map(toDraft));
  const [added, setAdded] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<number, DraftErrors>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [stored, setStored] = useState(initial.mcpServers);
  const [mcp, setMcp] = useState<Record<string, string>>(() => mcpTexts(initial.mcpServers));
  const [mcpErrors, setMcpErrors] = useState<Record<string, string>>({});

  const change = (key: number, patch: Partial<CustomAgentDraft>) => setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...patch } : d)));

  const save = async () => {
    setSaved(false);
    setFormError(null);
    const custom = toCustom(drafts);
    const servers = toMcpServers(mcp, stored);
    setErrors(custom.ok ? {} : custom.errors);
    setMcpErrors(servers.ok ? {} : servers.errors);
    if (!custom.ok || !servers.ok) return;
    setSaving(true);
    const value = (field: PathField) => (envFor(view, field) ? initial[field] : paths[field].trim() || null);
    const outcome = await saveAcpSettings({ geminiPath: value('geminiPath'), codexAcpPath: value('codexAcpPath'), qwenPath: value('qwenPath'), custom: custom.custom, mcpServers: servers.servers });
    setSaving(false);
    if (!outcome.ok) return setFormError(outcome.message);
    // What main kept: new agents have their ids now, and saved keys show masked.
    setDrafts(outcome.settings.custom.map(toDraft));
    setStored(outcome.settings.mcpServers);
    setMcp(mcpTexts(outcome.settings.mcpServers));
    setAdded(null);
    setSaved(true);
  };

  return (
    <form
      className="form settings-form acp-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      onChange={() => setSaved(false)}
    >
      <fieldset className="field-group">
        <legend>ACP agents</legend>
        <p className="settings-hint">Agents that speak the Agent Client Protocol. Empty: found on PATH.</p>
        {BUILT_IN.map(({ field, label, id, program }) => {
          const env = envFor(view, field);
          if (env) return <EnvValue key={field} label={label} setting={env} />;
          return (
            <label key={field} className="field">
              <span>{label}</span>
              <input
                type="text"
                value={paths[field]}
                spellCheck={false}
                placeholder={pathPlaceholder(program, agents.find((a) => a.id === id))}
                onChange={(e) => setPaths((all) => ({ ...all, [field]: e.target.value }))}
              />
            </label>
          );
        })}
        <fieldset className="field-group">
          <legend>Your agents</legend>
          {drafts.length === 0 ? <p className="settings-hint">None yet: add any command that speaks ACP.</p> : null}
          <ul className="custom-agents" aria-label="Your ACP agents">
            {drafts.map((draft) => (
              <CustomAgentFields
                key={draft.key}
                draft={draft}
                errors={errors[draft.key] ?? {}}
                isNew={draft.key === added}
                onChange={(patch) => change(draft.key, patch)}
                onRemove={() => {
                  setDrafts((all) => all.filter((d) => d.key !== draft.key));
                  setSaved(false);
                }}
              />
            ))}
          </ul>
          <div>
            <button
              type="button"
              className="button"
              onClick={() => {
                const key = nextKey++;
                setDrafts((all) => [...all, { key, id: null, name: '', command: '', args: '', env: '', savedEnv: {} }]);
                setAdded(key);
                setSaved(false);
              }}
            >
              Add agent
            </button>
          </div>
        </fieldset>
        <McpServerFields agents={agents} texts={mcp} errors={mcpErrors} onChange={(id, text) => setMcp((all) => ({ ...all, [id]: text }))} />
      </fieldset>
      {formError ? (
        <p role="alert" className="form-error">
          {formError}
        </p>
      ) : null}
      <div className="form-actions">
        {saved ? (
          <span role="status" className="settings-saved">
            Saved
          </span>
        ) : null}
        <button type="submit" className="button primary" disabled={saving}>
          Save ACP agents
        </button>
      </div>
    </form>
  );
}
