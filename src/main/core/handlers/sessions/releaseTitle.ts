import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsReleaseTitle: Handler<'sessions:releaseTitle', Services> = (input, s) => s.sessions.releaseTitle(input.id);
