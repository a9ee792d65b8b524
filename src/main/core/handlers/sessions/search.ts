import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

export const sessionsSearch: Handler<'sessions:search', SessionsContext> = (input, s) => ({ ids: s.sessions.search(input.query, input.includeArchived, input.limit, input.whole) });
