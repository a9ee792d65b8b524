import type { Handler } from '../../router/router';
import type { SettingsContext } from '../context';
import { settingsView } from './view';

/** A partial settings update; keys are write-only and stay in main. */
export const settingsSet: Handler<'settings:set', SettingsContext> = async (input, s) => {
  const { config } = s.ambient.engine;
  if (input.ambient) config.save(input.ambient);
  if (input.anthropicApiKey !== undefined) await config.setKey('anthropic', input.anthropicApiKey);
  if (input.openaiApiKey !== undefined) await config.setKey('openai', input.openaiApiKey);
  if (input.general?.theme) s.preferences.setTheme(input.general.theme);
  if (input.general?.keepCheckpointDays !== undefined) s.preferences.setKeepCheckpointDays(input.general.keepCheckpointDays);
  if (input.agents) s.preferences.setChat(input.agents);
  return settingsView(s);
};
