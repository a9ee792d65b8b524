import type { SettingsView } from '../../../../shared/ipc/settings';
import type { Services } from '../../services';

/** The whole settings screen: the ambient settings and status, general, agents, and what the environment decides. */
export function settingsView(s: Services): SettingsView {
  const prefs = s.preferences;
  return { ...s.ambient.engine.settingsView(), general: { theme: prefs.theme() }, agents: prefs.chat(), env: prefs.envSettings() };
}
