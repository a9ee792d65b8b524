import type { Handler } from '../../router/router';
import type { UiContext } from '../context';

export const uiSetState: Handler<'ui:setState', UiContext> = (input, s) => s.preferences.setUiState(input);
