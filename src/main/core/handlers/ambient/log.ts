import type { Handler } from '../../router/router';
import type { AmbientContext } from '../context';

export const ambientLog: Handler<'ambient:log', AmbientContext> = (input, s) =>
  input.sessionId ? s.store.ambientCalls.forSession(input.sessionId, input.limit) : s.store.ambientCalls.recent(input.limit);
