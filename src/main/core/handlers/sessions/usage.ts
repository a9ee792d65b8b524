import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

export const sessionsUsage: Handler<'sessions:usage', SessionsContext> = (input, s) => s.usage.forSession(input.id);
