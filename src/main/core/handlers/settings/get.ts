import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const settingsGet: Handler<'settings:get', Services> = (_input, s) => s.ambient.engine.settingsView();
