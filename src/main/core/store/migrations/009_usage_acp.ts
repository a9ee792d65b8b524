import type { Migration } from './types';

/*
 * ACP agents report what a turn used (issue 16: Gemini CLI in its prompt response): `acp`
 * joins the sources the usage table accepts. SQLite cannot change a CHECK in place, so the
 * table is rebuilt with its rows and index (nothing references it), as in 005.
 */
const SQL = `
CREATE TABLE usage_new (
  id INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  source TEXT NOT NULL CHECK (source IN ('claude-code', 'chat', 'acp')),
  input_tokens INTEGER NOT NULL CHECK (input_tokens >= 0),
  output_tokens INTEGER NOT NULL CHECK (output_tokens >= 0),
  cache_read_tokens INTEGER NOT NULL DEFAULT 0 CHECK (cache_read_tokens >= 0),
  cache_write_tokens INTEGER NOT NULL DEFAULT 0 CHECK (cache_write_tokens >= 0),
  cost_usd REAL CHECK (cost_usd IS NULL OR cost_usd >= 0),
  reported_total_usd REAL CHECK (reported_total_usd IS NULL OR reported_total_usd >= 0),
  at INTEGER NOT NULL
) STRICT;
INSERT INTO usage_new SELECT id, session_id, source, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, reported_total_usd, at FROM usage;
DROP TABLE usage;
ALTER TABLE usage_new RENAME TO usage;
CREATE INDEX usage_by_session ON usage (session_id, at);
`;

export const migration009: Migration = {
  version: 9,
  name: 'usage_acp',
  up(db) {
    db.exec(SQL);
  },
};
