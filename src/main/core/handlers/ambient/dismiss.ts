import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const ambientDismiss: Handler<'ambient:dismiss', Services> = (input, s) => {
  s.sessions.get(input.id);
  s.ambient.engine.setShown(input.id, input.what, null);
  return s.ambient.engine.sessionState(input.id);
};
