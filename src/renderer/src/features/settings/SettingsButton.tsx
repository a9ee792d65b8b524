import { setSettingsOpen } from './store';

/** Opens the settings screen. */
export function SettingsButton() {
  return (
    <button type="button" className="button settings-button" onClick={() => setSettingsOpen(true)}>
      Settings
    </button>
  );
}
