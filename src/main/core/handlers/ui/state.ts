import type { Handler } from '../../router/router';
import type { UiContext } from '../context';

export const uiState: Handler<'ui:state', UiContext> = (_input, s) => s.preferences.uiState();
