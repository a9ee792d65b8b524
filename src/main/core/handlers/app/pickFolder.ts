import type { Handler } from '../../router/router';
import type { AppContext } from '../context';

export const appPickFolder: Handler<'app:pickFolder', AppContext> = (input, s, ctx) => s.app.pickFolder(input.defaultPath, ctx.front);
