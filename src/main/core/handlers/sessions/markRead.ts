import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsMarkRead: Handler<'sessions:markRead', Services> = (input, s) => s.sessions.markRead(input.id);
