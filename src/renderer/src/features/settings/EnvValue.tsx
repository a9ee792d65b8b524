import type { ReactNode } from 'react';
import type { EnvSetting, SettingsView } from '../../../../shared/ipc/settings';

/** The environment variable deciding `field` now, if any (SPEC §10: env overrides settings). */
export function envFor(view: SettingsView, field: string): EnvSetting | null {
  return view.env.find((e) => e.field === field) ?? null;
}

/**
 * A setting the environment decides, shown read-only with its value: "http://127.0.0.1:4000 — set by
 * ANTHROPIC_BASE_URL"; a key only by where it comes from: "set by ANTHROPIC_API_KEY".
 */
export function EnvValue({ label, setting }: { label: string; setting: EnvSetting }) {
  const words = setting.value === null ? `set by ${setting.variable}` : `${setting.value} — set by ${setting.variable}`;
  return (
    <div className="field">
      <span>{label}</span>
      <span className="env-value" role="note" aria-label={label}>
        {words}
      </span>
    </div>
  );
}

/** The field's control, or its value from the environment when a variable decides it. */
export function EnvOr({ view, field, label, children }: { view: SettingsView; field: string; label: string; children: ReactNode }) {
  const setting = envFor(view, field);
  return setting ? <EnvValue label={label} setting={setting} /> : children;
}
