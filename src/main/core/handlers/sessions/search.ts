import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsSearch: Handler<'sessions:search', Services> = (input, s) => ({ ids: s.sessions.search(input.query, input.includeArchived, input.limit) });
