import type { Migration } from './types';

/*
 * Search finds the words people type (issue 34): a second full-text index over the same
 * text with the `porter` stemmer, so "decorators", "retries" and "failing" find
 * "decorator", "retry" and "failed". The `unicode61` indexes stay for prefixes as the user
 * types (a stemmed index cannot answer `"decorat"*`). A word still being typed after whole
 * ones is looked up in the stemmed index by prefix too, so its short prefixes are indexed
 * (longer ones merge few terms).
 *
 * The stemmed indexes are created empty and filled in the background (repos/stemFill.ts),
 * newest first, so neither this migration nor the start waits for a million entries. The
 * fill walks keys downwards: `stem_fill` holds, per index, the key below which it has not
 * been yet (0 once done). What is at or above the cursor is indexed (an entry only once it
 * leaves `entries_fts_pending`, whose flush feeds both indexes); an entry flushed below the
 * cursor (a new entry of an older session, before the fill gets there) is indexed at once
 * and listed in `entries_stem_early`, so the fill passes over it. The delete triggers tell
 * an index to delete only rows it holds (an external-content index must not be told
 * otherwise).
 */
const SQL = `
CREATE VIRTUAL TABLE entries_stem USING fts5(
  text,
  content = 'entries',
  content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);

CREATE VIRTUAL TABLE sessions_stem USING fts5(
  title,
  first_user_line,
  content = 'sessions',
  content_rowid = 'rid',
  tokenize = 'porter unicode61 remove_diacritics 2',
  prefix = '1 2 3 4'
);

CREATE TABLE stem_fill (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  entries_below INTEGER NOT NULL,
  sessions_below INTEGER NOT NULL
) STRICT;

INSERT INTO stem_fill (id, entries_below, sessions_below)
  VALUES (1, coalesce((SELECT max(id) + 1 FROM entries), 0), coalesce((SELECT max(rid) + 1 FROM sessions), 0));

CREATE TABLE entries_stem_early (id INTEGER PRIMARY KEY) STRICT;

-- One trigger for both indexes, so "was it still pending?" is asked before the queue row goes.
DROP TRIGGER entries_fts_delete;
CREATE TRIGGER entries_fts_delete AFTER DELETE ON entries
WHEN old.kind IN ('user', 'assistant', 'steer', 'summary', 'note', 'tool-use')
BEGIN
  INSERT INTO entries_fts (entries_fts, rowid, text)
    SELECT 'delete', old.id, old.text WHERE NOT EXISTS (SELECT 1 FROM entries_fts_pending WHERE id = old.id);
  INSERT INTO entries_stem (entries_stem, rowid, text)
    SELECT 'delete', old.id, old.text WHERE NOT EXISTS (SELECT 1 FROM entries_fts_pending WHERE id = old.id)
      AND (old.id >= (SELECT entries_below FROM stem_fill) OR EXISTS (SELECT 1 FROM entries_stem_early WHERE id = old.id));
  DELETE FROM entries_fts_pending WHERE id = old.id;
  DELETE FROM entries_stem_early WHERE id = old.id;
END;

CREATE TRIGGER sessions_stem_insert AFTER INSERT ON sessions
WHEN new.rid >= (SELECT sessions_below FROM stem_fill)
BEGIN
  INSERT INTO sessions_stem (rowid, title, first_user_line) VALUES (new.rid, new.title, new.first_user_line);
END;

CREATE TRIGGER sessions_stem_update AFTER UPDATE OF title, first_user_line ON sessions
WHEN (old.title IS NOT new.title OR old.first_user_line IS NOT new.first_user_line)
  AND old.rid >= (SELECT sessions_below FROM stem_fill)
BEGIN
  INSERT INTO sessions_stem (sessions_stem, rowid, title, first_user_line)
    VALUES ('delete', old.rid, old.title, old.first_user_line);
  INSERT INTO sessions_stem (rowid, title, first_user_line) VALUES (new.rid, new.title, new.first_user_line);
END;

CREATE TRIGGER sessions_stem_delete AFTER DELETE ON sessions
WHEN old.rid >= (SELECT sessions_below FROM stem_fill)
BEGIN
  INSERT INTO sessions_stem (sessions_stem, rowid, title, first_user_line)
    VALUES ('delete', old.rid, old.title, old.first_user_line);
END;
`;

export const migration014: Migration = {
  version: 14,
  name: 'stemmed_search',
  up(db) {
    db.exec(SQL);
  },
};
