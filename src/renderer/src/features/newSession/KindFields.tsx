import type { ChatProviderName, PermissionMode } from '../../../../shared/ipc/agents';
import { PERMISSION_MODE_LABELS, PERMISSION_MODE_ORDER, PROVIDERS, type CreatableKind } from './options';

/** What the user chose beyond agent and folder; every field starts at "the default". */
export interface KindOptions {
  /** null: the configured default provider. */
  provider: ChatProviderName | null;
  /** Empty: the provider's default model. */
  model: string;
  permissionMode: PermissionMode;
  /** Empty: the user's shell. */
  command: string;
}

export const DEFAULT_KIND_OPTIONS: KindOptions = { provider: null, model: '', permissionMode: 'default', command: '' };

export interface KindFieldsProps {
  kind: CreatableKind;
  options: KindOptions;
  onChange: (change: Partial<KindOptions>) => void;
  /** The provider shown when the user has not picked one. */
  defaultProvider: ChatProviderName;
  /** The model the chosen provider uses when the field is empty, when main said. */
  defaultModel: string | null;
}

/** The fields one agent kind adds to "New session": provider and model, permission mode, or command. */
export function KindFields({ kind, options, onChange, defaultProvider, defaultModel }: KindFieldsProps) {
  if (kind === 'chat') {
    return (
      <div className="field-row">
        <label className="field">
          <span>Provider</span>
          <select value={options.provider ?? defaultProvider} onChange={(e) => onChange({ provider: e.target.value as ChatProviderName })}>
            {PROVIDERS.map((p) => (
              <option key={p.provider} value={p.provider}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Model</span>
          <input
            type="text"
            value={options.model}
            spellCheck={false}
            maxLength={200}
            placeholder={defaultModel ? `${defaultModel} (default)` : 'Default model'}
            onChange={(e) => onChange({ model: e.target.value })}
          />
        </label>
      </div>
    );
  }
  if (kind === 'claude-code') {
    return (
      <label className="field">
        <span>Permission mode</span>
        <select value={options.permissionMode} onChange={(e) => onChange({ permissionMode: e.target.value as PermissionMode })}>
          {PERMISSION_MODE_ORDER.map((mode) => (
            <option key={mode} value={mode}>
              {PERMISSION_MODE_LABELS[mode]}
            </option>
          ))}
        </select>
      </label>
    );
  }
  // An ACP agent runs as configured in Settings → Agents: nothing to choose here.
  if (kind === 'acp') return null;
  return (
    <label className="field">
      <span>Command</span>
      <input
        type="text"
        value={options.command}
        spellCheck={false}
        maxLength={4096}
        placeholder="Empty: your shell. Or codex, aider, bash…"
        onChange={(e) => onChange({ command: e.target.value })}
      />
    </label>
  );
}
