import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const appNotify: Handler<'app:notify', Services> = (input, s, ctx) => s.app.notify(input.sessionId, input.title, input.body, ctx.front);
