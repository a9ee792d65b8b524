import { useState } from 'react';
import {
  AMBIENT_PROVIDER_CHOICES,
  type AmbientFeatures,
  type AmbientProviderChoice,
  type AmbientSettings,
  type KeyState,
  type SettingsView,
} from '../../../../shared/ipc/settings';
import { baseUrlProblem } from '../../../../shared/baseUrl';
import { saveSettings } from './actions';
import { BaseUrlField } from './BaseUrlField';
import { EnvOr } from './EnvValue';
import { useSettings } from './store';

const PROVIDER_NAMES: Record<AmbientProviderChoice, string> = {
  auto: 'Automatic (first configured, else offline)',
  anthropic: 'Anthropic API',
  openai: 'OpenAI-compatible endpoint (OpenAI, Ollama, LM Studio…)',
  'claude-cli': 'Claude Code CLI (uses your plan)',
  offline: 'Offline titles only (no model)',
  off: 'Off (no ambient work)',
};

const FEATURE_NAMES: Record<keyof AmbientFeatures, string> = {
  titles: 'Session titles',
  nextPrompt: 'Next-prompt suggestions',
  pickupNote: 'Pick-up notes',
  narration: 'Narrate background commands',
  names: 'Subagent and batch names',
  runningSummary: 'Running summary',
  recoverySweep: 'Title old sessions in the background',
};

const KEY_STATES: Record<KeyState, string> = {
  env: 'set by the environment',
  encrypted: 'stored, encrypted',
  plain: 'stored unencrypted',
  none: 'not set',
  elsewhere: 'key needed for this endpoint',
};
/**
 * The ambient provider, model, keys, features, title word target, titleAfterTurns and budget, saved
 * together by "Save ambient settings". A setting the environment decides shows its value instead of a field.
 */
