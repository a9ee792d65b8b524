import type { SettingsView } from '../../../../shared/ipc/settings';
import type { SettingsContext } from '../context';

/** The whole settings screen: the ambient settings and status, general, agents, and what the environment decides. */
export function settingsView(s: SettingsContext): SettingsView {
  const prefs = s.preferences;
  return { ...s.ambient.engine.settingsView(), general: { theme: prefs.theme(), keepCheckpointDays: prefs.keepCheckpointDays() }, agents: prefs.chat(), env: prefs.envSettings() };
}
