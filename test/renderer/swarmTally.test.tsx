import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { subscribeToPushes } from '../../src/renderer/src/boot/pushes';
import { setApi } from '../../src/renderer/src/bridge';
import { FolderFilter } from '../../src/renderer/src/components/FolderFilter';
import { startNotifications } from '../../src/renderer/src/features/notifications/actions';
import { waitingCount } from '../../src/renderer/src/features/notifications/rules';
import { resetNotificationsStore } from '../../src/renderer/src/features/notifications/store';
import { mergeSessions, replaceSessions, resetSessionsStore, useSessions } from '../../src/renderer/src/stores/sessions';
import type { SessionRow } from '../../src/shared/domain/session';
import { FakeApi, makeRow } from './support/fakeApi';

// The waiting badge and the folder filter follow the swarm without walking it:
// a change reads the rows it changes, never every row held.

afterEach(() => cleanup());
beforeEach(() => {
  resetSessionsStore();
  resetNotificationsStore();
});

const N = 10_000;

/** Reads of `status` and `folder` on the rows held (each row a counting proxy). */
const reads = { status: 0, folder: 0 };

function counted(row: SessionRow): SessionRow {
  return new Proxy(row, {
    get(target, key, receiver) {
      if (key === 'status') reads.status++;
      if (key === 'folder') reads.folder++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

function heldSwarm(): { api: FakeApi; rows: SessionRow[] } {
  const rows = Array.from({ length: N }, (_, i) =>
    makeRow({ id: `r${i}`, position: i, folder: `/w/project-${i % 7}`, status: i % 100 === 0 ? 'waiting' : 'idle', archived: i % 1_000 === 500 }),
  );
  const api = new FakeApi(rows);
  replaceSessions(rows.slice(0, N / 2).map(counted), false);
  return { api, rows };
}

describe('the waiting badge and the folder filter are kept as rows change, not walked per change', () => {
  it('100 status pushes (each its own frame) and a page of 5,000 rows: the badge is right and no other row is read', () => {
    const { api, rows } = heldSwarm();
    setApi(api);
    const offPushes = subscribeToPushes(api);
    const stop = startNotifications({ transport: 'electron', notifications: true });
    const badges = () => api.callsTo('app:setBadge').map((input) => (input as { count: number }).count);
    const held = () => Object.values(useSessions.getState().byId);
    expect(badges()).toEqual([waitingCount(useSessions.getState().byId)]);

    reads.status = 0;
    reads.folder = 0;
    for (let i = 1; i <= 100; i++) {
      const row = api.rows.get(`r${i * 3}`) as SessionRow;
      api.push('session:changed', { ...row, status: row.status === 'waiting' ? 'working' : 'waiting' });
    }
    // Each push reads its own row's old state (a few fields), not the 5,000 rows held.
    expect(reads.status).toBeLessThan(100 * 10);
    expect(reads.folder).toBeLessThan(100 * 10);
    expect(useSessions.getState().waiting).toBe(waitingCount(useSessions.getState().byId));
    expect(badges().at(-1)).toBe(waitingCount(useSessions.getState().byId));

    // A page: its rows are counted in, the rows held are not read again.
    reads.status = 0;
    reads.folder = 0;
    mergeSessions(rows.slice(N / 2), true);
    expect(reads.status).toBe(0);
    expect(reads.folder).toBe(0);
    expect(held()).toHaveLength(N);
    expect(useSessions.getState().waiting).toBe(waitingCount(useSessions.getState().byId));
    expect(badges().at(-1)).toBe(useSessions.getState().waiting);
    stop();
    offPushes();
  });

  it('the folder filter lists the folders held, most used first, following pushes, pages and removals without reading the rows held', async () => {
    const { api, rows } = heldSwarm();
    const offPushes = subscribeToPushes(api);
    render(<FolderFilter />);
    const options = () => screen.getAllByRole('option').map((option) => option.getAttribute('value'));
    await screen.findByRole('combobox', { name: 'Filter by folder' });
    expect(options()).toEqual(['', ...[0, 1, 2, 3, 4, 5, 6].map((k) => `/w/project-${k}`)]);

    reads.folder = 0;
    act(() => {
      // A folder of its own for 3,000 rows (a page's worth) makes it the most used.
      mergeSessions(rows.slice(N / 2, N / 2 + 3_000).map((row) => ({ ...row, folder: '/w/big' })), false);
      api.push('session:changed', { ...(api.rows.get('r1') as SessionRow), folder: '/w/moved' });
      api.push('session:removed', { id: 'r2' });
    });
    expect(reads.folder).toBeLessThan(10);
    const counts = new Map<string, number>();
    for (const row of Object.values(useSessions.getState().byId)) counts.set(row.folder, (counts.get(row.folder) ?? 0) + 1);
    const expected = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
    await screen.findByRole('option', { name: 'big' });
    expect(options()).toEqual(['', ...expected]);
    expect(options()[1]).toBe('/w/big');
    offPushes();
  });
});
