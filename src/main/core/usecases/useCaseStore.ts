import type { Store } from '../store';

/**
 * What the use cases may touch of the store: a new session's own options (written in its row's transaction)
 * and entry pages read-only (the last request, for "Continue in"). Sessions and entries are written through
 * `SessionsService`, the last folder through `Preferences`, the worktree record through `WorktreeService`.
 */
export interface UseCaseStore {
  readonly sessionOptions: Store['sessionOptions'];
  readonly entries: Pick<Store['entries'], 'page'>;
}
