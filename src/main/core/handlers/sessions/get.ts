import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsGet: Handler<'sessions:get', Services> = (input, s) => s.sessions.get(input.id);
