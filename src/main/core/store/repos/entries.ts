import type { Entry, EntryKind } from '../../../../shared/domain/session';
import { firstLineLabel } from '../../../../shared/label';
import { isProgramInput } from '../../../../shared/terminalCommand';
import type { Db } from '../connection';
import { toEntry, type EntryDbRow, type EntryMeta } from './mapping';

/** How much of a user message becomes the session's `first_user_line`. */
export const FIRST_LINE_MAX = 500;
/** One past the largest seq a session can hold (its key range is 2^32 wide). */
const SEQ_END = 4_294_967_296;
/** Entries indexed per flush: ~50 µs each, so a flush stays well under a frame. */
export const FLUSH_BATCH = 2_000;

/** One entry for `appendMany`: what `append` takes, minus the session. */
export interface NewEntry {
  readonly kind: EntryKind;
  readonly text: string;
  readonly meta: EntryMeta;
  readonly createdAt: number;
}

/**
 * Kinds whose text the search index holds (what was said; not tool results or thinking,
 * which are large and noisy). Since migration 006 the repository queues them itself;
 * the delete trigger of migration 001 names the same kinds.
 */
export const INDEXED_KINDS: ReadonlySet<EntryKind> = new Set<EntryKind>(['user', 'assistant', 'steer', 'summary', 'note', 'tool-use']);

/** Rows per multi-row INSERT in `appendMany` (ROW_PARAMS each, far below SQLite's parameter limit). */
const INSERT_CHUNK = 100;
const ROW_PARAMS = 6;

/** Keys are computed in SQL from (rid, seq): they exceed JS safe integers once rids are large. */
function insertRowsStatement(db: Db, rows: number) {
  const values = Array.from({ length: rows }, () => '((? << 32) + ?, ?, ?, ?, ?)').join(', ');
  return db.prepare<unknown[]>(`INSERT INTO entries (id, kind, text, meta, created_at) VALUES ${values}`);
}

export interface EntryPage {
  readonly entries: Entry[];
  readonly hasMore: boolean;
}

/** How much of a message the label rule reads to decide whether it is the user's words. */
const JUDGED_CHARS = 4_000;

/**
 * The first non-blank line of a user message, clipped; null when there is none, or when the
 * message is not the user's words by the label rule (SPEC §7): another tool's compaction
 * text, a slash-command echo, a caveat, Codex's injected context, an error text. Then the
 * session's first line waits for the next user message (the column is set once, coalesced).
 */
export function firstLineOf(text: string): string | null {
  if (firstLineLabel(text.slice(0, JUDGED_CHARS)) === null) return null;
  const clipped = (t: string) => (t.length > FIRST_LINE_MAX ? t.slice(0, FIRST_LINE_MAX) : t);
  for (const line of text.split('\n')) {
    const t = line.trim();
    // A line the label cannot show on its own (a reminder tag before the words) is passed over.
    if (t && firstLineLabel(t) !== null) return clipped(t);
  }
  return clipped(text.trim());
}

/**
 * Transcript entries: append-only (the schema's triggers refuse UPDATE and
 * DELETE). A session's entries are the key range `rid << 32 .. +2^32` (see
 * migration 001). `append` is two prepared statements in one transaction:
 * the session row update (which also proves the session is live and yields
 * its rid), then the insert at the next key of that range. Full-text
 * indexing is queued here (INDEXED_KINDS) and done later by `flushIndex`.
 */
