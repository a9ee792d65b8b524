import { useId } from 'react';
import { KEEP_CHECKPOINT_DAYS, THEMES, type Theme } from '../../../../shared/ipc/settings';
import { useApp } from '../../stores/app';
import { HostSettingsGroup } from '../host/HostSettingsGroup';
import { RecentlyRemovedSettings } from '../merge/RecentlyRemovedSettings';
import { TitleHintSettings } from '../titles/TitleHintSettings';
import { saveTheme } from './actions';
import { CheckpointDaysSetting } from './CheckpointDaysSetting';
import { useSettings } from './store';

const THEME_NAMES: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** General and appearance: the theme (applied at once and kept), the session host's lifetime, each project's title hint, how long checkpoints are kept, the recently removed worktrees, and where the data lives. */
export function GeneralSettings() {
  const theme = useSettings((s) => s.view?.general.theme ?? 'system');
  const keepDays = useSettings((s) => s.view?.general.keepCheckpointDays ?? KEEP_CHECKPOINT_DAYS.fallback);
  const dataDir = useApp((s) => s.info?.dataDir ?? null);
  const themeHint = useId();
  return (
    <div className="form settings-form">
      <fieldset className="field-group" role="radiogroup" aria-label="Theme" aria-describedby={themeHint}>
        <legend>Theme</legend>
        <div className="choice-row">
          {THEMES.map((t) => (
            <label key={t} className="choice">
              <input type="radio" name="theme" value={t} checked={theme === t} onChange={() => void saveTheme(t)} />
              <span>{THEME_NAMES[t]}</span>
            </label>
          ))}
        </div>
        <p id={themeHint} className="settings-hint">
          System follows your computer&apos;s light or dark setting.
        </p>
      </fieldset>
      <HostSettingsGroup />
      <TitleHintSettings />
      <CheckpointDaysSetting />
      <RecentlyRemovedSettings keepDays={keepDays} />
      {dataDir ? (
        <div className="field">
          <span>Data folder</span>
          <span className="env-value">{dataDir}</span>
        </div>
      ) : null}
    </div>
  );
}
