import type { Handler } from '../../router/router';
import type { SettingsContext } from '../context';

/** Every project's title hint (Settings → General). */
export const settingsTitleHints: Handler<'settings:titleHints', SettingsContext> = (_input, s) => ({ hints: s.ambient.engine.titleHints.list() });

/** A project's title hint, judged for length (BAD_INPUT says why); empty clears it. */
export const settingsSetTitleHint: Handler<'settings:setTitleHint', SettingsContext> = (input, s) => ({
  hints: s.ambient.engine.titleHints.set(input.project, input.hint),
});
