import { describe, expect, it } from 'vitest';
import { compareRows, mergeIntoOrder, placeInOrder, sortedIds } from '../../src/renderer/src/stores/sessionOrder';
import { removeSession, replaceSessions, resetSessionsStore, upsertSession, useSessions } from '../../src/renderer/src/stores/sessions';
import type { SessionId, SessionListRow, SessionRow } from '../../src/shared/domain/session';
import { makeRow } from './support/fakeApi';

/** A comparator that counts its calls: the bound on work, not a clock. */
function counting() {
  const counter = { calls: 0 };
  const compare = (a: SessionListRow, b: SessionListRow): number => {
    counter.calls++;
    return compareRows(a, b);
  };
  return { counter, compare };
}

function swarm(n: number): { byId: Record<SessionId, SessionRow>; order: SessionId[] } {
  const byId: Record<SessionId, SessionRow> = {};
  const order: SessionId[] = [];
  for (let i = 0; i < n; i++) {
    const row = makeRow({ id: `r${i}`, position: i, pinned: i < 10 });
    byId[row.id] = row;
  }
  for (const id of sortedIds(byId)) order.push(id);
  return { byId, order };
}

describe('the swarm order takes a push without sorting the swarm', () => {
  it('a row pushed into 100,000 rows costs about log2(n) comparisons, and lands once in its place', () => {
    const { byId, order } = swarm(100_000);
    const { counter, compare } = counting();
    const fresh = makeRow({ id: 'new', position: 50_000.5 });
    const next = placeInOrder(order, byId, null, fresh, compare);
    // ceil(log2(100,001)) = 17: a sort or a scan would need 100,000 or more.
    expect(counter.calls).toBeLessThanOrEqual(18);
    expect(next).toHaveLength(100_001);
    expect(next.indexOf('new')).toBe(50_001);
    expect(next.filter((id) => id === 'new')).toHaveLength(1);
  });

  it('a row moved (repositioned, pinned) in 100,000 rows: two searches by halving, found where its old state says', () => {
    const { byId, order } = swarm(100_000);
    const { counter, compare } = counting();
    const before = byId['r70000'] as SessionRow;
    const after = { ...before, pinned: true, position: -1, updatedAt: before.updatedAt + 10_000_000 }; // pinned, and now the newest
    const next = placeInOrder(order, byId, before, after, compare);
    expect(counter.calls).toBeLessThanOrEqual(2 * 18);
    expect(next).toHaveLength(100_000);
    expect(next[0]).toBe('r70000');
    expect(next.filter((id) => id === 'r70000')).toHaveLength(1);
  });

  it('any sequence of pushes leaves the same order as sorting everything again', () => {
    const { byId, order: start } = swarm(300);
    let order = start;
    let seed = 11;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let step = 0; step < 2_000; step++) {
      const id = `r${random(400)}`; // some are new rows
      const before = byId[id] ?? null;
      const row = makeRow({ ...(before ?? {}), id, position: random(50), pinned: random(5) === 0, createdAt: random(3) });
      order = placeInOrder(order, byId, before, row);
      byId[id] = row;
    }
    expect(order).toEqual(sortedIds(byId));
  });
});

describe('a burst or a page of rows merges into the order in one pass', () => {
  it('any sequence of bursts (new rows, moved rows, a page after the last row) leaves the same order as sorting everything again', () => {
    const { byId, order: start } = swarm(300);
    let order = start;
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let step = 0; step < 300; step++) {
      const burst = new Map<SessionId, SessionListRow>();
      const tail = step % 3 === 0; // a page: rows after every row held
      for (let k = random(8) + 1; k > 0; k--) {
        const id = tail ? `p${step}-${k}` : `r${random(400)}`;
        const before = byId[id];
        burst.set(id, makeRow({ ...(before ?? {}), id, position: tail ? 1_000 + step + k / 10 : random(50), pinned: !tail && random(5) === 0 }));
      }
      order = mergeIntoOrder(order, byId, new Set(burst.keys()), [...burst.values()]);
      for (const [id, row] of burst) byId[id] = row as SessionRow;
      expect(order).toEqual(sortedIds(byId));
    }
  });
});

describe('the sessions store takes a push at 100,000 rows without copying the swarm', () => {
  it('a pushed row is put in place: the same byId object, the same order for a status change, the list version only when the list may change', () => {
    resetSessionsStore();
    replaceSessions(Array.from({ length: 100_000 }, (_, i) => makeRow({ id: `r${i}`, position: i, folder: '/w' })));
    const start = useSessions.getState();
    const { byId, order, listVersion, rowsVersion } = start;

    const working = { ...(byId['r500'] as SessionRow), status: 'working' as const };
    upsertSession(working);
    let now = useSessions.getState();
    expect(now.byId).toBe(byId); // not a copy of 100,000 keys
    expect(now.byId['r500']).toBe(working);
    expect(now.order).toBe(order); // nothing moved
    expect(now.listVersion).toBe(listVersion); // the list as drawn is the same
    expect(now.rowsVersion).toBe(rowsVersion + 1);

    for (const change of [{ pinned: true }, { archived: true }, { folder: '/other' }, { parentId: 'r1' }] as const) {
      const before = useSessions.getState().listVersion;
      upsertSession({ ...(useSessions.getState().byId['r700'] as SessionRow), ...change });
      expect(useSessions.getState().listVersion).toBe(before + 1);
    }
    upsertSession(makeRow({ id: 'fresh', position: 0.5 }));
    removeSession('r3');
    now = useSessions.getState();
    expect(now.byId).toBe(byId);
    expect(now.order.indexOf('fresh')).toBe(2); // pinned r700, r0, fresh
    expect(now.byId['r3']).toBeUndefined();
    expect(now.order).not.toContain('r3');
  });

  it('a reset never shares its byId with an earlier store', () => {
    resetSessionsStore();
    upsertSession(makeRow({ id: 'left-over' }));
    resetSessionsStore();
    expect(useSessions.getState().byId['left-over']).toBeUndefined();
  });
});
