import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

export const sessionsList: Handler<'sessions:list', SessionsContext> = (input, s) => s.sessions.listRows(input.includeArchived, input.limit, input.after);
