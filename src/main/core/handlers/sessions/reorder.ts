import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

export const sessionsReorder: Handler<'sessions:reorder', SessionsContext> = (input, s) => ({ moved: s.sessions.reorder(input.ids) });
