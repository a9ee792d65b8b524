import type { ChannelInput } from '../../../../shared/ipc/contract';
import { api } from '../../bridge';
import type { Theme } from '../../../../shared/ipc/settings';
import { setAmbientLog, setSettingsSaving, setSettingsView, useSettings } from './store';
import { applyTheme } from './theme';

export { applyTheme };

export async function loadSettings(): Promise<void> {
  const result = await api().invoke('settings:get', {});
  if (result.ok) setSettingsView(result.value);
  else setSettingsSaving(false, result.error.message);
}

/** Saves a partial update; main answers with what is now in effect. Keys go to main and never come back. */
export async function saveSettings(patch: ChannelInput<'settings:set'>): Promise<boolean> {
  setSettingsSaving(true);
  const result = await api().invoke('settings:set', patch);
  if (!result.ok) {
    setSettingsSaving(false, result.error.message);
    return false;
  }
  setSettingsView(result.value);
  setSettingsSaving(false);
  return true;
}

export async function loadAmbientLog(): Promise<void> {
  const result = await api().invoke('ambient:log', { limit: 200 });
  if (result.ok) setAmbientLog(result.value);
}

/** Applies the theme at once, then keeps it in main (a refusal puts the previous one back). */
export async function saveTheme(theme: Theme): Promise<void> {
  const view = useSettings.getState().view;
  const previous = view?.general.theme ?? 'system';
  applyTheme(theme);
  if (view) setSettingsView({ ...view, general: { ...view.general, theme } });
  const ok = await saveSettings({ general: { theme } });
  if (ok) return;
  applyTheme(previous);
  const now = useSettings.getState().view;
  if (now) useSettings.setState({ view: { ...now, general: { ...now.general, theme: previous } } });
}
