import type { Handler } from '../../router/router';
import type { AppContext } from '../context';

export const appSetBadge: Handler<'app:setBadge', AppContext> = (input, s, ctx) => s.app.setBadge(input.count, ctx.front);
