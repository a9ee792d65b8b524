import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const hostSettings: Handler<'host:settings', Services> = (_input, s) => s.preferences.host();
