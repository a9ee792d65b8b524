import type { Handler } from '../../router/router';
import type { Services } from '../../services';

export const sessionsCreate: Handler<'sessions:create', Services> = (input, s) => s.sessions.create({ kind: input.kind, folder: input.folder });
