import type { Handler } from '../../router/router';
import type { AppContext } from '../context';

export const appSetNotifications: Handler<'app:setNotifications', AppContext> = (input, s, ctx) => s.app.setNotifications(input.enabled, ctx.front);

export const appSetNotifyDone: Handler<'app:setNotifyDone', AppContext> = (input, s) => s.app.setNotifyDone(input.enabled);
