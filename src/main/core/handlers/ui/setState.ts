import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const uiSetState: Handler<'ui:setState', Services> = (input, s) => s.preferences.setUiState(input);
