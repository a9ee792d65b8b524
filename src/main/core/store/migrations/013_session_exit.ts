import type { Migration } from './types';

/*
 * A terminal whose process ended says "exited" (issue 31, SPEC §2), with how it ended when that was a
 * failure: a nonzero code (`exit_code`) or a signal the user did not send (`exit_signal`, e.g. 'SIGKILL').
 * Both are null on every other row, and on an exit that was clean or a stop by the user. The status
 * column has no CHECK, so 'exited' needs no rebuild; the two columns are added in place.
 */
const SQL = `
ALTER TABLE sessions ADD COLUMN exit_code INTEGER;
ALTER TABLE sessions ADD COLUMN exit_signal TEXT CHECK (exit_signal IS NULL OR (length(exit_signal) BETWEEN 1 AND 16));
`;

export const migration013: Migration = {
  version: 13,
  name: 'session_exit',
  up(db) {
    db.exec(SQL);
  },
};
