import type { Db } from '../connection';
import type { EntriesRepo } from './entries';

/** At most this many words of a query are used. */
export const MAX_QUERY_TOKENS = 8;
const MAX_TOKEN_CHARS = 64;
/** Entry search ignores shorter words (see toFtsQuery). */
export const MIN_ENTRY_TOKEN_CHARS = 2;
/**
 * Turns what the user typed into an FTS5 query that cannot be FTS syntax:
 * each word becomes a quoted string with a prefix star (`"webso"*`), words
 * are ANDed. Quotes inside a word are doubled; words without a letter or
 * digit are dropped (they match nothing and `""*` is an error). Returns null
 * when nothing searchable is left. Words shorter than `minTokenChars` are
 * dropped too (the entry index skips one-letter words: over a million
 * entries "w"* matches nearly everything and costs more than a keystroke).
 */
export function toFtsQuery(input: string, minTokenChars = 1): string | null {
  const tokens = input
    .normalize('NFKC')
    .split(/\s+/u)
    .filter((t) => /[\p{L}\p{N}]/u.test(t) && [...t].length >= minTokenChars)
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
 * Title hits come first, by bm25. Then sessions with a matching entry: the
 * newest `limit` such sessions (by creation), shown most recently active
 * first. Entry hits name their session by `rowid >> 32` (see migration 001),
 * and the scan stops once enough distinct sessions are found, so a common
 * prefix over a million entries still fits in a keystroke. (bm25 over every
 * matching entry would not: it is computed for titles only.)
 */
export function createSearchRepo(db: Db, entries: Pick<EntriesRepo, 'flushIndex'>) {
  const live = 's.deleted_at IS NULL AND (s.archived = 0 OR @all = 1)';
  const s = {
    titles: db.prepare<{ q: string; all: number; limit: number }, { id: string }>(
      `SELECT s.id FROM sessions_fts f JOIN sessions s ON s.rid = f.rowid
       WHERE sessions_fts MATCH @q AND ${live} ORDER BY f.rank LIMIT @limit`,
    ),
    entries: db.prepare<{ q: string; all: number; limit: number; cap: number }, { id: string }>(
      `WITH hits (r) AS (SELECT rowid >> 32 FROM entries_fts WHERE entries_fts MATCH @q ORDER BY rowid DESC),
         found AS (SELECT DISTINCT r FROM hits LIMIT @cap)
       SELECT s.id FROM found f JOIN sessions s ON s.rid = f.r WHERE ${live}
       ORDER BY s.updated_at DESC, s.rid DESC LIMIT @limit`,
    ),
    hidden: db.prepare<{ all: number }, { n: number }>(
      `SELECT count(*) AS n FROM sessions WHERE deleted_at IS NOT NULL OR (archived = 1 AND @all = 0)`,
    ),
  };
  return {
    /** Session ids best first; empty for a query with nothing searchable in it. */
    search(query: string, options: SearchOptions): string[] {
      const titleQuery = toFtsQuery(query);
      if (titleQuery === null) return [];
      const all = options.includeArchived ? 1 : 0;
      const ids = s.titles.all({ q: titleQuery, all, limit: options.limit }).map((r) => r.id);
      const entryQuery = toFtsQuery(query, MIN_ENTRY_TOKEN_CHARS);
      if (entryQuery === null || ids.length >= options.limit) return ids;
      // What was just said is searchable: index the queue first (one batch; the periodic flush does the rest).
      entries.flushIndex();
      const seen = new Set(ids);
      // Enough distinct sessions to fill the limit after hidden rows and title hits drop out.
      const limit = options.limit + ids.length;
      const cap = limit + (s.hidden.get({ all })?.n ?? 0);
      for (const r of s.entries.all({ q: entryQuery, all, limit, cap })) {
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
