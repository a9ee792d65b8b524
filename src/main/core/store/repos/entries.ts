import type { Entry, EntryKind } from '../../../../shared/domain/session';
import type { Db } from '../connection';
import { toEntry, type EntryDbRow, type EntryMeta } from './mapping';

/** How much of a user message becomes the session's `first_user_line`. */
export const FIRST_LINE_MAX = 500;

export interface EntryPage {
  readonly entries: Entry[];
  readonly hasMore: boolean;
}

/** The first non-blank line of a user message, clipped; null when there is none. */
export function firstLineOf(text: string): string | null {
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t) return t.length > FIRST_LINE_MAX ? t.slice(0, FIRST_LINE_MAX) : t;
  }
  return null;
}

/**
 * Transcript entries: append-only (the schema's triggers refuse UPDATE and
 * DELETE). `append` is two prepared statements in one transaction: the
 * insert computes the next seq from the (session_id, seq) index, then the
 * session row gets its updated_at and, once, its first user line.
 */
export function createEntriesRepo(db: Db) {
  const s = {
    insert: db.prepare<
      { sid: string; kind: string; text: string; meta: string | null; at: number },
      { seq: number }
    >(
      `INSERT INTO entries (session_id, seq, kind, text, meta, created_at)
       VALUES (@sid, (SELECT coalesce(max(seq) + 1, 0) FROM entries WHERE session_id = @sid), @kind, @text, @meta, @at)
       RETURNING seq`,
    ),
    touch: db.prepare<{ sid: string; at: number; line: string | null; unread: number }>(
      `UPDATE sessions SET updated_at = @at, first_user_line = coalesce(first_user_line, @line),
         unread = max(unread, @unread) WHERE id = @sid AND deleted_at IS NULL`,
    ),
    page: db.prepare<[string, number, number], EntryDbRow>(
      `SELECT session_id, seq, kind, text, meta, created_at FROM entries
       WHERE session_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
    ),
    count: db.prepare<[string], { n: number }>(`SELECT count(*) AS n FROM entries WHERE session_id = ?`),
  };

  const appendTx = db.transaction((sid: string, kind: EntryKind, text: string, meta: EntryMeta, at: number): Entry => {
    // Checked here (not by the FK alone) so a soft-deleted session cannot gain entries.
    const line = kind === 'user' ? firstLineOf(text) : null;
    const touched = s.touch.run({ sid, at, line, unread: kind === 'assistant' ? 1 : 0 });
    if (touched.changes === 0) throw new SessionGoneError(sid);
    const r = s.insert.get({ sid, kind, text, meta: meta === null ? null : JSON.stringify(meta), at });
    if (!r) throw new Error('insert returned no seq');
    return { sessionId: sid, seq: r.seq, kind, text, meta, createdAt: at };
  });

  return {
    /** Commits one entry with the next seq; throws SessionGoneError if the session is missing or deleted. */
    append(sessionId: string, kind: EntryKind, text: string, meta: EntryMeta, at: number): Entry {
      return appendTx(sessionId, kind, text, meta, at);
    },
    /** Newest `limit` entries before `beforeSeq` (default: the end), oldest first. */
    page(sessionId: string, beforeSeq: number | undefined, limit: number): EntryPage {
      const rows = s.page.all(sessionId, beforeSeq ?? Number.MAX_SAFE_INTEGER, limit + 1);
      const hasMore = rows.length > limit;
      const kept = hasMore ? rows.slice(0, limit) : rows;
      return { entries: kept.reverse().map(toEntry), hasMore };
    },
    count(sessionId: string): number {
      return s.count.get(sessionId)?.n ?? 0;
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
