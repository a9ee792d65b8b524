import type { Migration } from './types';

/*
 * Search at typing speed at 50,000 sessions (issue 14): the full-text indexes get
 * prefix indexes for every prefix length a typed word usually has. FTS5 answers
 * `"pars"*` from a prefix index as one term, read lazily (a query stops once it has
 * its `LIMIT`); a prefix with no index of its length is answered by merging the
 * doclists of every term it starts, in full, before the first row (a one-letter
 * title word, "parser" among a million entries: tens of milliseconds, growing with
 * the swarm). Titles: lengths 1 to 8 (a one-letter word is searched there);
 * entries: 2 to 8 (entry search drops one-letter words). Longer words fall back to
 * the merge, which a word that long rarely makes costly.
 *
 * An FTS5 table's prefix option cannot be altered, so both tables are made again
 * and filled from their content tables. `sessions_fts` indexes every session row
 * (`rebuild`). `entries_fts` indexes only the indexed kinds and not what is still
 * queued in `entries_fts_pending` (flushIndex indexes those later), so it is filled
 * with exactly those rows; a 'rebuild' would index every entry. Measured once per
 * database at 1,000,000 entries (50,000 sessions, a 275 MB file growing 11%): 25 s in the
 * server's start and 34 s alone, on a 2-core machine at a load average of 8-9 (linear in
 * the entries; the store's pre-migration backup, 13 s, comes before it).
 */
const SQL = `
DROP TABLE sessions_fts;
CREATE VIRTUAL TABLE sessions_fts USING fts5(
  title,
  first_user_line,
  content = 'sessions',
  content_rowid = 'rid',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3 4 5 6 7 8'
);
INSERT INTO sessions_fts (sessions_fts) VALUES ('rebuild');

DROP TABLE entries_fts;
CREATE VIRTUAL TABLE entries_fts USING fts5(
  text,
  content = 'entries',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6 7 8'
);
INSERT INTO entries_fts (rowid, text)
  SELECT id, text FROM entries
  WHERE kind IN ('user', 'assistant', 'steer', 'summary', 'note', 'tool-use')
    AND id NOT IN (SELECT id FROM entries_fts_pending);
`;

export const migration007: Migration = {
  version: 7,
  name: 'fts_longer_prefixes',
  up(db) {
    db.exec(SQL);
  },
};
