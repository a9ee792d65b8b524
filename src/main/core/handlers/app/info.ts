import type { Handler } from '../../router/router';
import type { AppContext } from '../context';

export const appInfo: Handler<'app:info', AppContext> = (_input, s, ctx) => s.app.info(ctx.front);
