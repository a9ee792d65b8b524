import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { settingsView } from './view';

export const settingsGet: Handler<'settings:get', Services> = (_input, s) => settingsView(s);
