import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsTitleHistory: Handler<'sessions:titleHistory', Services> = (input, s) => s.sessions.titleHistory(input.id);
