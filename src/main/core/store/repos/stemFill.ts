import type { Db } from '../connection';

/** The kinds both search indexes hold (INDEXED_KINDS in entries.ts), as SQL. */
const INDEXED_KINDS_SQL = `('user', 'assistant', 'steer', 'summary', 'note', 'tool-use')`;

/** What one fill step did. */
export interface StemFillStep {
  /** Rows looked at (sessions and entries, any kind); 0 when the fill was already done. */
  readonly scanned: number;
  /** Whether both stemmed indexes now hold everything. */
  readonly filled: boolean;
  /** Filled, and the index's segments merged (its automatic merges on again): nothing more to do. */
  readonly done: boolean;
}

/**
 * Pages of segment merging a step does while the fill runs (FTS5's 'merge' command). The fill
 * writes a segment a step, and FTS5's own merges would now and then merge large ones within one
 * step (measured at a million entries: steps of 450-880 ms, against at most 420 ms this way, half
 * the time in all), so its first step turns them off and its last turns them on again.
 */
const MERGE_PAGES = 64;

/**
 * The background fill of the stemmed search indexes (migration 014): each step indexes the
 * next `maxRows` sessions (titles, first lines) and then entries below the fill's cursors, in
 * one transaction, newest first (keys downwards: an entry's key starts with its session's
 * rid), and moves the cursors down past them. Resumable: the cursors are in the file, so a
 * restart goes on where the last step ended. Entries still queued for indexing are left to
 * the queue's flush (which feeds both indexes), and those the flush already put in the
 * stemmed index below the cursor (`entries_stem_early`) are passed over.
 */
