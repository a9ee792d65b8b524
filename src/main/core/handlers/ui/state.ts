import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const uiState: Handler<'ui:state', Services> = (_input, s) => s.preferences.uiState();
