import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const hostSetSettings: Handler<'host:setSettings', Services> = (input, s) => s.preferences.setHost(input);
