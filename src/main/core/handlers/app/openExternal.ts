import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const appOpenExternal: Handler<'app:openExternal', Services> = (input, s, ctx) => s.app.openExternal(input.url, ctx.front);
