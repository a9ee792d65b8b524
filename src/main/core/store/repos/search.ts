import type { Db } from '../connection';

/** At most this many words of a query are used. */
export const MAX_QUERY_TOKENS = 8;
const MAX_TOKEN_CHARS = 64;
/**
 * Entry matches considered per query, newest first. Bounds the cost of a
 * short, common prefix over a million entries; within it, sessions rank by
 * their best bm25.
 */
export const ENTRY_CANDIDATES = 5_000;

/**
 * Turns what the user typed into an FTS5 query that cannot be FTS syntax:
 * each word becomes a quoted string with a prefix star (`"webso"*`), words
 * are ANDed. Quotes inside a word are doubled; words without a letter or
 * digit are dropped (they match nothing and `""*` is an error). Returns null
 * when nothing searchable is left.
 */
export function toFtsQuery(input: string): string | null {
  const tokens = input
    .normalize('NFKC')
    .split(/\s+/u)
    .filter((t) => /[\p{L}\p{N}]/u.test(t))
    .slice(0, MAX_QUERY_TOKENS)
    .map((t) => t.slice(0, MAX_TOKEN_CHARS));
  if (tokens.length === 0) return null;
  return tokens.map((t) => `"${t.replace(/"/g, '""')}"*`).join(' ');
}

export interface SearchOptions {
  readonly includeArchived: boolean;
  readonly limit: number;
}

/**
 * Full-text search over titles (and first user lines) and entry text.
 * Title hits come first (bm25), then sessions by their best entry hit.
 */
export function createSearchRepo(db: Db) {
  const s = {
    titles: db.prepare<{ q: string; all: number; limit: number }, { id: string }>(
      `SELECT s.id FROM sessions_fts f JOIN sessions s ON s.rid = f.rowid
       WHERE sessions_fts MATCH @q AND s.deleted_at IS NULL AND (s.archived = 0 OR @all = 1)
       ORDER BY f.rank LIMIT @limit`,
    ),
    entries: db.prepare<{ q: string; all: number; limit: number; cap: number }, { id: string }>(
      `WITH hits AS (
         SELECT rowid AS eid, rank AS r FROM entries_fts WHERE entries_fts MATCH @q ORDER BY rowid DESC LIMIT @cap
       ), best AS (
         SELECT e.session_id AS sid, min(h.r) AS r FROM hits h JOIN entries e ON e.id = h.eid GROUP BY e.session_id
       )
       SELECT s.id FROM best b JOIN sessions s ON s.id = b.sid
       WHERE s.deleted_at IS NULL AND (s.archived = 0 OR @all = 1)
       ORDER BY b.r LIMIT @limit`,
    ),
  };
  return {
    /** Session ids best first; empty for a query with nothing searchable in it. */
    search(query: string, options: SearchOptions): string[] {
      const fts = toFtsQuery(query);
      if (fts === null) return [];
      const all = options.includeArchived ? 1 : 0;
      const ids = s.titles.all({ q: fts, all, limit: options.limit }).map((r) => r.id);
      if (ids.length >= options.limit) return ids;
      const seen = new Set(ids);
      for (const r of s.entries.all({ q: fts, all, limit: options.limit, cap: ENTRY_CANDIDATES })) {
        if (seen.has(r.id)) continue;
        seen.add(r.id);
        ids.push(r.id);
        if (ids.length >= options.limit) break;
      }
      return ids;
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
