import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';
import { createUserSession } from '../../usecases/newSession';

export const sessionsCreate: Handler<'sessions:create', SessionsContext> = (input, s) => createUserSession(s, input);
