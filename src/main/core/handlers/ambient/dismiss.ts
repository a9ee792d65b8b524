import type { Handler } from '../../router/router';
import type { AmbientContext } from '../context';

export const ambientDismiss: Handler<'ambient:dismiss', AmbientContext> = (input, s) => {
  s.sessions.get(input.id);
  s.ambient.engine.setShown(input.id, input.what, null);
  return s.ambient.engine.sessionState(input.id);
};
