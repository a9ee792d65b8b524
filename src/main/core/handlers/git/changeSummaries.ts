import type { Handler } from '../../router/router';
import type { GitContext } from '../context';

export const gitChangeSummaries: Handler<'git:changeSummaries', GitContext> = (_input, s) => ({ items: s.changes.allSummaries() });
