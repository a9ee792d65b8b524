import { describe, expect, it } from 'vitest';
import { setLogSink } from '../../../src/main/core/logger';
import { createManualClock } from '../../../src/main/core/services';
import { PendingEntries, type PendingEntry } from '../../../src/main/core/services/pendingEntries';
import { SessionGoneError, storageFault } from '../../../src/main/core/store';
import { AppError } from '../../../src/shared/result';

/** An error shaped as better-sqlite3's SqliteError: its `code` is SQLite's extended code as text. */
function sqliteError(code: string): Error {
  return Object.assign(new Error(code), { code });
}

function setUp() {
  const clock = createManualClock();
  const committed: string[] = [];
  const attempts: number[] = [];
  const changed: string[] = [];
  const notices: string[] = [];
  let refuse: Error | null = sqliteError('SQLITE_BUSY');
  const gone = new Set<string>();
  const pending = new PendingEntries({
    clock,
    commit: (e) => {
      attempts.push(clock.now());
      // The service says NOT_FOUND; the store itself says SessionGoneError: both mean deleted.
      if (gone.has(e.sessionId)) throw e.sessionId === 'c' ? new SessionGoneError('c') : new AppError('NOT_FOUND', 'gone');
      if (refuse) throw refuse;
      committed.push(`${e.sessionId}:${e.text}`);
    },
    commitStatus: (id, status) => {
      attempts.push(clock.now());
      if (refuse) throw refuse;
      committed.push(`${id} status ${status}`);
    },
    countChanged: (id): void => {
      changed.push(`${id}=${pending.count(id)}`);
    },
    notice: (m) => notices.push(m),
  });
  const entry = (sessionId: string, text: string): PendingEntry => ({ sessionId, kind: 'assistant', text, meta: null, at: clock.now() });
  return {
    clock,
    pending,
    committed,
    attempts,
    changed,
    notices,
    gone,
    entry,
    refuseWith: (e: Error | null) => {
      refuse = e;
    },
  };
}

