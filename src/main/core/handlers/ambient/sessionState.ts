import type { Handler } from '../../router/router';
import type { AmbientContext } from '../context';

export const ambientSessionState: Handler<'ambient:sessionState', AmbientContext> = (input, s) => {
  s.sessions.get(input.id); // NOT_FOUND for an unknown session
  return s.ambient.engine.sessionState(input.id);
};
