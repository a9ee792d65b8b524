import { useLayoutEffect, useRef, useState } from 'react';
import type { AcpAgentInfo, AcpSettings, CustomAcpAgent, McpStdioServer } from '../../../../shared/ipc/acp';
import type { SettingsView } from '../../../../shared/ipc/settings';
import { EnvValue, envFor } from '../settings/EnvValue';
import { CustomAgentFields, type CustomAgentDraft, type DraftErrors } from './CustomAgentFields';
import { McpServerFields } from './McpServerFields';
import { formatMcpServers, parseMcpServers } from './mcpText';
import { customAgentId, formatEnv, joinArgs, parseEnv, splitArgs } from './settingsText';
import './acp.css';

/** The built-in agents' path fields: the setting, its label, the agent's id and the program looked for. */
const BUILT_IN = [
  { field: 'geminiPath', label: 'Gemini CLI path', id: 'gemini', program: 'gemini' },
  { field: 'codexAcpPath', label: 'Codex (codex-acp) path', id: 'codex', program: 'codex-acp' },
  { field: 'qwenPath', label: 'Qwen Code path', id: 'qwen', program: 'qwen' },
] as const;
type PathField = (typeof BUILT_IN)[number]['field'];

let nextKey = 1;

/** An agent as edited; `key` keeps the row (and whatever in it has the focus) across a save's redraw. */
function toDraft(agent: CustomAcpAgent, key = nextKey++): CustomAgentDraft {
  return { key, id: agent.id, name: agent.name, command: agent.command, args: joinArgs(agent.args), env: formatEnv(agent.env), savedEnv: agent.env };
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

/** The ACP part of Settings → Agents as edited: what the fields show, and what the section's one Save sends. */
export interface AcpDraft {
  readonly paths: Record<PathField, string>;
  readonly drafts: readonly CustomAgentDraft[];
  readonly added: number | null;
  readonly errors: Record<number, DraftErrors>;
  readonly mcp: Record<string, string>;
  readonly mcpErrors: Record<string, string>;
  setPath(field: PathField, value: string): void;
  change(key: number, patch: Partial<CustomAgentDraft>): void;
  add(): void;
  remove(key: number): void;
  setMcp(id: string, text: string): void;
  /** The settings to send, or null after saying each field's problem next to it. */
  collect(): AcpSettings | null;
  /** What main kept: new agents have their ids, keys show masked; each row keeps its place (and focus). */
  saved(settings: AcpSettings): void;
}

/** The ACP settings' draft for the Agents section (`initial`: as main last said). */
export function useAcpDraft(view: SettingsView, initial: AcpSettings): AcpDraft {
  const [paths, setPaths] = useState<Record<PathField, string>>({
    geminiPath: initial.geminiPath ?? '',
    codexAcpPath: initial.codexAcpPath ?? '',
    qwenPath: initial.qwenPath ?? '',
  });
  const [stored, setStored] = useState(initial);
  const [drafts, setDrafts] = useState<CustomAgentDraft[]>(() => initial.custom.map((agent) => toDraft(agent)));
  const [added, setAdded] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<number, DraftErrors>>({});
  const [mcp, setMcpTexts] = useState<Record<string, string>>(() => mcpTexts(initial.mcpServers));
  const [mcpErrors, setMcpErrors] = useState<Record<string, string>>({});
  return {
    paths,
    drafts,
    added,
    errors,
    mcp,
    mcpErrors,
    setPath: (field, value) => setPaths((all) => ({ ...all, [field]: value })),
    change: (key, patch) => setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...patch } : d))),
    add: () => {
      const key = nextKey++;
      setDrafts((all) => [...all, { key, id: null, name: '', command: '', args: '', env: '', savedEnv: {} }]);
      setAdded(key);
    },
    remove: (key) => setDrafts((all) => all.filter((d) => d.key !== key)),
    setMcp: (id, text) => setMcpTexts((all) => ({ ...all, [id]: text })),
    collect: () => {
      const custom = toCustom(drafts);
      const servers = toMcpServers(mcp, stored.mcpServers);
      setErrors(custom.ok ? {} : custom.errors);
      setMcpErrors(servers.ok ? {} : servers.errors);
      if (!custom.ok || !servers.ok) return null;
      // A path the environment decides is not the form's to change.
      const value = (field: PathField) => (envFor(view, field) ? stored[field] : paths[field].trim() || null);
      return { geminiPath: value('geminiPath'), codexAcpPath: value('codexAcpPath'), qwenPath: value('qwenPath'), custom: custom.custom, mcpServers: servers.servers };
    },
    saved: (settings) => {
      setStored(settings);
      // The drafts were sent in order, so main's list is theirs, in the same order.
      setDrafts((before) => settings.custom.map((agent, i) => toDraft(agent, before[i]?.key)));
      setMcpTexts(mcpTexts(settings.mcpServers));
      setAdded(null);
    },
  };
}

/** Settings → Agents: the group "ACP agents" — where the built-in agents are, and the user's own agents. */
export function AcpAgentFields({ view, draft, agents, onEdit }: { view: SettingsView; draft: AcpDraft; agents: readonly AcpAgentInfo[]; onEdit: () => void }) {
  const group = useRef<HTMLFieldSetElement>(null);
  // After "Remove <agent>" its button is gone: the keyboard moves to the next agent's Remove (else the one
  // before it, else "Add agent") instead of falling to the page.
  const focusAfterRemove = useRef<number | null>(null);
  // Runs after every render; acts only on the render that removed a row.
  useLayoutEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const removes = group.current?.querySelectorAll<HTMLButtonElement>('.custom-agent-remove') ?? [];
    const target = removes[Math.min(index, removes.length - 1)] ?? group.current?.querySelector<HTMLButtonElement>('.add-agent');
    target?.focus();
  });
  return (
    <fieldset ref={group} className="field-group acp-settings">
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
              value={draft.paths[field]}
              spellCheck={false}
              placeholder={pathPlaceholder(program, agents.find((a) => a.id === id))}
              onChange={(e) => draft.setPath(field, e.target.value)}
            />
          </label>
        );
      })}
      <fieldset className="field-group">
        <legend>Your agents</legend>
        {draft.drafts.length === 0 ? <p className="settings-hint">None yet: add any command that speaks ACP.</p> : null}
        <ul className="custom-agents" aria-label="Your ACP agents">
          {draft.drafts.map((agent, index) => (
            <CustomAgentFields
              key={agent.key}
              draft={agent}
              errors={draft.errors[agent.key] ?? {}}
              isNew={agent.key === draft.added}
              onChange={(patch) => draft.change(agent.key, patch)}
              onRemove={() => {
                draft.remove(agent.key);
                focusAfterRemove.current = index;
                onEdit();
              }}
            />
          ))}
        </ul>
        <div>
          <button
            type="button"
            className="button add-agent"
            onClick={() => {
              draft.add();
              onEdit();
            }}
          >
            Add agent
          </button>
        </div>
      </fieldset>
      <McpServerFields agents={agents} texts={draft.mcp} errors={draft.mcpErrors} onChange={draft.setMcp} />
    </fieldset>
  );
}
