import type { Handler } from '../../router/router';
import type { AppContext } from '../context';

export const appOpenExternal: Handler<'app:openExternal', AppContext> = (input, s, ctx) => s.app.openExternal(input.url, ctx.front);
