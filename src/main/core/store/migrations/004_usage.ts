import type { Migration } from './types';

/*
 * What each agent turn used (issue 10 §6): one row per turn as the source
 * reported it (the Claude Code CLI's `result`, a chat API's usage), owned by
 * the session (purging it deletes them). `input_tokens` counts all input; the
 * cache columns break out the part of it the source named. `cost_usd` is money
 * the source reported as billed, else NULL: no price is ever invented here.
 * `reported_total_usd` is the Claude Code CLI's running total for its session
 * (`total_cost_usd`, which it carries across `--resume`); a turn's cost is its
 * growth since the session's previous row.
 */
const SQL = `
CREATE TABLE usage (
  id INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  source TEXT NOT NULL CHECK (source IN ('claude-code', 'chat')),
  input_tokens INTEGER NOT NULL CHECK (input_tokens >= 0),
  output_tokens INTEGER NOT NULL CHECK (output_tokens >= 0),
  cache_read_tokens INTEGER NOT NULL DEFAULT 0 CHECK (cache_read_tokens >= 0),
  cache_write_tokens INTEGER NOT NULL DEFAULT 0 CHECK (cache_write_tokens >= 0),
  cost_usd REAL CHECK (cost_usd IS NULL OR cost_usd >= 0),
  reported_total_usd REAL CHECK (reported_total_usd IS NULL OR reported_total_usd >= 0),
  at INTEGER NOT NULL
) STRICT;
CREATE INDEX usage_by_session ON usage (session_id, at);
`;

export const migration004: Migration = {
  version: 4,
  name: 'usage',
  up(db) {
    db.exec(SQL);
  },
};
