import { dirname, basename } from 'node:path';
import { z } from 'zod';
import type { ImportBatchInput, ImportBatchResult, ImportTarget } from '../../services/importBatch';
import type { ImportStore } from './importStore';
import type { FileCursor, ImportBatch } from './fileImporter';
import { emptyFacts, type SessionFacts } from './types';

const FactsSchema = z.object({
  backendId: z.string().nullable(),
  cwd: z.string().nullable(),
  customTitle: z.string().nullable(),
  toolTitle: z.string().nullable(),
  firstUserLine: z.string().nullable(),
  startedAt: z.number().nullable(),
  updatedAt: z.number().nullable(),
  entryCount: z.number(),
  pendingUser: z.object({ from: z.enum(['item', 'event']), key: z.number() }).nullable().optional(),
  chainTail: z.array(z.tuple([z.number(), z.number().int().min(0).max(3)])).max(64).optional(),
});

/** The stored cursors, as the worker needs them; a damaged facts blob restarts the facts, not the offset. */
export function loadCursors(store: ImportStore): Array<FileCursor & { sessionId: string | null }> {
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
 * The titles a file offers, best first: the user's own rename in that tool
 * (kept pinned: the user chose it), then the tool's generated title. The
 * sessions service judges them like every other title, so "Untitled" or a
 * refusal never becomes one.
 */
export function importedTitles(facts: SessionFacts): Array<{ value: string; pinned: boolean }> {
  const out: Array<{ value: string; pinned: boolean }> = [];
  if (facts.customTitle?.trim()) out.push({ value: facts.customTitle.trim(), pinned: true });
  if (facts.toolTitle?.trim()) out.push({ value: facts.toolTitle.trim(), pinned: false });
  return out;
}

export type AppliedBatch = ImportBatchResult;

/**
 * Sends one batch through the sessions service's import path (`commit`:
 * inside the group's transaction, silent): the session is created on its first entry (kind
 * 'imported', the CLI's id as backend id, its cwd as folder), the file's
 * title record is offered, and the cursor moves in the same transaction.
 * A session the user deleted stays deleted; its file is still followed so it
 * is not re-imported. The transcript of a session Swarmdesk itself runs
 * (`owned`: backend ids of its live sessions) is skipped.
 */
export function applyImportBatch(
  store: ImportStore,
  commit: (input: ImportBatchInput) => ImportBatchResult,
  batch: ImportBatch,
  owned: ReadonlySet<string> = new Set(),
): AppliedBatch {
  const { cursor } = batch;
  const storedId = store.importFiles.get(cursor.path)?.sessionId ?? null;
  const live = storedId ? store.sessions.get(storedId) : null;
  // A transcript of one of Swarmdesk's own sessions (its claude-code backend runs the CLI, or a
  // resumed import continues in one) is not imported again: the live session shows those lines.
  const ownedElsewhere = cursor.facts.backendId !== null && owned.has(cursor.facts.backendId);
  const target: ImportTarget =
    storedId !== null && (live === null || ownedElsewhere)
      ? { kind: 'none', sessionId: storedId }
      : live
      ? { kind: 'existing', sessionId: live.id }
      : !ownedElsewhere && batch.entries.length > 0
      ? {
          kind: 'create',
          folder: cursor.facts.cwd ?? dirname(cursor.path),
          backendId: cursor.facts.backendId ?? basename(cursor.path, '.jsonl'),
          at: cursor.facts.startedAt ?? batch.entries[0]?.createdAt ?? null,
        }
      : { kind: 'none', sessionId: null };
  return commit({
    target,
    reset: batch.reset,
    entries: batch.entries,
    titles: importedTitles(cursor.facts),
    withinBatch: (sessionId) =>
      store.importFiles.put({
        path: cursor.path,
        source: cursor.source,
        size: cursor.size,
        mtimeMs: cursor.mtimeMs,
        ino: cursor.ino,
        offset: cursor.offset,
        facts: JSON.stringify(cursor.facts),
        sessionId,
      }),
  });
}
