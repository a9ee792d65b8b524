import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsRename: Handler<'sessions:rename', Services> = (input, s) => s.sessions.rename(input.id, input.title);
