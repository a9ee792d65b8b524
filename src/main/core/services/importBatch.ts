import { isUsableTitleFrom, withoutControlCharacters } from '../../../shared/judge';
import type { Entry, EntryKind, SessionRow } from '../../../shared/domain/session';
import type { Store } from '../store';
import { insertSession, mayReplaceTitle, writeTitleRecord } from './sessionRules';

/** What was said when a file no longer matches what was imported from it. */
export const RESET_NOTE = 'The transcript file was replaced or shortened; what follows was read again from its start.';

export interface ImportedEntry {
  readonly kind: EntryKind;
  readonly text: string;
  readonly meta: Entry['meta'];
  readonly createdAt: number;
}

/** Where a batch goes: a session it continues, a new one, or nowhere (only the cursor moves). */
export type ImportTarget =
  | { readonly kind: 'existing'; readonly sessionId: string }
  | { readonly kind: 'create'; readonly folder: string; readonly backendId: string; readonly at: number | null }
  | { readonly kind: 'none'; readonly sessionId: string | null };

export interface ImportBatchInput {
  readonly target: ImportTarget;
  /** The file was replaced or shortened: a note says what follows was read again. */
  readonly reset: boolean;
  readonly entries: readonly ImportedEntry[];
  /** The titles the file offers (its tool's own records), best first: the first usable one is applied. */
  readonly titles: ReadonlyArray<{ readonly value: string; readonly pinned: boolean }>;
  /** Runs inside the batch's transaction with the session's id (the importer's cursor moves with its entries). */
  readonly withinBatch?: (sessionId: string | null) => void;
}

export interface ImportBatchResult {
  readonly row: SessionRow | null;
  readonly entries: Entry[];
  readonly created: boolean;
}

/**
 * One imported batch in one transaction: the session created by the shared
 * rule (at the bottom: old history), its entries appended without unread
 * marks (history seen in its own tool is not news), its title record applied
 * by the shared title rule, and as many queued entries indexed for search as
 * it added. No hooks: the caller tells the renderer only.
 */
export function commitImportBatch(store: Store, input: ImportBatchInput, now: number): ImportBatchResult {
  return store.transaction(() => {
    const { target } = input;
    let row: SessionRow | null = null;
    let created = false;
    if (target.kind === 'create') {
      row = insertSession(store, { kind: 'imported', folder: target.folder, backendId: target.backendId, at: target.at ?? now }, 'bottom');
      created = true;
    } else if (target.kind === 'existing') {
      row = store.sessions.get(target.sessionId);
    }
    const entries: Entry[] = [];
    if (row) {
      const id = row.id;
      if (input.reset && !created) entries.push(store.entries.append(id, 'note', RESET_NOTE, null, now, false));
      for (const e of store.entries.appendMany(id, input.entries, false)) entries.push(e);
      // Searchable as soon as committed (issue 9): the batch indexes as many queued entries as it
      // added, in its own transaction, so search covers what is imported while the rest streams in.
      if (entries.length > 0) store.entries.flushIndex(entries.length);
      // Judged here, like every title, for its author: a pinned one is the person's rename in that
      // tool ("Worker 2" stays), the tool's own is a model's; a placeholder or a refusal is passed over.
      // Another tool's title loses its control characters (an escape sequence whole) before it is judged.
      const wanted = input.titles.map((t) => ({ ...t, value: withoutControlCharacters(t.value).trim() })).find((t) => isUsableTitleFrom(t.value, 'imported', t.pinned));
      if (wanted && mayReplaceTitle(row, 'imported') && (row.title !== wanted.value || row.titlePinned !== wanted.pinned)) {
        writeTitleRecord(store, id, { value: wanted.value, source: 'imported', model: null, pinned: wanted.pinned, at: now });
      }
      row = store.sessions.get(id);
    }
    input.withinBatch?.(target.kind === 'create' ? (row?.id ?? null) : target.sessionId);
    return { row, entries, created };
  });
}
