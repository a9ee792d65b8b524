import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const ambientLog: Handler<'ambient:log', Services> = (input, s) =>
  input.sessionId ? s.store.ambientCalls.forSession(input.sessionId, input.limit) : s.store.ambientCalls.recent(input.limit);
