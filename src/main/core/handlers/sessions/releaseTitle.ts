import { createLogger } from '../../logger';
import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';

const log = createLogger('sessions');

/**
 * "Let Swarmdesk title this": the user's title is unpinned, then the ambient
 * engine is asked for a fresh title now (the answer does not wait for it: the
 * new title arrives as `session:changed`).
 */
export const sessionsReleaseTitle: Handler<'sessions:releaseTitle', SessionsContext> = (input, s) => {
  const row = s.sessions.releaseTitle(input.id);
  s.ambient.titles.regenerate(row.id).catch((err: unknown) => log.warn('could not title a released session', { session: row.id, err }));
  return row;
};
