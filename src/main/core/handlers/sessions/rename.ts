import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

export const sessionsRename: Handler<'sessions:rename', SessionsContext> = (input, s) => s.sessions.rename(input.id, input.title);
