import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

export const sessionsGet: Handler<'sessions:get', SessionsContext> = (input, s) => s.sessions.get(input.id);
