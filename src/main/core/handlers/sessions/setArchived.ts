import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsSetArchived: Handler<'sessions:setArchived', Services> = (input, s) => s.sessions.setArchived(input.id, input.archived);
