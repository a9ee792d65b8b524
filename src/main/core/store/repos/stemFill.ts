import type { Db } from '../connection';

/** The kinds both search indexes hold (INDEXED_KINDS in entries.ts), as SQL. */
const INDEXED_KINDS_SQL = `('user', 'assistant', 'steer', 'summary', 'note', 'tool-use')`;

/** What one fill step did. */
export interface StemFillStep {
  /** Rows looked at (sessions and entries, any kind); 0 when the fill was already done. */
  readonly scanned: number;
  /** Whether both stemmed indexes now hold everything. */
  readonly filled: boolean;
}

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
    counts: db.prepare<[], { sessions: number; entries: number }>(
      `SELECT (SELECT count(*) FROM sessions WHERE rid < (SELECT sessions_below FROM stem_fill)) AS sessions,
              (SELECT count(*) FROM entries WHERE id < (SELECT entries_below FROM stem_fill)) AS entries`,
    ),
  };
  // The entries cursor can exceed 2^53: read as BigInt so no key is rounded.
  s.cursors.safeIntegers(true);
  s.entrySpan.safeIntegers(true);

  let done = false;
  const read = (): { entries: bigint; sessions: bigint } => {
    const row = s.cursors.get();
    if (!row) throw new Error('stem_fill has no row');
    return row;
  };

  const stepTx = db.transaction((maxRows: number): StemFillStep => {
    const at = read();
    let scanned = 0;
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
      }
      s.setEntries.run({ below: n < left || low === null ? 0n : low });
      scanned += n;
    }
    const now = read();
    return { scanned, filled: now.entries <= 0n && now.sessions <= 0n };
  });

  return {
    /** Indexes the next `maxRows` rows (sessions first, then entries) in the stemmed indexes. */
    step(maxRows: number): StemFillStep {
      if (done) return { scanned: 0, filled: true };
      const result = stepTx(maxRows);
      done = result.filled;
      return result;
    },
    /** Whether the stemmed indexes hold everything (search uses them only then). */
    filled(): boolean {
      if (done) return true;
      const at = read();
      done = at.entries <= 0n && at.sessions <= 0n;
      return done;
    },
    /** Rows the fill has still to pass (diagnostics, benches): a count over the rest of the tables. */
    remaining(): { sessions: number; entries: number } {
      return s.counts.get() ?? { sessions: 0, entries: 0 };
    },
  };
}

export type StemFillRepo = ReturnType<typeof createStemFillRepo>;
