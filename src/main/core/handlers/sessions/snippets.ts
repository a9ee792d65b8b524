import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsSnippets: Handler<'sessions:snippets', Services> = (input, s) => ({ snippets: s.sessions.snippets(input.query, input.ids) });
