import type { Handler } from '../../router/router';
import type { AppContext } from '../context';

/** What started waiting while no window was attached; told once (the list is cleared). */
export const appMissed: Handler<'app:missed', AppContext> = (_input, s) => ({ sessions: s.missed.take() });
