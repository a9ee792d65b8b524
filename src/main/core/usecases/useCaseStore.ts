import type { Store } from '../store';

/**
 * What the use cases may touch of the store: a new session's own options (written in its row's transaction),
 * the settings (the last folder, through `Preferences`; a repository's worktree choice), and entry pages
 * read-only (the last request, for "Continue in"). Sessions and entries are written through `SessionsService`.
 */
export interface UseCaseStore {
  readonly sessionOptions: Store['sessionOptions'];
  readonly settings: Store['settings'];
  readonly entries: Pick<Store['entries'], 'page'>;
}
