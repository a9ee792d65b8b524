import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

export const sessionsMarkRead: Handler<'sessions:markRead', SessionsContext> = (input, s) => s.sessions.markRead(input.id);
