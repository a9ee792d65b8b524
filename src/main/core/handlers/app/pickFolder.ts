import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const appPickFolder: Handler<'app:pickFolder', Services> = (input, s, ctx) => s.app.pickFolder(input.defaultPath, ctx.front);
