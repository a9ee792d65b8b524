import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsSend: Handler<'sessions:send', Services> = (input, s) => s.sessions.send(input.id, input.text);
