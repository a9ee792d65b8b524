import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsList: Handler<'sessions:list', Services> = (input, s) => s.sessions.listRows(input.includeArchived, input.limit, input.after);
