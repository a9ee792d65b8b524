import { dirname, basename } from 'node:path';
import { z } from 'zod';
import { isUsableTitle } from '../../../../shared/judge';
import type { Entry, SessionRow } from '../../../../shared/domain/session';
import type { Store } from '../../store';
import type { FileCursor, ImportBatch } from './fileImporter';
import { emptyFacts, type SessionFacts } from './types';
import { randomUUID } from 'node:crypto';

/** What was said when a file no longer matches what was imported from it. */
export const RESET_NOTE = 'The transcript file was replaced or shortened; what follows was read again from its start.';

const FactsSchema = z.object({
  backendId: z.string().nullable(),
  cwd: z.string().nullable(),
  customTitle: z.string().nullable(),
  toolTitle: z.string().nullable(),
  firstUserLine: z.string().nullable(),
  startedAt: z.number().nullable(),
  updatedAt: z.number().nullable(),
  entryCount: z.number(),
});

/** The stored cursors, as the worker needs them; a damaged facts blob restarts the facts, not the offset. */
export function loadCursors(store: Store): Array<FileCursor & { sessionId: string | null }> {
  return store.importFiles.all().map((r) => {
    let facts: SessionFacts = emptyFacts();
    try {
      const parsed = FactsSchema.safeParse(JSON.parse(r.facts));
      if (parsed.success) facts = parsed.data;
    } catch {
      // keep empty facts
    }
    return { path: r.path, source: r.source, size: r.size, mtimeMs: r.mtimeMs, ino: r.ino, offset: r.offset, facts, sessionId: r.sessionId };
  });
}

/**
 * The imported title a file asks for: the user's own rename in that tool (kept
 * pinned: the user chose it), else the tool's generated title; only usable
 * ones (the judge), so "Untitled" or a refusal never becomes a title.
 */
export function importedTitle(facts: SessionFacts): { title: string; pinned: boolean } | null {
  const custom = facts.customTitle?.trim() ?? '';
  if (custom && isUsableTitle(custom)) return { title: custom, pinned: true };
  const tool = facts.toolTitle?.trim() ?? '';
  if (tool && isUsableTitle(tool)) return { title: tool, pinned: false };
  return null;
}

export interface AppliedBatch {
  readonly row: SessionRow | null;
  readonly entries: Entry[];
  readonly created: boolean;
}

/**
 * Commits one batch in one transaction: creates the session on its first
 * entry (kind 'imported', the CLI's id as backend id, its cwd as folder),
 * appends the entries straight to the store (no hooks: importing history
 * never triggers ambient calls), applies the file's title record, and stores
 * the cursor. A session the user deleted stays deleted; its file is still
 * followed so it is not re-imported. The transcript of a session Swarmdesk
 * itself runs (`owned`: backend ids of its live sessions) is skipped.
 */
export function applyImportBatch(store: Store, batch: ImportBatch, now: number, owned: ReadonlySet<string> = new Set()): AppliedBatch {
  return store.transaction(() => {
    const { cursor } = batch;
    const stored = store.importFiles.get(cursor.path);
    let sessionId = stored?.sessionId ?? null;
    let row = sessionId ? store.sessions.get(sessionId) : null;
    let created = false;
    const deletedByUser = sessionId !== null && row === null;
    const entries: Entry[] = [];

    if (!deletedByUser) {
      // A transcript of one of Swarmdesk's own sessions (its claude-code backend runs the CLI, or a
      // resumed import continues in one) is not imported again: the live session shows those lines.
      const ownedElsewhere = cursor.facts.backendId !== null && owned.has(cursor.facts.backendId);
      if (!row && !ownedElsewhere && batch.entries.length > 0) {
        sessionId = randomUUID();
        const bottom = store.sessions.edgePosition(false, 'bottom');
        row = store.sessions.insert({
          id: sessionId,
          kind: 'imported',
          folder: cursor.facts.cwd ?? dirname(cursor.path),
          position: bottom === null ? 0 : bottom + 1,
          backendId: cursor.facts.backendId ?? basename(cursor.path, '.jsonl'),
          status: 'idle',
          at: cursor.facts.startedAt ?? batch.entries[0]?.createdAt ?? now,
        });
        created = true;
      }
      if (row && sessionId && !ownedElsewhere) {
        if (batch.reset && !created) entries.push(store.entries.append(sessionId, 'note', RESET_NOTE, null, now));
        for (const e of batch.entries) entries.push(store.entries.append(sessionId, e.kind, e.text, e.meta, e.createdAt));
        // History the user has already seen in its own tool is not news: only what a
        // followed file gains later marks the row unread.
        if (created) store.sessions.setUnread(sessionId, false);
        const wanted = importedTitle(cursor.facts);
        if (wanted && row.titleSource !== 'user' && (row.title !== wanted.title || row.titlePinned !== wanted.pinned)) {
          store.sessions.setTitle(sessionId, { title: wanted.title, source: 'imported', pinned: wanted.pinned });
          store.titles.add({ sessionId, value: wanted.title, source: 'imported', model: null, at: now });
        }
        row = store.sessions.get(sessionId);
      }
    }

    store.importFiles.put({
      path: cursor.path,
      source: cursor.source,
      size: cursor.size,
      mtimeMs: cursor.mtimeMs,
      ino: cursor.ino,
      offset: cursor.offset,
      facts: JSON.stringify(cursor.facts),
      sessionId,
    });
    return { row: deletedByUser ? null : row, entries, created };
  });
}
