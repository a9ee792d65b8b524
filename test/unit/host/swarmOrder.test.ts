import { describe, expect, it } from 'vitest';
import type { ListCursor, SessionListRow } from '../../../src/shared/domain/session';
import { compareRows, interleave, isAfter, mergePage, moveTargetOnHost, toListRow } from '../../../src/main/host/federation/swarmOrder';
import { sessionListRow } from '../../support/sessionRow';

/** A row whose time (what orders the swarm) and position (where a hand move places it) are both `at`. */
function row(id: string, at: number, extra: Partial<SessionListRow> = {}): SessionListRow {
  return sessionListRow({ id, position: at, updatedAt: at, ...extra });
}

/** What the core's store answers for a keyset page of its own rows (repos/sessions.ts listRows). */
function corePage(rows: SessionListRow[], q: { includeArchived: boolean; limit?: number; after?: ListCursor }): SessionListRow[] {
  const sorted = rows.filter((r) => q.includeArchived || !r.archived).sort(compareRows);
  const after = q.after;
  return sorted.filter((r) => after === undefined || isAfter(r, after)).slice(0, q.limit ?? Infinity);
}

const local = [row('l1', 1), row('l2', 5), row('l3', 6, { pinned: true }), row('l4', 9, { archived: true }), row('l5', 2)];
const remote = [row('r1', 0), row('r2', 5), row('r3', 1, { pinned: true }), row('r4', 3, { archived: true }), row('r5', 100)].map((r) => ({ ...r, host: 'box' }));

describe("the swarm's one order across hosts", () => {
  it('orders pinned first, then the newest activity first, then id', () => {
    const all = [...local, ...remote].sort(compareRows).map((r) => r.id);
    expect(all).toEqual(['l3', 'r3', 'r5', 'l4', 'l2', 'r2', 'r4', 'l5', 'l1', 'r1']);
  });

  it('keyset pages of any size walk the merged swarm exactly once, archived rows only when asked', () => {
    for (const includeArchived of [false, true]) {
      const whole = [...local, ...remote].filter((r) => includeArchived || !r.archived).sort(compareRows).map((r) => r.id);
      expect(mergePage(corePage(local, { includeArchived }), remote, { includeArchived }).map((r) => r.id)).toEqual(whole);
      for (const limit of [1, 2, 3, 7]) {
        const seen: string[] = [];
        let after: ListCursor | undefined;
        for (let pages = 0; pages < 20; pages += 1) {
          const q = { includeArchived, limit, ...(after && { after }) };
          const page = mergePage(corePage(local, q), remote, q);
          seen.push(...page.map((r) => r.id));
          if (page.length < limit) break;
          const last = page[page.length - 1] as SessionListRow;
          after = { pinned: last.pinned, updatedAt: last.updatedAt, id: last.id };
        }
        expect(seen, `limit ${limit}`).toEqual(whole);
      }
    }
  });

  it('a full row becomes a list row: no backendId or createdAt, the first line only when it is the label', () => {
    const full = { ...row('x', 1, { title: 'Fix the flaky test' as SessionListRow['title'], titleSource: 'auto', firstUserLine: 'please fix it' }), backendId: 'b', createdAt: 5 };
    const listed = toListRow(full);
    expect(listed).not.toHaveProperty('backendId');
    expect(listed).not.toHaveProperty('createdAt');
    expect(listed.firstUserLine).toBeNull();
    expect(toListRow({ ...full, title: null, titleSource: null }).firstUserLine).toBe('please fix it');
  });

  it('interleaves ranked search results host by host, each id once, cut at the limit', () => {
    expect(interleave([['a1', 'a2', 'a3'], ['b1'], ['c1', 'c2']], 10)).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3']);
    expect(interleave([['a1', 'a2'], ['b1', 'b2']], 3)).toEqual(['a1', 'b1', 'a2']);
    expect(interleave([['x', 'y'], ['x']], 10)).toEqual(['x', 'y']);
    expect(interleave([], 5)).toEqual([]);
  });

  it('a row dropped before another host’s row moves before the next row of its own host and pin group, or to its end', () => {
    const swarm = [...local, ...remote];
    // l1 dropped before r2 (order … l2, r2, l4, r5): the next local unpinned row at or after r2 is l4.
    expect(moveTargetOnHost(swarm, local[0] as SessionListRow, 'r2')).toBe('l4');
    // r1 dropped before l2 (… l2, r2 …): r2.
    expect(moveTargetOnHost(swarm, remote[0] as SessionListRow, 'l2')).toBe('r2');
    // r2 dropped before l4: only r5 follows on box.
    expect(moveTargetOnHost(swarm, remote[1] as SessionListRow, 'l4')).toBe('r5');
    // l2 dropped before r5: no local row follows: the end of its group.
    expect(moveTargetOnHost(swarm, local[1] as SessionListRow, 'r5')).toBeNull();
  });
});
