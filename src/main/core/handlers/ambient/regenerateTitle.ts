import type { Handler } from '../../router/router';
import type { AmbientContext } from '../context';

/** "Regenerate title": asks the model now and answers once the judged result is stored. */
export const sessionsRegenerateTitle: Handler<'sessions:regenerateTitle', AmbientContext> = (input, s) =>
  s.ambient.titles.regenerate(input.id);
