import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

export const sessionsSetArchived: Handler<'sessions:setArchived', SessionsContext> = (input, s) => s.sessions.setArchived(input.id, input.archived);
