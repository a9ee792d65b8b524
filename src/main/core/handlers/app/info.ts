import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const appInfo: Handler<'app:info', Services> = (_input, s, ctx) => s.app.info(ctx.front);
