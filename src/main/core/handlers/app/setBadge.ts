import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const appSetBadge: Handler<'app:setBadge', Services> = (input, s, ctx) => s.app.setBadge(input.count, ctx.front);
