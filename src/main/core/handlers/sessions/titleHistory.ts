import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

export const sessionsTitleHistory: Handler<'sessions:titleHistory', SessionsContext> = (input, s) => s.sessions.titleHistory(input.id);
