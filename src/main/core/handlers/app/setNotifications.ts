import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const appSetNotifications: Handler<'app:setNotifications', Services> = (input, s, ctx) => s.app.setNotifications(input.enabled, ctx.front);
