import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const appNotify: Handler<'app:notify', Services> = (input, s) => s.app.notify(input.sessionId, input.title, input.body);
