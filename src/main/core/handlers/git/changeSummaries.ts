import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const gitChangeSummaries: Handler<'git:changeSummaries', Services> = (_input, s) => ({ items: s.changes ? s.changes.allSummaries() : [] });
