import type { Migration } from './types';

/*
 * The swarm is listed by time (issue 28): pinned first, then the newest activity first (the time a
 * row shows), then id. `sessions:list` pages walk this index by keyset (pinned, updated_at, id),
 * never a sort of the swarm. `sessions_order` stays: reordering still places rows by position
 * within their pin group (a group the user reordered is drawn by position).
 */
const SQL = `
CREATE INDEX sessions_by_time ON sessions (pinned DESC, updated_at DESC, id) WHERE deleted_at IS NULL;
`;

export const migration012: Migration = {
  version: 12,
  name: 'sessions_by_time',
  up(db) {
    db.exec(SQL);
  },
};
