import type { Store } from '../../store';

/**
 * What the importer may touch of the store: its own cursors (`import_files`, written in each batch's
 * transaction), its `import.*` settings, and, read-only, whether a session still exists and whether the
 * store is open. Sessions and entries are written through `SessionsService.importBatches` (the one writer).
 */
export interface ImportStore {
  readonly importFiles: Store['importFiles'];
  readonly settings: Store['settings'];
  readonly sessions: Pick<Store['sessions'], 'get'>;
  readonly isOpen: boolean;
}
