import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';
import { inspectFolder } from '../../usecases/newSession';

/** The Folder field's check as the user types (the same rules `sessions:create` applies). */
export const sessionsCheckFolder: Handler<'sessions:checkFolder', SessionsContext> = (input) => inspectFolder(input.folder);
