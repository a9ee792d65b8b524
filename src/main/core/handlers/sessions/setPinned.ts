import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsSetPinned: Handler<'sessions:setPinned', Services> = (input, s) => s.sessions.setPinned(input.id, input.pinned);
