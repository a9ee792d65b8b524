import { beforeEach, describe, expect, it } from 'vitest';
import { subscribeToPushes } from '../../src/renderer/src/boot/pushes';
import { sortedIds } from '../../src/renderer/src/stores/sessionOrder';
import { applyQueuedChanges, replaceSessions, resetSessionsStore, upsertSession, useSessions } from '../../src/renderer/src/stores/sessions';
import { currentVisibleRows } from '../../src/renderer/src/stores/useVisibleRows';
import type { SessionRow } from '../../src/shared/domain/session';
import { until } from '../support/until';
import { FakeApi, makeRow } from './support/fakeApi';

beforeEach(() => resetSessionsStore());

const N = 100_000;

function bigSwarm(): FakeApi {
  const rows = Array.from({ length: N }, (_, i) => makeRow({ id: `r${i}`, position: i, folder: '/w' }));
  const api = new FakeApi(rows);
  replaceSessions(rows);
  return api;
}

/** Store updates and rebuilds of the list as drawn (`currentVisibleRows` is rebuilt when `listVersion` moves). */
function countUpdates(): { updates: number; rebuilds: number; stop: () => void } {
  const counter = { updates: 0, rebuilds: 0, stop: () => undefined as void };
  counter.stop = useSessions.subscribe((now, before) => {
    counter.updates++;
    if (now.listVersion !== before.listVersion) counter.rebuilds++;
  });
  return counter;
}

describe('pushed rows land once per frame (issue 9: a burst of N pushes costs one rebuild, not N)', () => {
  it('a burst of 2,000 pushes into 100,000 rows (new, moved, removed, re-pushed) is one store update and one rebuild, in order', () => {
    const api = bigSwarm();
    const off = subscribeToPushes(api);
    const counter = countUpdates();
    const pushed: SessionRow[] = [];
    for (let i = 0; i < 1_000; i++) pushed.push(makeRow({ id: `new${i}`, position: N + 0.5 - i * 97, folder: '/w' })); // new rows all over
    for (let i = 0; i < 1_000; i++) pushed.push({ ...(api.rows.get(`r${i * 50}`) as SessionRow), position: -i }); // moved to the top
    for (const row of pushed) api.pushWithinFrame('session:changed', row);
    api.pushWithinFrame('session:removed', { id: 'r7' }); // removed in the same frame as nothing else
    api.pushWithinFrame('session:removed', { id: 'new3' }); // pushed, then removed in the same frame
    api.pushWithinFrame('session:removed', { id: 'r50' }); // moved, removed, then back (restored) in the same frame
    const back = { ...(api.rows.get('r50') as SessionRow), position: 0.25 };
    api.pushWithinFrame('session:changed', back);
    expect(counter.updates).toBe(0); // nothing yet: the frame has not come

    applyQueuedChanges(); // the frame
    expect(counter.updates).toBe(1);
    expect(counter.rebuilds).toBe(1);
    const { byId, order } = useSessions.getState();
    expect(byId['new3']).toBeUndefined();
    expect(byId['r7']).toBeUndefined();
    expect(byId['r50']).toBe(back);
    expect(order).toHaveLength(N + 1_000 - 2);
    expect(order).toEqual(sortedIds(byId));
    expect(currentVisibleRows()).toHaveLength(N + 1_000 - 2);
    counter.stop();
    off();
  });

  it('a reply applied before the frame is not overtaken by an older push still queued', () => {
    const api = bigSwarm();
    const off = subscribeToPushes(api);
    api.pushWithinFrame('session:changed', { ...(api.rows.get('r1') as SessionRow), subtitle: 'older, pushed' });
    const reply = { ...(api.rows.get('r1') as SessionRow), subtitle: 'newer, the reply' };
    upsertSession(reply);
    applyQueuedChanges();
    expect(useSessions.getState().byId['r1']).toBe(reply);
    off();
  });

  it('without a test to call it, the frame comes by itself (one update for the burst)', async () => {
    const api = bigSwarm();
    const off = subscribeToPushes(api);
    const counter = countUpdates();
    for (let i = 0; i < 100; i++) api.pushWithinFrame('session:changed', { ...(api.rows.get(`r${i}`) as SessionRow), status: 'working' });
    await until(() => useSessions.getState().byId['r99']?.status === 'working', { message: 'the frame' });
    expect(counter.updates).toBe(1);
    expect(counter.rebuilds).toBe(0); // a status is not a change of the list as drawn
    counter.stop();
    off();
  });
});