export function createEntriesRepo(db: Db) {
  const range = (rid: string) => `id BETWEEN (${rid} << 32) AND (${rid} << 32) + 4294967295`;
  const ridOf = '(SELECT rid FROM sessions WHERE id = @sid)';
  const s = {
    touch: db.prepare<{ sid: string; at: number; line: string | null; unread: number }, { rid: number }>(
      `UPDATE sessions SET updated_at = @at, first_user_line = coalesce(first_user_line, @line),
         unread = max(unread, @unread) WHERE id = @sid AND deleted_at IS NULL RETURNING rid`,
    ),
    insert: db.prepare<{ rid: number; kind: string; text: string; meta: string | null; at: number }, { seq: number }>(
      `INSERT INTO entries (id, kind, text, meta, created_at)
       VALUES (coalesce((SELECT max(id) + 1 FROM entries WHERE ${range('@rid')}), @rid << 32), @kind, @text, @meta, @at)
       RETURNING seq`,
    ),
    queueOne: db.prepare<{ rid: number; seq: number }>(`INSERT INTO entries_fts_pending (id) VALUES ((@rid << 32) + @seq)`),
    // A batch's indexable seqs as one JSON array: one statement per batch, keys computed in SQL.
    queueMany: db.prepare<{ rid: number; seqs: string }>(
      `INSERT INTO entries_fts_pending (id) SELECT (@rid << 32) + value FROM json_each(@seqs)`,
    ),
    nextSeq: db.prepare<{ rid: number }, { next: number }>(
      `SELECT coalesce(max(id) - (@rid << 32) + 1, 0) AS next FROM entries WHERE ${range('@rid')}`,
    ),
    insertRows: insertRowsStatement(db, INSERT_CHUNK),
    insertRow: insertRowsStatement(db, 1),
    page: db.prepare<{ sid: string; before: number; limit: number }, EntryDbRow>(
      `SELECT seq, kind, text, meta, created_at FROM entries
       WHERE id >= (${ridOf} << 32) AND id < (${ridOf} << 32) + @before ORDER BY id DESC LIMIT @limit`,
    ),
    count: db.prepare<{ sid: string }, { n: number }>(`SELECT count(*) AS n FROM entries WHERE ${range(ridOf)}`),
    indexBatch: db.prepare<{ n: number }>(
      `INSERT INTO entries_fts (rowid, text)
       SELECT id, text FROM entries WHERE id IN (SELECT id FROM entries_fts_pending ORDER BY id LIMIT @n)`,
    ),
    // The stemmed index (migration 014) gets the same batch; one below the background fill's
    // cursor (a new entry of an older session) is listed so the fill passes over it.
    stemBatch: db.prepare<{ n: number }>(
      `INSERT INTO entries_stem (rowid, text)
       SELECT id, text FROM entries WHERE id IN (SELECT id FROM entries_fts_pending ORDER BY id LIMIT @n)`,
    ),
    stemEarly: db.prepare<{ n: number }>(
      `INSERT INTO entries_stem_early (id)
       SELECT id FROM (SELECT id FROM entries_fts_pending ORDER BY id LIMIT @n) WHERE id < (SELECT entries_below FROM stem_fill)`,
    ),
    unqueueBatch: db.prepare<{ n: number }>(
      `DELETE FROM entries_fts_pending WHERE id IN (SELECT id FROM entries_fts_pending ORDER BY id LIMIT @n)`,
    ),
    pending: db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM entries_fts_pending`),
  };
  const flushTx = db.transaction((n: number) => {
    s.indexBatch.run({ n });
    s.stemBatch.run({ n });
    s.stemEarly.run({ n });
    return s.unqueueBatch.run({ n }).changes;
  });

  const appendTx = db.transaction((sid: string, kind: EntryKind, text: string, meta: EntryMeta, at: number, markUnread: boolean): Entry => {
    // Checked here (not by the FK alone) so a soft-deleted session cannot gain entries.
    // A line typed to a program in a terminal is never the session's first line (nor its command).
    const line = kind === 'user' && !isProgramInput(meta) ? firstLineOf(text) : null;
    const touched = s.touch.get({ sid, at, line, unread: markUnread ? 1 : 0 });
    if (!touched) throw new SessionGoneError(sid);
    const r = s.insert.get({ rid: touched.rid, kind, text, meta: meta === null ? null : JSON.stringify(meta), at });
    if (!r) throw new Error('insert returned no seq');
    if (INDEXED_KINDS.has(kind)) s.queueOne.run({ rid: touched.rid, seq: r.seq });
    return { sessionId: sid, seq: r.seq, kind, text, meta, createdAt: at };
  });

  const appendManyTx = db.transaction((sid: string, list: readonly NewEntry[], markUnread: boolean): Entry[] => {
    // The session row ends as the per-entry path leaves it: updated_at from the last entry,
    // first_user_line from the first user entry that has one (coalesced), unread if marked.
    let line: string | null = null;
    for (const e of list) {
      if (e.kind === 'user' && !isProgramInput(e.meta) && (line = firstLineOf(e.text)) !== null) break;
    }
    const touched = s.touch.get({ sid, at: list[list.length - 1]!.createdAt, line, unread: markUnread ? 1 : 0 });
    if (!touched) throw new SessionGoneError(sid);
    const next = s.nextSeq.get({ rid: touched.rid })?.next;
    if (next === undefined) throw new Error('next seq lookup returned no row');
    if (next + list.length > SEQ_END) throw new Error(`session ${sid} cannot hold ${list.length} more entries`);
    const rid = touched.rid;
    // Rows go in INSERT_CHUNK at a time (one statement step each), in order; the index queue
    // gets the batch's indexable keys in one statement, so it holds what append leaves.
    const params: unknown[] = new Array<unknown>(INSERT_CHUNK * ROW_PARAMS);
    const fill = (at: number, i: number) => {
      const e = list[i]!;
      params[at] = rid;
      params[at + 1] = next + i;
      params[at + 2] = e.kind;
      params[at + 3] = e.text;
      params[at + 4] = e.meta === null ? null : JSON.stringify(e.meta);
      params[at + 5] = e.createdAt;
    };
    let i = 0;
    for (; i + INSERT_CHUNK <= list.length; i += INSERT_CHUNK) {
      for (let k = 0; k < INSERT_CHUNK; k++) fill(k * ROW_PARAMS, i + k);
      s.insertRows.run(params);
    }
    params.length = ROW_PARAMS;
    for (; i < list.length; i++) {
      fill(0, i);
      s.insertRow.run(params);
    }
    const queued: number[] = [];
    for (let k = 0; k < list.length; k++) if (INDEXED_KINDS.has(list[k]!.kind)) queued.push(next + k);
    if (queued.length > 0) s.queueMany.run({ rid, seqs: JSON.stringify(queued) });
    return list.map((e, k): Entry => ({ sessionId: sid, seq: next + k, kind: e.kind, text: e.text, meta: e.meta, createdAt: e.createdAt }));
  });

  return {
    /**
     * Commits many entries of one session with consecutive seqs, as `append` one by one would
     * (same rows, same session row, same index queue) but with one session update and one
     * next-key lookup: the importer's path. All or nothing; SessionGoneError as `append`.
     */
    appendMany(sessionId: string, list: readonly NewEntry[], markUnread: boolean): Entry[] {
      return list.length === 0 ? [] : appendManyTx(sessionId, list, markUnread);
    },
    /**
     * Commits one entry with the next seq; throws SessionGoneError if the session is missing or deleted.
     * An assistant entry marks the session unread unless `markUnread` says otherwise (imported history).
     */
    append(sessionId: string, kind: EntryKind, text: string, meta: EntryMeta, at: number, markUnread = kind === 'assistant'): Entry {
      return appendTx(sessionId, kind, text, meta, at, markUnread);
    },
    /** Newest `limit` entries before `beforeSeq` (default: the end), oldest first. */
    page(sessionId: string, beforeSeq: number | undefined, limit: number): EntryPage {
      const before = Math.min(beforeSeq ?? SEQ_END, SEQ_END);
      const rows = s.page.all({ sid: sessionId, before, limit: limit + 1 });
      const hasMore = rows.length > limit;
      const kept = hasMore ? rows.slice(0, limit) : rows;
      return { entries: kept.reverse().map((r) => toEntry(sessionId, r)), hasMore };
    },
    count(sessionId: string): number {
      return s.count.get({ sid: sessionId })?.n ?? 0;
    },
    /**
     * Indexes up to `maxRows` queued entries for search (oldest keys first), in both
     * indexes (prefix and stemmed), in one transaction; returns how many. Search calls this first, and the core
     * calls it periodically, so the append path never pays for indexing.
     */
    flushIndex(maxRows: number = FLUSH_BATCH): number {
      return flushTx(maxRows);
    },
    /** Entries committed but not yet searchable. */
    pendingIndex(): number {
      return s.pending.get()?.n ?? 0;
    },
  };
}

export class SessionGoneError extends Error {
  constructor(readonly sessionId: string) {
    super(`session ${sessionId} does not exist or was deleted`);
    this.name = 'SessionGoneError';
  }
}

export type EntriesRepo = ReturnType<typeof createEntriesRepo>;
