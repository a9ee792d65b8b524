import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsStop: Handler<'sessions:stop', Services> = (input, s) => s.sessions.stop(input.id);
