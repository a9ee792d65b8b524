import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsMove: Handler<'sessions:move', Services> = (input, s) => s.sessions.move(input.id, input.beforeId);
