import type { EntryKind } from '../../../../shared/domain/session';
import type { SearchSnippet } from '../../../../shared/domain/searchSnippet';
import type { Db } from '../connection';
import type { EntriesRepo } from './entries';
import type { StemFillRepo } from './stemFill';
import { createStemProbe } from './stemProbe';
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

/**
 * The query for the stemmed index (migration 014): the whole words as words (the index's
 * porter tokenizer stems them, so "decorators" finds "decorator"), a last word still being
 * typed by prefix. Null when no word is whole (as you type a first word, only the prefix
 * index is asked: a stemmed index cannot answer `"decorat"*`) or nothing searchable is left.
 * `lastWhole`: the last word is finished (followed by a space, or the typing paused).
 */
export function toStemQuery(input: string, lastWhole: boolean, minTokenChars = 1): string | null {
  const tokens = queryWords(input, minTokenChars);
  const whole = lastWhole ? tokens.length : tokens.length - 1;
  if (whole <= 0) return null;
  return tokens.map((t, i) => `"${t.replace(/"/g, '""')}"${i < whole ? '' : '*'}`).join(' ');
}

export interface SearchOptions {
  readonly includeArchived: boolean;
  readonly limit: number;
  /** The last word is finished (typing paused, or a space after it): whole words also search the stemmed index. */
  readonly whole?: boolean;
  /** False: the prefix index only, as before the stemmed one (benches compare the two). */
  readonly stemmed?: boolean;
}

