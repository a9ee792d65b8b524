import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { inspectFolder } from '../../usecases/newSession';

/** The Folder field's check as the user types (the same rules `sessions:create` applies). */
export const sessionsCheckFolder: Handler<'sessions:checkFolder', Services> = (input) => inspectFolder(input.folder);