export function createStemFillRepo(db: Db) {
  const s = {
    cursors: db.prepare<[], { entries: bigint; sessions: bigint }>(`SELECT entries_below AS entries, sessions_below AS sessions FROM stem_fill WHERE id = 1`),
    sessionSpan: db.prepare<{ below: number; n: number }, { low: number | null; n: number }>(
      `SELECT min(rid) AS low, count(*) AS n FROM (SELECT rid FROM sessions WHERE rid < @below ORDER BY rid DESC LIMIT @n)`,
    ),
    indexSessions: db.prepare<{ low: number; below: number }>(
      `INSERT INTO sessions_stem (rowid, title, first_user_line)
       SELECT rid, title, first_user_line FROM sessions WHERE rid >= @low AND rid < @below`,
    ),
    setSessions: db.prepare<{ below: number }>(`UPDATE stem_fill SET sessions_below = @below WHERE id = 1`),
    entrySpan: db.prepare<{ below: bigint; n: number }, { low: bigint | null; n: bigint }>(
      `SELECT min(id) AS low, count(*) AS n FROM (SELECT id FROM entries WHERE id < @below ORDER BY id DESC LIMIT @n)`,
    ),
    // Keys exceed JS safe integers: the span's ends are compared in SQL, read back as the same rows' keys.
    indexEntries: db.prepare<{ below: bigint; n: number }>(
      `INSERT INTO entries_stem (rowid, text)
       SELECT id, text FROM entries
       WHERE id IN (SELECT id FROM entries WHERE id < @below ORDER BY id DESC LIMIT @n)
         AND kind IN ${INDEXED_KINDS_SQL}
         AND NOT EXISTS (SELECT 1 FROM entries_fts_pending p WHERE p.id = entries.id)
         AND NOT EXISTS (SELECT 1 FROM entries_stem_early e WHERE e.id = entries.id)`,
    ),
    dropEarly: db.prepare<{ low: bigint; below: bigint }>(`DELETE FROM entries_stem_early WHERE id >= @low AND id < @below`),
    setEntries: db.prepare<{ below: bigint }>(`UPDATE stem_fill SET entries_below = @below WHERE id = 1`),
    automerge: db.prepare<[], { v: number }>(`SELECT v FROM entries_stem_config WHERE k = 'automerge'`),
    merge: db.prepare(`INSERT INTO entries_stem (entries_stem, rank) VALUES ('merge', ${MERGE_PAGES})`),
    automergeOn: db.prepare(`INSERT INTO entries_stem (entries_stem, rank) VALUES ('automerge', 4)`),
    automergeOff: db.prepare(`INSERT INTO entries_stem (entries_stem, rank) VALUES ('automerge', 0)`),
    totalChanges: db.prepare<[], { n: number }>(`SELECT total_changes() AS n`),
    counts: db.prepare<[], { sessions: number; entries: number }>(
      `SELECT (SELECT count(*) FROM sessions WHERE rid < (SELECT sessions_below FROM stem_fill)) AS sessions,
              (SELECT count(*) FROM entries WHERE id < (SELECT entries_below FROM stem_fill)) AS entries`,
    ),
  };
  // The entries cursor can exceed 2^53: read as BigInt so no key is rounded.
  s.cursors.safeIntegers(true);
  s.entrySpan.safeIntegers(true);

  let done = false;
  let filledSeen = false;
  /** Migration 014 turned automatic merges off for the fill (0); the fill merges and turns them on at its end. */
  const merging = (): boolean => s.automerge.get()?.v === 0;
  /** One step of merging; false when there was nothing left to merge (FTS5 changes fewer than 2 rows then). */
  const mergeSome = (): boolean => {
    const before = s.totalChanges.get()?.n ?? 0;
    s.merge.run();
    return (s.totalChanges.get()?.n ?? 0) - before >= 2;
  };
  const read = (): { entries: bigint; sessions: bigint } => {
    const row = s.cursors.get();
    if (!row) throw new Error('stem_fill has no row');
    return row;
  };

  const stepTx = db.transaction((maxRows: number): StemFillStep => {
    const at = read();
    let scanned = 0;
    // While entries are left to fill, merges are the fill's own (turned back on at its end).
    if (at.entries > 0n && !merging()) s.automergeOff.run();
    if (at.sessions > 0n) {
      const below = Number(at.sessions);
      const span = s.sessionSpan.get({ below, n: maxRows });
      const n = span?.n ?? 0;
      if (n > 0 && span?.low != null) s.indexSessions.run({ low: span.low, below });
      s.setSessions.run({ below: n < maxRows || span?.low == null ? 0 : span.low });
      scanned += n;
    }
    const left = maxRows - scanned;
    if (at.entries > 0n && left > 0) {
      const below = at.entries;
      const span = s.entrySpan.get({ below, n: left });
      const n = Number(span?.n ?? 0n);
      const low = span?.low ?? null;
      if (n > 0 && low !== null) {
        s.indexEntries.run({ below, n: left });
        s.dropEarly.run({ low, below });
        if (merging()) mergeSome();
      }
      s.setEntries.run({ below: n < left || low === null ? 0n : low });
      scanned += n;
    }
    const now = read();
    const filled = now.entries <= 0n && now.sessions <= 0n;
    // Filled: merge what is left a step at a time, then FTS5 merges on its own again.
    if (filled && scanned === 0 && merging() && !mergeSome()) s.automergeOn.run();
    return { scanned, filled, done: filled && !merging() };
  });

  return {
    /** Indexes the next `maxRows` rows (sessions first, then entries) in the stemmed indexes. */
    step(maxRows: number): StemFillStep {
      if (done) return { scanned: 0, filled: true, done: true };
      const result = stepTx(maxRows);
      done = result.done;
      return result;
    },
    /** Filled and merged: the housekeeping's fill has nothing more to do. */
    done(): boolean {
      done ||= this.filled() && !merging();
      return done;
    },
    /** Whether the stemmed indexes hold everything (search uses them only then). */
    filled(): boolean {
      if (done || filledSeen) return true;
      const at = read();
      filledSeen = at.entries <= 0n && at.sessions <= 0n;
      return filledSeen;
    },
    /** Rows the fill has still to pass (diagnostics, benches): a count over the rest of the tables. */
    remaining(): { sessions: number; entries: number } {
      return s.counts.get() ?? { sessions: 0, entries: 0 };
    },
  };
}

export type StemFillRepo = ReturnType<typeof createStemFillRepo>;
