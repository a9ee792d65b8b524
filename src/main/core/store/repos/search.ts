import type { EntryKind } from '../../../../shared/domain/session';
import type { SearchSnippet } from '../../../../shared/domain/searchSnippet';
import type { Db } from '../connection';
import type { EntriesRepo } from './entries';
import { queryPhrases, snippetLine } from './snippetText';

/** At most this many words of a query are used. */
export const MAX_QUERY_TOKENS = 8;
const MAX_TOKEN_CHARS = 64;
/** Entry search ignores shorter words (see toFtsQuery). */
export const MIN_ENTRY_TOKEN_CHARS = 2;
/** A snippet looks at this many of a session's newest matching entries, and this much of each one's text. */
const SNIPPET_CANDIDATES = 3;
const SNIPPET_SCAN_CHARS = 20_000;
/** Hits read for more candidates once every session has one. */
const SNIPPET_EXTRA_HITS = 200;

/** The words of what the user typed that are searched (see toFtsQuery). */
export function queryWords(input: string, minTokenChars = 1): string[] {
  return input
    .normalize('NFKC')
    .split(/\s+/u)
    .filter((t) => /[\p{L}\p{N}]/u.test(t) && [...t].length >= minTokenChars)
    .slice(0, MAX_QUERY_TOKENS)
    .map((t) => t.slice(0, MAX_TOKEN_CHARS));
}

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
  const tokens = queryWords(input, minTokenChars);
  if (tokens.length === 0) return null;
  return tokens.map((t) => `"${t.replace(/"/g, '""')}"*`).join(' ');
}

export interface SearchOptions {
  readonly includeArchived: boolean;
  readonly limit: number;
}

/**
 * Full-text search over titles (and first user lines) and entry text.
 * Title hits come first: the newest `limit` sessions whose title matches, best
 * (bm25) first. Then sessions with a matching entry: the newest `limit` such
 * sessions (by creation), shown most recently active first. Every part stops
 * early, so the cost follows the limit, not the swarm's size: title hits are
 * read newest first and only those are ranked (ranking every match was most
 * of a keystroke at 50,000 sessions); entry hits name their session by
 * `rowid >> 32` (see migration 001) and the scan stops once enough distinct
 * sessions are found (hidden ones among them make it look further).
 */
