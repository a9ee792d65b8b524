import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const entriesPage: Handler<'entries:page', Services> = (input, s) => s.sessions.page(input.id, input.beforeSeq, input.limit);
