import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsRestore: Handler<'sessions:restore', Services> = (input, s) => s.sessions.restore(input.id);
