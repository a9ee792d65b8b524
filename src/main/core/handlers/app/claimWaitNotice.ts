import type { Handler } from '../../router/router';
import type { AppContext } from '../context';

/** Whether this window may tell the user that the session waits (the first ask for a wait, at most once per 30 s). */
export const appClaimWaitNotice: Handler<'app:claimWaitNotice', AppContext> = (input, s) => s.waitNotices.claim(input.id);
