import type { Handler } from '../../router/router';
import type { AmbientContext } from '../context';

/** The row menu's "Title automatically": whether the session titles itself. */
export const sessionsTitleAutomatic: Handler<'sessions:titleAutomatic', AmbientContext> = (input, s) => {
  s.sessions.get(input.id);
  return { id: input.id, automatic: s.ambient.titles.automatic(input.id) };
};

/** Turns it on or off; off stops the model's and the agent's titles and keeps the current one. */
export const sessionsSetTitleAutomatic: Handler<'sessions:setTitleAutomatic', AmbientContext> = (input, s) => ({
  id: input.id,
  automatic: s.ambient.titles.setAutomatic(input.id, input.automatic),
});