export function createSearchRepo(db: Db, entries: Pick<EntriesRepo, 'flushIndex'>) {
  const live = 's.deleted_at IS NULL AND (s.archived = 0 OR @all = 1)';
  const s = {
    titles: db.prepare<{ q: string; all: number; limit: number }, { id: string; score: number }>(
      `SELECT s.id, bm25(sessions_fts) AS score FROM sessions_fts JOIN sessions s ON s.rid = sessions_fts.rowid
       WHERE sessions_fts MATCH @q AND ${live} ORDER BY sessions_fts.rowid DESC LIMIT @limit`,
    ),
    entries: db.prepare<{ q: string; all: number; cap: number }, { id: string; shown: number }>(
      `WITH hits (r) AS (SELECT rowid >> 32 FROM entries_fts WHERE entries_fts MATCH @q ORDER BY rowid DESC),
         found AS (SELECT DISTINCT r FROM hits LIMIT @cap)
       SELECT s.id, ${live} AS shown FROM found f JOIN sessions s ON s.rid = f.r
       ORDER BY s.updated_at DESC, s.rid DESC`,
    ),
    /**
     * The newest matching entries of some sessions, newest first, in one pass over the index
     * (a query per session would merge a long prefix's doclists once per session).
     */
    snippetHits: db.prepare<{ q: string; rids: string; from: number; to: number }, { r: number; seq: number }>(
      `SELECT rowid >> 32 AS r, rowid & 4294967295 AS seq FROM entries_fts
       WHERE entries_fts MATCH @q AND rowid BETWEEN (@from << 32) AND (@to << 32) + 4294967295
         AND (rowid >> 32) IN (SELECT value FROM json_each(@rids)) ORDER BY rowid DESC`,
    ),
    rids: db.prepare<{ ids: string }, { id: string; rid: number }>(
      `SELECT id, rid FROM sessions WHERE id IN (SELECT value FROM json_each(@ids)) AND deleted_at IS NULL`,
    ),
    entryText: db.prepare<{ rid: number; seq: number; chars: number }, { kind: EntryKind; text: string; rewound: number | null }>(
      `SELECT kind, substr(text, 1, @chars) AS text, json_extract(meta, '$.rewoundBranch') AS rewound FROM entries WHERE id = (@rid << 32) + @seq`,
    ),
  };

  /** Sessions with a matching entry, shown ones only, `want` at most, skipping `seen`. */
  const entryHits = (q: string, all: number, want: number, seen: ReadonlySet<string>): string[] => {
    // Enough distinct sessions for `want` after title hits drop out; more when hidden ones took places.
    let cap = want + seen.size;
    for (;;) {
      const rows = s.entries.all({ q, all, cap });
      const ids = rows.filter((r) => r.shown === 1 && !seen.has(r.id)).map((r) => r.id);
      if (ids.length >= want || rows.length < cap) return ids.slice(0, want);
      cap *= 4;
    }
  };

  return {
    /** Session ids best first; empty for a query with nothing searchable in it. */
    search(query: string, options: SearchOptions): string[] {
      const titleQuery = toFtsQuery(query);
      if (titleQuery === null) return [];
      const all = options.includeArchived ? 1 : 0;
      const titles = s.titles.all({ q: titleQuery, all, limit: options.limit });
      // bm25 is lower for better matches; equal scores keep the newest first.
      const ids = titles.map((t, i) => ({ ...t, i })).sort((a, b) => a.score - b.score || a.i - b.i).map((t) => t.id);
      const entryQuery = toFtsQuery(query, MIN_ENTRY_TOKEN_CHARS);
      if (entryQuery === null || ids.length >= options.limit) return ids;
      // What was just said is searchable: index the queue first (one batch; the periodic flush does the rest).
      entries.flushIndex();
      return ids.concat(entryHits(entryQuery, all, options.limit - ids.length, new Set(ids)));
    },

    /**
     * Per session, the line around the newest match in what was said there (`snippetLine`);
     * sessions without one (no entry matches, or only inside injected context) are left out.
     */
    snippets(query: string, ids: readonly string[]): SearchSnippet[] {
      const q = toFtsQuery(query, MIN_ENTRY_TOKEN_CHARS);
      if (q === null) return [];
      const phrases = queryPhrases(queryWords(query, MIN_ENTRY_TOKEN_CHARS));
      entries.flushIndex();
      const ridOf = new Map(s.rids.all({ ids: JSON.stringify(ids) }).map((row) => [row.id, row.rid]));
      if (ridOf.size === 0) return [];
      // Each session's newest few matching entries. The scan stops once every session has its
      // few, or has one and the scan went on a while since (a session with fewer matches would
      // otherwise make it read the whole index).
      const candidates = new Map<number, number[]>();
      let full = 0;
      let since = -1;
      const rids = [...ridOf.values()];
      const range = { from: Math.min(...rids), to: Math.max(...rids) };
      for (const hit of s.snippetHits.iterate({ q, rids: JSON.stringify(rids), ...range })) {
        let seqs = candidates.get(hit.r);
        if (seqs === undefined) {
          seqs = [];
          candidates.set(hit.r, seqs);
          if (candidates.size === ridOf.size) since = 0;
        }
        if (seqs.length < SNIPPET_CANDIDATES) {
          seqs.push(hit.seq);
          if (seqs.length === SNIPPET_CANDIDATES && ++full === ridOf.size) break;
        }
        if (since >= 0 && ++since > SNIPPET_EXTRA_HITS) break;
      }
      const out: SearchSnippet[] = [];
      for (const id of ids) {
        const rid = ridOf.get(id);
        for (const seq of (rid === undefined ? undefined : candidates.get(rid)) ?? []) {
          const entry = s.entryText.get({ rid: rid as number, seq, chars: SNIPPET_SCAN_CHARS });
          const line = entry ? snippetLine(entry.text, phrases) : null;
          if (!entry || line === null) continue;
          out.push({ id, kind: entry.kind, text: line.text, marks: line.marks.map(([a, b]) => [a, b]), ...(entry.rewound === 1 ? { rewound: true as const } : {}) });
          break;
        }
      }
      return out;
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
