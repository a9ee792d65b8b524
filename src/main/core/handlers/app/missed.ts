import type { Handler } from '../../router/router';
import type { Services } from '../../services';

/** What started waiting while no window was attached; told once (the list is cleared). */
export const appMissed: Handler<'app:missed', Services> = (_input, s) => ({ sessions: s.missed.take() });
