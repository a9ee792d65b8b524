import type { Handler } from '../../router/router';
import type { EntriesContext } from '../context';

export const entriesPage: Handler<'entries:page', EntriesContext> = (input, s) => s.sessions.page(input.id, input.beforeSeq, input.limit);
