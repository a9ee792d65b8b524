import type { Migration } from './types';

/*
 * Comments on a session's diff (issue 35): the review draft and what was sent of it. One row per comment,
 * owned by its session (purged with it). `side` 'file' is a whole-file comment (no lines). `head_sha` and
 * `content_hash` say what the comment was made on (the folder's HEAD, a sha256 of that side's file).
 * A forge's comment (a later issue pulls pull-request comments in) has its own id, unique, so pulling twice
 * adds nothing; a local one has none.
 */
const SQL = `
CREATE TABLE review_comments (
  id TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  path TEXT NOT NULL CHECK (length(path) BETWEEN 1 AND 4096),
  side TEXT NOT NULL CHECK (side IN ('old', 'new', 'file')),
  start_line INTEGER CHECK (start_line IS NULL OR start_line >= 1),
  end_line INTEGER CHECK (end_line IS NULL OR end_line >= start_line),
  quote TEXT NOT NULL,
  head_sha TEXT,
  content_hash TEXT,
  origin TEXT NOT NULL DEFAULT 'local' CHECK (origin IN ('local', 'forge')),
  forge_id TEXT UNIQUE,
  forge_author TEXT,
  forge_url TEXT,
  state TEXT NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'sent', 'outdated', 'resolved')),
  body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 102400),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  sent_at INTEGER,
  CHECK ((side = 'file') = (start_line IS NULL)),
  CHECK ((start_line IS NULL) = (end_line IS NULL)),
  CHECK ((origin = 'forge') = (forge_id IS NOT NULL))
) STRICT;
CREATE INDEX review_comments_by_session ON review_comments (session_id, created_at);
`;

export const migration016: Migration = {
  version: 16,
  name: 'review_comments',
  up(db) {
    db.exec(SQL);
  },
};
