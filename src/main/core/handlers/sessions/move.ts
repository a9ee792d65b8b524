import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

export const sessionsMove: Handler<'sessions:move', SessionsContext> = (input, s) => s.sessions.move(input.id, input.beforeId);
