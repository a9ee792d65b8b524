import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { loadHostSettings, saveHostSettings } from './actions';
import { useHost } from './store';

/** The idle field's bounds: whole minutes, up to a week (the contract allows finer; tests use that). */
export const IDLE_MINUTES_MIN = 1;
export const IDLE_MINUTES_MAX = 7 * 24 * 60;

/** A typed number of idle minutes, or why not. */
export function parseIdleMinutes(text: string): { minutes: number } | { problem: string } {
  const trimmed = text.trim();
  const minutes = Number(trimmed);
  if (trimmed === '' || !Number.isInteger(minutes) || minutes < IDLE_MINUTES_MIN || minutes > IDLE_MINUTES_MAX) {
    return { problem: `Whole minutes from ${IDLE_MINUTES_MIN} to ${IDLE_MINUTES_MAX} (a week).` };
  }
  return { minutes };
}

/**
 * Settings → General, "Session host" (SPEC §5.1): whether quitting the last
 * window ends the agents too, and how long the host waits with no window and
 * no live agent before it exits. Each is saved when changed (the number when
 * it is left or Enter is pressed).
 */
export function HostSettingsGroup() {
  const settings = useHost((s) => s.settings);
  const error = useHost((s) => s.settingsError);
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const hintId = useId();
  const problemId = useId();
  useEffect(() => {
    void loadHostSettings();
  }, []);

  const storedMinutes = settings ? String(Math.max(IDLE_MINUTES_MIN, Math.round(settings.idleExitMinutes))) : '';
  const shown = draft ?? storedMinutes;

  const save = async (patch: Parameters<typeof saveHostSettings>[0]): Promise<void> => {
    setSaved(false);
    setSaved(await saveHostSettings(patch));
  };
  const commitMinutes = (): void => {
    if (draft === null || draft === storedMinutes) {
      setDraft(null);
      setProblem(null);
      return;
    }
    const parsed = parseIdleMinutes(draft);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    setDraft(null);
    void save({ idleExitMinutes: parsed.minutes });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'Enter') commitMinutes();
  };

  return (
    <fieldset className="field-group host-settings" aria-describedby={hintId}>
      <legend>Session host</legend>
      <p id={hintId} className="settings-hint">
        Agents run in the session host, which outlives this window.
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={settings?.stopAgentsOnQuit ?? false}
          disabled={settings === null}
          onChange={(e) => void save({ stopAgentsOnQuit: e.currentTarget.checked })}
        />
        Stop agents when I quit
      </label>
      <label className="field host-idle">
        <span>Stop the host after idle minutes</span>
        <input
          type="number"
          inputMode="numeric"
          min={IDLE_MINUTES_MIN}
          max={IDLE_MINUTES_MAX}
          step={1}
          value={shown}
          disabled={settings === null}
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => {
            setSaved(false);
            setDraft(e.currentTarget.value);
          }}
          onBlur={commitMinutes}
          onKeyDown={onKeyDown}
        />
      </label>
      <p className="settings-hint">With no window open and no agent running for this long, the host exits by itself.</p>
      {problem ? (
        <p id={problemId} role="alert" className="form-error">
          {problem}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      {saved ? (
        <span role="status" className="settings-saved">
          Saved
        </span>
      ) : null}
    </fieldset>
  );
}
