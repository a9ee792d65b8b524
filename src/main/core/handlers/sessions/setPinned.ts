import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

export const sessionsSetPinned: Handler<'sessions:setPinned', SessionsContext> = (input, s) => s.sessions.setPinned(input.id, input.pinned);
