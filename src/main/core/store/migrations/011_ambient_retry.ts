import type { Migration } from './types';

/*
 * An ambient call's second attempt says why it was made (issue 28, "Ambient cost"): SPEC §9.3 tries a
 * rejected or failed answer once more, and the activity log showed that as a second, unexplained
 * call. `retry_of` is the first attempt's outcome ('reject' or 'error'); null for a first attempt.
 * Rows from before are all read as first attempts.
 */
export const migration011: Migration = {
  version: 11,
  name: 'ambient_retry',
  up(db) {
    db.exec(`ALTER TABLE ambient_calls ADD COLUMN retry_of TEXT CHECK (retry_of IN ('reject', 'error'))`);
  },
};
