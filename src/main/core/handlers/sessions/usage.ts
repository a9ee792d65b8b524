import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsUsage: Handler<'sessions:usage', Services> = (input, s) => s.usage.forSession(input.id);
