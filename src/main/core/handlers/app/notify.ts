import type { Handler } from '../../router/router';
import type { AppContext } from '../context';

export const appNotify: Handler<'app:notify', AppContext> = (input, s, ctx) => s.app.notify(input.sessionId, input.title, input.body, ctx.front);
