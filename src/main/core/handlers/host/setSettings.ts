import type { Handler } from '../../router/router';
import type { HostContext } from '../context';

export const hostSetSettings: Handler<'host:setSettings', HostContext> = (input, s) => s.preferences.setHost(input);
