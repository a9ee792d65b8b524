import type { Handler } from '../../router/router';
import type { HostContext } from '../context';

export const hostSettings: Handler<'host:settings', HostContext> = (_input, s) => s.preferences.host();
