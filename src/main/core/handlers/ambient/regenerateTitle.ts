import type { Handler } from '../../router/router';
import type { Services } from '../../services';

/** "Regenerate title": asks the model now and answers once the judged result is stored. */
export const sessionsRegenerateTitle: Handler<'sessions:regenerateTitle', Services> = (input, s) =>
  s.ambient.titles.regenerate(input.id);
