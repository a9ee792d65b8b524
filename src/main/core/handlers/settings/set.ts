import type { Handler } from '../../router/router';
import type { Services } from '../../services';

/** A partial settings update; keys are write-only and stay in main. */
export const settingsSet: Handler<'settings:set', Services> = (input, s) => {
  const { config } = s.ambient.engine;
  if (input.ambient) config.save(input.ambient);
  if (input.anthropicApiKey !== undefined) config.setKey('anthropic', input.anthropicApiKey);
  if (input.openaiApiKey !== undefined) config.setKey('openai', input.openaiApiKey);
  return s.ambient.engine.settingsView();
};
