import type { Migration } from './types';

/*
 * What a session's agent last did, in a few words (issue 32, SPEC §7: "edited src/x.ts", "ran npm test", the
 * start of its last answer), kept on the row as entries are appended so the list reads it with the row: no
 * per-row query. Masked and bounded by the host (services/entryActivity.ts); null until an entry says something.
 */
const SQL = `
ALTER TABLE sessions ADD COLUMN activity TEXT CHECK (activity IS NULL OR (length(activity) BETWEEN 1 AND 200));
`;

export const migration017: Migration = {
  version: 17,
  name: 'session_activity',
  up(db) {
    db.exec(SQL);
  },
};
