import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

export const sessionsStop: Handler<'sessions:stop', SessionsContext> = (input, s) => s.sessions.stop(input.id);
