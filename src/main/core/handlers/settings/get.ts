import type { Handler } from '../../router/router';
import type { SettingsContext } from '../context';
import { settingsView } from './view';

export const settingsGet: Handler<'settings:get', SettingsContext> = (_input, s) => settingsView(s);
