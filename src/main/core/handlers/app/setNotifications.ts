import type { Handler } from '../../router/router';
import type { AppContext } from '../context';

export const appSetNotifications: Handler<'app:setNotifications', AppContext> = (input, s) => s.app.setNotifications(input.enabled);
