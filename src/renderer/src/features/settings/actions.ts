import type { ChannelInput } from '../../../../shared/ipc/contract';
import { api } from '../../bridge';
import { setAmbientLog, setSettingsSaving, setSettingsView } from './store';

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