describe('storage faults', () => {
  it('classifies SQLite codes: locks are busy, a full disk is full, I/O and read-only are io, the rest are not faults', () => {
    expect(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED'].map((c) => storageFault(sqliteError(c)))).toEqual(['busy', 'busy', 'busy']);
    expect(storageFault(sqliteError('SQLITE_FULL'))).toBe('full');
    expect(['SQLITE_IOERR_WRITE', 'SQLITE_IOERR', 'SQLITE_READONLY'].map((c) => storageFault(sqliteError(c)))).toEqual(['io', 'io', 'io']);
    expect(storageFault(sqliteError('SQLITE_CONSTRAINT_UNIQUE'))).toBeNull();
    expect(storageFault(new Error('plain'))).toBeNull();
    expect(storageFault('SQLITE_BUSY')).toBeNull();
  });
});

describe('PendingEntries', () => {
  it('keeps per-session order, tells the user once per episode, and saves everything once the database takes it', () => {
    const t = setUp();
    t.pending.keep(t.entry('a', 'a1'), 'full');
    t.pending.keep(t.entry('b', 'b1'), 'full');
    t.pending.keep(t.entry('a', 'a2'), null);
    expect(t.pending.size).toBe(3);
    expect(t.pending.count('a')).toBe(2);
    expect(t.changed).toEqual(['a=1', 'b=1', 'a=2']);
    expect(t.notices).toHaveLength(1);
    expect(t.notices[0]).toMatch(/\(the disk is full\)/);

    t.clock.advance(10_000);
    expect(t.pending.size).toBe(3);
    t.refuseWith(null);
    t.clock.advance(5_000);
    expect(t.pending.size).toBe(0);
    expect(t.committed).toEqual(['a:a1', 'a:a2', 'b:b1']);
    expect(t.changed.slice(-2)).toEqual(['a=0', 'b=0']);
    expect(t.notices).toHaveLength(2);
    expect(t.notices[1]).toMatch(/all 3 kept entries are saved/);

    // A new episode is announced again.
    t.refuseWith(sqliteError('SQLITE_BUSY'));
    t.pending.keep(t.entry('a', 'a3'), 'busy');
    expect(t.notices).toHaveLength(3);
    expect(t.notices[2]).toMatch(/locked by another program/);
  });

  it('retries with a bounded backoff: quickly at first, then at most every 5 s, and never after the queue drains', () => {
    const t = setUp();
    t.pending.keep(t.entry('a', 'a1'), 'busy');
    const start = t.clock.now();
    for (let i = 0; i < 240; i += 1) t.clock.advance(250); // the manual clock reads its final time during one advance

    const gaps = t.attempts.map((at, i) => at - (t.attempts[i - 1] ?? start));
    expect(gaps.slice(0, 6)).toEqual([250, 500, 1_000, 2_000, 4_000, 5_000]);
    expect(Math.max(...gaps)).toBe(5_000);
    expect(t.attempts.length).toBeGreaterThan(10);
    t.refuseWith(null);
    t.clock.advance(5_000);
    const done = t.attempts.length;
    t.clock.advance(60_000);
    expect(t.attempts).toHaveLength(done);
  });

  it('stops a flush at the first refusal (the next session would fare no better) and keeps a failing entry that is not a storage fault', () => {
    const t = setUp();
    t.pending.keep(t.entry('a', 'a1'), 'busy');
    t.pending.keep(t.entry('b', 'b1'), 'busy');
    const before = t.attempts.length;
    expect(t.pending.flush()).toBe(2);
    expect(t.attempts.length - before).toBe(1);
    t.refuseWith(new Error('a bug'));
    expect(t.pending.flush()).toBe(2);
  });

  it('lets the kept entries of a session deleted meanwhile go, and flushSession reports whether the session is clear', () => {
    const t = setUp();
    t.pending.keep(t.entry('a', 'a1'), 'busy');
    t.pending.keep(t.entry('c', 'c1'), 'busy');
    t.pending.keep(t.entry('b', 'b1'), 'busy');
    expect(t.pending.flushSession('a')).toBe(false);
    t.gone.add('a');
    t.gone.add('c');
    t.refuseWith(null);
    expect(t.pending.flushSession('a')).toBe(true);
    expect(t.pending.size).toBe(2);
    expect(t.pending.flush()).toBe(0);
    expect(t.committed).toEqual(['b:b1']);
  });

  it('closing with entries still kept says so loudly in the log', () => {
    const t = setUp();
    const lines: string[] = [];
    const restore = setLogSink((line) => lines.push(line));
    try {
      t.pending.keep(t.entry('a', 'a1'), 'full');
      t.pending.close();
    } finally {
      restore();
    }
    expect(lines.filter((l) => l.includes('ERROR') && l.includes('they are lost') && l.includes('"session":"a"'))).toHaveLength(1);
    // And no timer runs after close.
    const n = t.attempts.length;
    t.clock.advance(60_000);
    expect(t.attempts).toHaveLength(n);
  });

  it('keeps the latest refused status of a session and saves it after its entries', () => {
    const t = setUp();
    t.pending.keep(t.entry('a', 'a1'), 'busy');
    t.pending.keepStatus('a', 'working', 'busy');
    t.pending.keepStatus('a', 'waiting', 'busy');
    t.pending.keepStatus('b', 'idle', 'busy');
    expect(t.pending.status('a')).toBe('waiting');
    expect(t.pending.size).toBe(3);
    expect(t.notices).toHaveLength(1);
    t.refuseWith(null);
    expect(t.pending.flush()).toBe(0);
    expect(t.committed).toEqual(['a:a1', 'a status waiting', 'b status idle']);
    expect(t.pending.status('a')).toBeUndefined();
    expect(t.notices).toHaveLength(2);
  });

  it('a status saved directly replaces a kept one', () => {
    const t = setUp();
    t.pending.keepStatus('a', 'working', 'busy');
    t.pending.forgetStatus('a');
    expect(t.pending.size).toBe(0);
    t.refuseWith(null);
    t.pending.flush();
    expect(t.committed).toEqual([]);
  });
});
