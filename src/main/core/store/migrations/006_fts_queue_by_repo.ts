import type { Migration } from './types';

/*
 * The search-index queue is filled by the entries repository, not by a
 * per-row trigger (issue 9): `appendMany` queues a whole batch with one
 * statement, which keeps the importer's path within 2× a bare insert. The
 * queue table, its meaning and the delete trigger are unchanged; rows already
 * queued stay queued. Every insert into `entries` goes through the repository
 * (`append`, `appendMany`), which queues the kinds the trigger did
 * (`INDEXED_KINDS` in repos/entries.ts).
 */
const SQL = `
DROP TRIGGER entries_fts_queue;
`;

export const migration006: Migration = {
  version: 6,
  name: 'fts_queue_by_repo',
  up(db) {
    db.exec(SQL);
  },
};
