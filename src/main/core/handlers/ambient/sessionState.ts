import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const ambientSessionState: Handler<'ambient:sessionState', Services> = (input, s) => {
  s.sessions.get(input.id); // NOT_FOUND for an unknown session
  return s.ambient.engine.sessionState(input.id);
};
