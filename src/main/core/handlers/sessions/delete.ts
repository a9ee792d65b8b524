import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsDelete: Handler<'sessions:delete', Services> = (input, s) => s.sessions.delete(input.id);