/** A marker FTS5's highlight() puts around a stemmed match (never drawn: speechOf removes control characters). */
const HL_OPEN = '\u0001';
const HL_CLOSE = '\u0002';
// eslint-disable-next-line no-control-regex -- the markers above
const HIGHLIGHTED = /\u0001([^\u0001\u0002]*)\u0002/gu;

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
export function createSearchRepo(db: Db, entries: Pick<EntriesRepo, 'flushIndex'>, stem: Pick<StemFillRepo, 'filled'>) {
  const live = 's.deleted_at IS NULL AND (s.archived = 0 OR @all = 1)';
  const probe = createStemProbe(db);
  /** The stemmed index can find more only when stemming changes a whole word (see stemProbe.ts). */
  const stemWorth = (query: string, lastWhole: boolean, minTokenChars: number): boolean => {
    const words = queryWords(query, minTokenChars);
    return probe.changesAny(lastWhole ? words : words.slice(0, -1));
  };
  const titles = (fts: string) =>
    db.prepare<{ q: string; all: number; limit: number }, { id: string; rid: number; score: number }>(
      `SELECT s.id, s.rid, bm25(${fts}) AS score FROM ${fts} JOIN sessions s ON s.rid = ${fts}.rowid
       WHERE ${fts} MATCH @q AND ${live} ORDER BY ${fts}.rowid DESC LIMIT @limit`,
    );
  const hitsIn = (fts: string, q: string) => `SELECT DISTINCT r FROM (SELECT rowid >> 32 AS r FROM ${fts} WHERE ${fts} MATCH ${q} ORDER BY rowid DESC) LIMIT @cap`;
  const snippetHits = (fts: string, q: string) =>
    `SELECT rowid >> 32 AS r, rowid & 4294967295 AS seq FROM ${fts}
     WHERE ${fts} MATCH ${q} AND rowid BETWEEN (@from << 32) AND (@to << 32) + 4294967295
       AND (rowid >> 32) IN (SELECT value FROM json_each(@rids))`;
  const s = {
    titles: titles('sessions_fts'),
    stemTitles: titles('sessions_stem'),
    entries: db.prepare<{ q: string; all: number; cap: number }, { id: string; shown: number }>(
      `WITH found (r) AS (${hitsIn('entries_fts', '@q')})
       SELECT s.id, ${live} AS shown FROM found f JOIN sessions s ON s.rid = f.r
       ORDER BY s.updated_at DESC, s.rid DESC`,
    ),
    /** Both indexes' hits as one set: the newest `cap` sessions found by either, ordered once. */
    unionEntries: db.prepare<{ q: string; sq: string; all: number; cap: number }, { id: string; shown: number }>(
      `WITH found (r) AS (SELECT r FROM (${hitsIn('entries_fts', '@q')}) UNION SELECT r FROM (${hitsIn('entries_stem', '@sq')}) ORDER BY r DESC LIMIT @cap)
       SELECT s.id, ${live} AS shown FROM found f JOIN sessions s ON s.rid = f.r
       ORDER BY s.updated_at DESC, s.rid DESC`,
    ),
    /**
     * The newest matching entries of some sessions, newest first, in one pass over the index
     * (a query per session would merge a long prefix's doclists once per session).
     */
    snippetHits: db.prepare<{ q: string; rids: string; from: number; to: number }, { r: number; seq: number }>(
      `${snippetHits('entries_fts', '@q')} ORDER BY rowid DESC`,
    ),
    stemSnippetHits: db.prepare<{ sq: string; rids: string; from: number; to: number }, { r: number; seq: number }>(
      `${snippetHits('entries_stem', '@sq')} ORDER BY rowid DESC`,
    ),
    /** The words the stemmed index matched in one entry, as written there (FTS5's highlight()). */
    stemWords: db.prepare<{ sq: string; rid: number; seq: number }, { marked: string }>(
      `SELECT highlight(entries_stem, 0, '${HL_OPEN}', '${HL_CLOSE}') AS marked FROM entries_stem
       WHERE entries_stem MATCH @sq AND rowid = (@rid << 32) + @seq`,
    ),
    rids: db.prepare<{ ids: string }, { id: string; rid: number }>(
      `SELECT id, rid FROM sessions WHERE id IN (SELECT value FROM json_each(@ids)) AND deleted_at IS NULL`,
    ),
    entryText: db.prepare<{ rid: number; seq: number; chars: number }, { kind: EntryKind; text: string; rewound: number | null }>(
      `SELECT kind, substr(text, 1, @chars) AS text, json_extract(meta, '$.rewoundBranch') AS rewound FROM entries WHERE id = (@rid << 32) + @seq`,
    ),
  };

  /** Sessions with a matching entry (in either index when `sq` is given), shown ones only, `want` at most, skipping `seen`. */
  const entryHits = (q: string, sq: string | null, all: number, want: number, seen: ReadonlySet<string>): string[] => {
    // Enough distinct sessions for `want` after title hits drop out; more when hidden ones took places.
    let cap = want + seen.size;
    for (;;) {
      const rows = sq === null ? s.entries.all({ q, all, cap }) : s.unionEntries.all({ q, sq, all, cap });
      const ids = rows.filter((r) => r.shown === 1 && !seen.has(r.id)).map((r) => r.id);
      if (ids.length >= want || rows.length < cap) return ids.slice(0, want);
      cap *= 4;
    }
  };

  /**
   * Each session's newest few matching entries from one index's hits (newest first). The scan
   * stops once every session has its few, or has one and the scan went on a while since (a
   * session with fewer matches would otherwise make it read the whole index).
   */
  const newestHits = (hits: Iterable<{ r: number; seq: number }>, sessions: number): Map<number, number[]> => {
    const candidates = new Map<number, number[]>();
    let full = 0;
    let since = -1;
    for (const hit of hits) {
      let seqs = candidates.get(hit.r);
      if (seqs === undefined) {
        seqs = [];
        candidates.set(hit.r, seqs);
        if (candidates.size === sessions) since = 0;
      }
      if (seqs.length < SNIPPET_CANDIDATES) {
        seqs.push(hit.seq);
        if (seqs.length === SNIPPET_CANDIDATES && ++full === sessions) break;
      }
      if (since >= 0 && ++since > SNIPPET_EXTRA_HITS) break;
    }
    return candidates;
  };

  /** The words of one entry the stemmed query matched, as phrases for snippetLine. */
  const stemPhrases = (sq: string, rid: number, seq: number): string[][] => {
    const marked = s.stemWords.get({ sq, rid, seq })?.marked;
    if (!marked) return [];
    const words = new Set(Array.from(marked.matchAll(HIGHLIGHTED), (m) => m[1]!));
    return queryPhrases([...words])
      .flat()
      .map((w) => [w]);
  };

  return {
    /** Session ids best first; empty for a query with nothing searchable in it. */
    search(query: string, options: SearchOptions): string[] {
      const titleQuery = toFtsQuery(query);
      if (titleQuery === null) return [];
      const all = options.includeArchived ? 1 : 0;
      const whole = options.whole === true;
      // The stemmed index only once it holds everything: until then search is as it was.
      const useStem = options.stemmed !== false && toStemQuery(query, whole) !== null && stem.filled() && stemWorth(query, whole, 1);
      const stemTitleQuery = useStem ? toStemQuery(query, whole) : null;
      const found = new Map<string, { rid: number; score: number }>();
      for (const t of s.titles.all({ q: titleQuery, all, limit: options.limit })) found.set(t.id, t);
      if (stemTitleQuery !== null) {
        for (const t of s.stemTitles.all({ q: stemTitleQuery, all, limit: options.limit })) {
          const had = found.get(t.id);
          if (!had || t.score < had.score) found.set(t.id, t);
        }
      }
      // Ranked once over both: bm25 is lower for better matches; equal scores keep the newest first.
      const ids = [...found]
        .sort(([, a], [, b]) => a.score - b.score || b.rid - a.rid)
        .slice(0, options.limit)
        .map(([id]) => id);
      const entryQuery = toFtsQuery(query, MIN_ENTRY_TOKEN_CHARS);
      if (entryQuery === null || ids.length >= options.limit) return ids;
      const stemEntryQuery = useStem ? toStemQuery(query, whole, MIN_ENTRY_TOKEN_CHARS) : null;
      // What was just said is searchable: index the queue first (one batch; the periodic flush does the rest).
      entries.flushIndex();
      return ids.concat(entryHits(entryQuery, stemEntryQuery, all, options.limit - ids.length, new Set(ids)));
    },

    /**
     * Per session, the line around the newest match in what was said there (`snippetLine`);
     * sessions without one (no entry matches, or only inside injected context) are left out.
     */
    snippets(query: string, ids: readonly string[]): SearchSnippet[] {
      const q = toFtsQuery(query, MIN_ENTRY_TOKEN_CHARS);
      if (q === null) return [];
      const phrases = queryPhrases(queryWords(query, MIN_ENTRY_TOKEN_CHARS));
      // Snippets are asked once the typing pauses: every word is whole.
      const sq = stem.filled() && stemWorth(query, true, MIN_ENTRY_TOKEN_CHARS) ? toStemQuery(query, true, MIN_ENTRY_TOKEN_CHARS) : null;
      entries.flushIndex();
      const ridOf = new Map(s.rids.all({ ids: JSON.stringify(ids) }).map((row) => [row.id, row.rid]));
      if (ridOf.size === 0) return [];
      const rids = [...ridOf.values()];
      const where = { rids: JSON.stringify(rids), from: Math.min(...rids), to: Math.max(...rids) };
      const candidates = newestHits(s.snippetHits.iterate({ q, ...where }), ridOf.size);
      // The stemmed index's hits too (a scan of their own, as lazy): each session's newest few of both.
      if (sq !== null) {
        for (const [r, seqs] of newestHits(s.stemSnippetHits.iterate({ sq, ...where }), ridOf.size)) {
          const both = [...new Set([...(candidates.get(r) ?? []), ...seqs])].sort((a, b) => b - a);
          candidates.set(r, both.slice(0, SNIPPET_CANDIDATES));
        }
      }
      const out: SearchSnippet[] = [];
      for (const id of ids) {
        const rid = ridOf.get(id);
        for (const seq of (rid === undefined ? undefined : candidates.get(rid)) ?? []) {
          const entry = s.entryText.get({ rid: rid as number, seq, chars: SNIPPET_SCAN_CHARS });
          // A stemmed match is marked as the word it found ("decorator" for "decorators").
          const found = sq === null ? [] : stemPhrases(sq, rid as number, seq);
          const line = entry ? snippetLine(entry.text, found.length === 0 ? phrases : phrases.concat(found)) : null;
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