export function AmbientSettingsForm({ view }: { view: SettingsView }) {
  const [draft, setDraft] = useState<AmbientSettings>(view.ambient);
  const [anthropicKey, setAnthropicKey] = useState('');
  const [openaiKey, setOpenaiKey] = useState('');
  // Numbers are edited as text (a cleared field is allowed while typing) and clamped on save.
  const [nums, setNums] = useState({
    titleWordTarget: String(view.ambient.titleWordTarget),
    titleAfterTurns: String(view.ambient.titleAfterTurns),
    budgetPerHour: String(view.ambient.budgetPerHour),
  });
  const setNum = (key: keyof typeof nums, value: string) => setNums((n) => ({ ...n, [key]: value }));
  const saving = useSettings((s) => s.saving);
  const status = view.status;
  const set = <K extends keyof AmbientSettings>(key: K, value: AmbientSettings[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setFeature = (key: keyof AmbientFeatures, on: boolean) => setDraft((d) => ({ ...d, features: { ...d.features, [key]: on } }));
  const text = (v: string): string | null => (v.trim() === '' ? null : v.trim());

  const [saved, setSaved] = useState(false);
  const [urlErrors, setUrlErrors] = useState<Partial<Record<BaseUrlSetting, string>>>({});
  // A new host drops the permission given for the old one (main does the same for a URL sent without it).
  const setUrl = (key: BaseUrlSetting, url: string | null) => {
    const flag = ALLOW_FLAGS[key];
    setDraft((d) => ({ ...d, [key]: url, [flag]: d[flag] && hostOf(d[key]) === hostOf(url) }));
    setUrlErrors((errors) => ({ ...errors, [key]: undefined }));
  };
  const save = async () => {
    if (saving) return;
    setSaved(false);
    // Main's rule for a base URL the user changed, said next to the field before anything is sent.
    const problems = baseUrlProblems(draft, view.ambient);
    setUrlErrors(problems);
    if (Object.keys(problems).length > 0) return;
    // The Claude Code path is the Agents section's: not written from here.
    const { claudePath: _agents, ...rest } = draft;
    const ambient = {
      ...rest,
      titleWordTarget: clampInt(nums.titleWordTarget, 2, 20, draft.titleWordTarget),
      titleAfterTurns: clampInt(nums.titleAfterTurns, 0, 50, draft.titleAfterTurns),
      budgetPerHour: clampInt(nums.budgetPerHour, 0, 10_000, draft.budgetPerHour),
    };
    setNums({ titleWordTarget: String(ambient.titleWordTarget), titleAfterTurns: String(ambient.titleAfterTurns), budgetPerHour: String(ambient.budgetPerHour) });
    const ok = await saveSettings({
      ambient,
      ...(anthropicKey ? { anthropicApiKey: anthropicKey } : {}),
      ...(openaiKey ? { openaiApiKey: openaiKey } : {}),
    });
    if (ok) {
      setAnthropicKey('');
      setOpenaiKey('');
      setSaved(true);
    }
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
      <p className="settings-status" aria-live="polite">
        In use: <strong>{status.effectiveProvider}</strong>
        {status.effectiveModel ? ` · ${status.effectiveModel}` : ''} · {status.callsLastHour} of {view.ambient.budgetPerHour} calls this hour
      </p>
      {status.problem ? (
        <p role="alert" className="form-error">
          {status.problem}
        </p>
      ) : null}
      {!status.encryptionAvailable ? (
        <p role="note" aria-label="Key storage warning" className="settings-warning">
          This system offers no keychain to Swarmdesk: keys entered here are stored unencrypted in the data folder. Prefer
          ANTHROPIC_API_KEY / OPENAI_API_KEY in the environment.
        </p>
      ) : null}

      <EnvOr view={view} field="provider" label="Provider">
        <label className="field">
          <span>Provider</span>
          <select value={draft.provider} onChange={(e) => set('provider', e.target.value as AmbientProviderChoice)}>
            {AMBIENT_PROVIDER_CHOICES.map((p) => (
              <option key={p} value={p}>
                {PROVIDER_NAMES[p]}
              </option>
            ))}
          </select>
        </label>
      </EnvOr>
      <EnvOr view={view} field="model" label="Model">
        <label className="field">
          <span>Model</span>
          <input type="text" value={draft.model ?? ''} placeholder="the provider's small model" onChange={(e) => set('model', text(e.target.value))} />
        </label>
      </EnvOr>

      <fieldset className="field-group">
        <legend>Anthropic</legend>
        <EnvOr view={view} field="anthropicApiKey" label="Anthropic API key">
          <label className="field">
            <span>Anthropic API key</span>
            <input type="password" autoComplete="off" value={anthropicKey} placeholder={KEY_STATES[status.keys.anthropic]} onChange={(e) => setAnthropicKey(e.target.value)} />
          </label>
        </EnvOr>
        {status.keys.anthropic === 'encrypted' || status.keys.anthropic === 'plain' ? (
          <button type="button" className="button" onClick={() => void saveSettings({ anthropicApiKey: null })}>
            Remove Anthropic key
          </button>
        ) : null}
        <EnvOr view={view} field="anthropicBaseUrl" label="Anthropic base URL">
          <BaseUrlField
            label="Anthropic base URL"
            url={draft.anthropicBaseUrl}
            allowPlainHttp={draft.anthropicAllowPlainHttp}
            placeholder="https://api.anthropic.com (the default)"
            error={urlErrors.anthropicBaseUrl ?? null}
            onUrl={(url) => setUrl('anthropicBaseUrl', url)}
            onAllow={(allow) => set('anthropicAllowPlainHttp', allow)}
          />
        </EnvOr>
      </fieldset>

      <fieldset className="field-group">
        <legend>OpenAI-compatible</legend>
        <EnvOr view={view} field="openaiApiKey" label="OpenAI API key">
          <label className="field">
            <span>OpenAI API key</span>
            <input type="password" autoComplete="off" value={openaiKey} placeholder={KEY_STATES[status.keys.openai]} onChange={(e) => setOpenaiKey(e.target.value)} />
          </label>
        </EnvOr>
        {status.keys.openai === 'encrypted' || status.keys.openai === 'plain' ? (
          <button type="button" className="button" onClick={() => void saveSettings({ openaiApiKey: null })}>
            Remove OpenAI key
          </button>
        ) : null}
        <EnvOr view={view} field="openaiBaseUrl" label="OpenAI base URL">
          <BaseUrlField
            label="OpenAI base URL"
            url={draft.openaiBaseUrl}
            allowPlainHttp={draft.openaiAllowPlainHttp}
            placeholder="http://localhost:11434/v1"
            error={urlErrors.openaiBaseUrl ?? null}
            onUrl={(url) => setUrl('openaiBaseUrl', url)}
            onAllow={(allow) => set('openaiAllowPlainHttp', allow)}
          />
        </EnvOr>
        <label className="field">
          <span>OpenAI model</span>
          <input type="text" value={draft.openaiModel ?? ''} onChange={(e) => set('openaiModel', text(e.target.value))} />
        </label>
      </fieldset>

      <fieldset className="field-group">
        <legend>Features</legend>
        {(Object.keys(FEATURE_NAMES) as Array<keyof AmbientFeatures>).map((key) => (
          <label key={key} className="checkbox">
            <input type="checkbox" checked={draft.features[key]} onChange={(e) => setFeature(key, e.target.checked)} />
            <span>{FEATURE_NAMES[key]}</span>
          </label>
        ))}
      </fieldset>

      <label className="field">
        <span>Title word target</span>
        <input type="number" min={2} max={20} value={nums.titleWordTarget} onChange={(e) => setNum('titleWordTarget', e.target.value)} />
      </label>
      <label className="field">
        <span>Title after turns (0 = never)</span>
        <input type="number" min={0} max={50} value={nums.titleAfterTurns} onChange={(e) => setNum('titleAfterTurns', e.target.value)} />
      </label>
      <label className="field">
        <span>Ambient calls per hour</span>
        <input type="number" min={0} max={10000} value={nums.budgetPerHour} onChange={(e) => setNum('budgetPerHour', e.target.value)} />
      </label>

      <div className="form-actions">
        {/* The field's own alert says why (and is read out); this says it where the user pressed Save. */}
        {Object.values(urlErrors).some(Boolean) ? (
          <span className="form-error settings-not-saved">
            Not saved: {(Object.keys(urlErrors) as BaseUrlSetting[]).filter((key) => urlErrors[key]).map((key) => `the ${URL_LABELS[key]}`).join(' and ')} needs a fix (above).
          </span>
        ) : null}
        {saved ? (
          <span role="status" className="settings-saved">
            Saved
          </span>
        ) : null}
        {/* Not disabled while saving: a disabled button would drop the keyboard focus to the page. */}
        <button type="submit" className="button primary" aria-disabled={saving || undefined}>
          Save ambient settings
        </button>
      </div>
    </form>
  );
}

type BaseUrlSetting = 'anthropicBaseUrl' | 'openaiBaseUrl';
const ALLOW_FLAGS = { anthropicBaseUrl: 'anthropicAllowPlainHttp', openaiBaseUrl: 'openaiAllowPlainHttp' } as const;
const URL_LABELS: Record<BaseUrlSetting, string> = { anthropicBaseUrl: 'Anthropic base URL', openaiBaseUrl: 'OpenAI base URL' };

function hostOf(url: string | null): string | null {
  try {
    return url === null ? null : new URL(url).host;
  } catch {
    return null;
  }
}

/** Each base URL changed from what is saved (or its flag) that main would refuse, with why. */
function baseUrlProblems(draft: AmbientSettings, saved: AmbientSettings): Partial<Record<BaseUrlSetting, string>> {
  const problems: Partial<Record<BaseUrlSetting, string>> = {};
  for (const key of ['anthropicBaseUrl', 'openaiBaseUrl'] as const) {
    const flag = ALLOW_FLAGS[key];
    if (draft[key] === saved[key] && draft[flag] === saved[flag]) continue;
    const problem = baseUrlProblem(URL_LABELS[key], draft[key], draft[flag]);
    if (problem) problems[key] = problem;
  }
  return problems;
}

function clampInt(raw: string, min: number, max: number, fallback: number): number {
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}
