import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { createUserSession } from '../../usecases/newSession';

export const sessionsCreate: Handler<'sessions:create', Services> = (input, s) => createUserSession(s, input);
