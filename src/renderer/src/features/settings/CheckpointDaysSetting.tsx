import { useId, useState, type KeyboardEvent } from 'react';
import { KEEP_CHECKPOINT_DAYS } from '../../../../shared/ipc/settings';
import { saveSettings } from './actions';
import { useSettings } from './store';

/** A typed number of days, or why not. */
export function parseKeepDays(text: string): { days: number } | { problem: string } {
  const trimmed = text.trim();
  const days = Number(trimmed);
  if (trimmed === '' || !Number.isInteger(days) || days < KEEP_CHECKPOINT_DAYS.min || days > KEEP_CHECKPOINT_DAYS.max) {
    return { problem: `Whole days from ${KEEP_CHECKPOINT_DAYS.min} to ${KEEP_CHECKPOINT_DAYS.max}.` };
  }
  return { days };
}

/**
 * Settings → General, "Keep checkpoints for N days" (issue 36): how long each turn's checkpoint and each
 * removed worktree is kept before the background pruning drops it. Saved when the field is left or Enter
 * is pressed; the focus stays in the field. Its accessible name is its visible words, "Keep checkpoints for days".
 */
export function CheckpointDaysSetting() {
  const stored = useSettings((s) => s.view?.general.keepCheckpointDays ?? null);
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const beforeId = useId();
  const afterId = useId();
  const hintId = useId();
  const problemId = useId();
  const storedText = stored === null ? '' : String(stored);
  const shown = draft ?? storedText;

  const commit = async (): Promise<void> => {
    if (draft === null || draft === storedText) {
      setDraft(null);
      setProblem(null);
      return;
    }
    const parsed = parseKeepDays(draft);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    const ok = await saveSettings({ general: { keepCheckpointDays: parsed.days } });
    if (ok) setDraft(null);
    else setProblem(`Not saved: ${useSettings.getState().error ?? 'main refused it.'}`);
    setSaved(ok);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'Enter') void commit();
  };

  return (
    <fieldset className="field-group" aria-describedby={hintId}>
      <legend>Checkpoints</legend>
      <div className="field checkpoint-days">
        <span id={beforeId}>Keep checkpoints for</span>
        <input
          type="number"
          inputMode="numeric"
          min={KEEP_CHECKPOINT_DAYS.min}
          max={KEEP_CHECKPOINT_DAYS.max}
          step={1}
          value={shown}
          disabled={stored === null}
          aria-labelledby={`${beforeId} ${afterId}`}
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => {
            setSaved(false);
            setDraft(e.currentTarget.value);
          }}
          onBlur={() => void commit()}
          onKeyDown={onKeyDown}
        />
        <span id={afterId}>days</span>
      </div>
      <p id={hintId} className="settings-hint">
        Each turn&apos;s checkpoint and each removed worktree is kept this long, then dropped in the background.
      </p>
      {problem ? (
        <p id={problemId} role="alert" className="form-error">
          {problem}
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
