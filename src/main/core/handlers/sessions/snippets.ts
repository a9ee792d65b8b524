import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

export const sessionsSnippets: Handler<'sessions:snippets', SessionsContext> = (input, s) => ({ snippets: s.sessions.snippets(input.query, input.ids) });
