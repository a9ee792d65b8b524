import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  archiveSession,
  deleteSession,
  LIST_PAGE_ROWS,
  loadSessions,
  moveSession,
  saveRename,
  setShowArchived,
} from '../../src/renderer/src/features/sessions/actions';
import { useSessions } from '../../src/renderer/src/stores/sessions';
import { currentVisibleRows } from '../../src/renderer/src/stores/useVisibleRows';
import type { SessionRow } from '../../src/shared/domain/session';
import type { ChannelInput } from '../../src/shared/ipc/contract';
import type { Result } from '../../src/shared/result';
import { until } from '../support/until';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// A reload (a reconnect, the archived view, the move fallback) keeps the rows it
// holds while its pages arrive, and ends exactly in main's state (mark and sweep).

/** Pages of 1,000: 1,000 + 1,000 + 500. */
const TOTAL = 2 * LIST_PAGE_ROWS + 500;

// Main's order: pinned first, then the newest first, then id.
const inMainsOrder = (a: SessionRow, b: SessionRow) => Number(b.pinned) - Number(a.pinned) || b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const id = (i: number) => `r${String(i).padStart(4, '0')}`;

/**
 * Main with TOTAL sessions (and `archived` more, archived). While `holding`, every
 * `sessions:list` waits until the test lets it go, and is made from main's state then.
 */
async function bootedSwarm(archived = 0) {
  const rows = Array.from({ length: TOTAL }, (_, i) => makeRow({ id: id(i), position: i, title: `Row ${i} of the swarm` }));
  for (let i = 0; i < archived; i++) rows.push(makeRow({ id: `arch${i}`, position: 10 * i + 5, archived: true, title: `Archived ${i}` }));
  const api = new FakeApi(rows);
  const waiting: (() => void)[] = [];
  let holding = false;
  api.override('sessions:list', async (input: ChannelInput<'sessions:list'>) => {
    if (holding) await new Promise<void>((resolve) => waiting.push(resolve));
    const all = [...api.rows.values()].filter((row) => input.includeArchived || !row.archived).sort(inMainsOrder);
    const { after } = input;
    const from = after ? all.filter((row) => inMainsOrder(row, { ...row, ...after }) > 0) : all;
    return { ok: true, value: input.limit === undefined ? from : from.slice(0, input.limit) } as Result<SessionRow[]>;
  });
  await renderApp(api);
  await act(async () => {
    await until(() => useSessions.getState().complete && useSessions.getState().order.length === TOTAL, { message: 'the swarm loaded' });
  });
  const hold = (): void => {
    holding = true;
  };
  /** Let the oldest held request go; `applied` says when the app has taken it (default: the next page asked for, or the list complete). */
  const release = async (applied?: () => boolean): Promise<void> => {
    await until(() => waiting.length > 0, { message: 'a page asked for' });
    const asked = api.callsTo('sessions:list').length;
    await act(async () => {
      waiting.shift()?.();
      await until(applied ?? (() => useSessions.getState().complete || api.callsTo('sessions:list').length > asked), { message: 'the page applied' });
    });
  };
  return { api, hold, release };
}

const shownIds = () => currentVisibleRows().map((row) => row.id);

/** Main's rows in the view (`archived`: the archived view), in main's order. */
const mainsView = (api: FakeApi, archived = false) =>
  [...api.rows.values()]
    .filter((row) => row.archived === archived)
    .sort(inMainsOrder)
    .map((row) => row.id);

/** Every id in `ids` is in the list as drawn. */
function expectShown(ids: readonly string[]): void {
  const shown = new Set(shownIds());
  expect(ids.filter((one) => !shown.has(one))).toEqual([]);
}

/** The store holds exactly main's rows for the view, in main's order, each as main has it. */
function expectMainsState(api: FakeApi, includeArchived = false): void {
  const held = useSessions.getState();
  const expected = [...api.rows.values()].filter((row) => includeArchived || !row.archived).sort(inMainsOrder);
  expect(held.order).toEqual(expected.map((row) => row.id));
  expect(Object.keys(held.byId).sort()).toEqual(expected.map((row) => row.id).sort());
  for (const row of expected) expect(held.byId[row.id]).toEqual(row);
  expect(held.complete).toBe(true);
}

describe('a reload keeps the rows it holds while its pages arrive (mark and sweep)', () => {
  it('a reconnect reload of 2,500 rows: every row stays between held pages; deletes, creates, archive, rename and move meanwhile end in main\'s state', async () => {
    const { api, hold, release } = await bootedSwarm();
    // While the socket was down (nothing pushed): one row deleted, one created, one renamed.
    api.rows.delete(id(100));
    api.rows.set('quiet-new', makeRow({ id: 'quiet-new', position: 2_450.5, title: 'Created while disconnected' }));
    api.rows.set(id(200), { ...(api.rows.get(id(200)) as SessionRow), subtitle: 'changed while disconnected' });
    const before = shownIds();
    expect(before).toHaveLength(TOTAL);

    hold();
    let reload: Promise<void> = Promise.resolve();
    act(() => {
      reload = loadSessions();
    });
    // Nothing vanishes when the reload starts, and the list says it is busy.
    expect(shownIds()).toEqual(before);
    expect(screen.getByRole('list', { name: 'Sessions' })).toHaveAttribute('aria-busy', 'true');

    await release(); // the first page (rows 0-1000 of main)
    expectShown(before);
    expect(useSessions.getState().byId[id(200)]?.subtitle).toBe('changed while disconnected');

    await act(async () => {
      await deleteSession(id(1_500)); // not re-fetched yet
      const created = makeRow({ id: 'pushed-new', position: 1_700.5, title: 'Created during the reload' });
      api.rows.set(created.id, created);
      api.push('session:changed', created);
      await archiveSession(id(300)); // in the page already fetched
      await saveRename(id(2_200), 'Renamed during the reload');
      // Main renumbers the group for this move and pushes every renumbered row: the held page's cursor is stale.
      await moveSession(id(2_400), id(1));
    });
    const still = (ids: readonly string[]) => ids.filter((one) => api.rows.has(one) && !api.rows.get(one)?.archived);
    expectShown([...still(before), 'pushed-new']);
    expect(shownIds()).not.toContain(id(1_500));
    expect(shownIds()).not.toContain(id(300));
    // The list is by time; the move is in the places (what a reordered group draws): right above its target.
    const held = Object.values(useSessions.getState().byId).filter((row) => !row.pinned && !row.archived);
    const byPlace = held.sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1)).map((row) => row.id);
    expect(byPlace.indexOf(id(2_400))).toBe(byPlace.indexOf(id(1)) - 1);
    expect(screen.getByRole('list', { name: 'Sessions' })).toHaveAttribute('aria-busy', 'true');

    await release(); // the second page
    expectShown([...still(before), 'pushed-new']);
    expect(useSessions.getState().complete).toBe(false);
    // The deleted-while-disconnected row is still held: only the last page may sweep.
    expect(useSessions.getState().byId[id(100)]).toBeDefined();

    await release(); // the last page: swept
    await act(async () => reload);
    expectMainsState(api);
    expect(shownIds()).toEqual(mainsView(api));
    expect(shownIds()).toContain('quiet-new');
    expect(shownIds()).not.toContain(id(100));
    expect(useSessions.getState().byId[id(2_200)]?.title).toBe('Renamed during the reload');
    expect(screen.getByRole('list', { name: 'Sessions' })).not.toHaveAttribute('aria-busy');
  });

  it('a second reload supersedes the first: the first\'s late page is dropped, the second sweeps', async () => {
    const { api, hold, release } = await bootedSwarm();
    const before = shownIds();
    hold();
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = loadSessions();
    });
    await release(); // the first reload's first page; its second is asked for and held
    api.rows.delete(id(50)); // quietly: only a sweep removes it
    let second: Promise<void> = Promise.resolve();
    act(() => {
      second = loadSessions();
    });
    // The first reload's held page goes now: dropped (it would sweep with what the first reload saw).
    await release(() => true);
    await act(async () => first);
    expect(useSessions.getState().complete).toBe(false);
    expectShown(before);

    await release(); // the second reload's first page
    await act(async () => {
      await deleteSession(id(2_300)); // in a page still to come
      const created = makeRow({ id: 'made-meanwhile', position: 10.5, title: 'Made between pages' });
      api.rows.set(created.id, created);
      api.push('session:changed', created);
    });
    expectShown(before.filter((one) => api.rows.has(one)));
    await release();
    await release();
    await act(async () => second);
    expectMainsState(api);
    expect(shownIds()).toEqual(mainsView(api));
    expect(shownIds()).not.toContain(id(50));
    expect(shownIds()).toContain('made-meanwhile');
  });

  it('Show archived on and off while pages are held: the swarm\'s rows stay drawn; archived rows leave at once and come as pages bring them', async () => {
    const { api, hold, release } = await bootedSwarm(3);
    const swarm = shownIds();
    hold();
    let on: Promise<void> = Promise.resolve();
    act(() => {
      on = setShowArchived(true);
    });
    await release(); // the archived view's first page: the archived rows among main's first 1,000
    // Added to the swarm's rows, after them (in their own group), not instead of them.
    expect(shownIds()).toEqual([...swarm, 'arch0', 'arch1', 'arch2']);
    // The swarm's rows are still held (not shown in this view), so switching back draws them at once.
    expect(useSessions.getState().order.length).toBeGreaterThanOrEqual(TOTAL);
    let off: Promise<void> = Promise.resolve();
    act(() => {
      off = setShowArchived(false);
    });
    expect(shownIds()).toEqual(swarm);
    expect(Object.values(useSessions.getState().byId).filter((row) => row.archived)).toEqual([]);
    expect(screen.getByRole('list', { name: 'Sessions' })).toHaveAttribute('aria-busy', 'true');
    // The archived view's held page goes (dropped), then the swarm's own pages.
    await release(() => true);
    await act(async () => on);
    expect(shownIds()).toEqual(swarm);
    while (!useSessions.getState().complete) {
      await release();
      expect(shownIds()).toEqual(swarm);
    }
    await act(async () => off);
    expectMainsState(api);
    expect(shownIds()).toEqual(mainsView(api));
  });

  it('a reload whose first reply fails keeps the rows held and says why', async () => {
    const { api } = await bootedSwarm();
    const before = shownIds();
    api.override('sessions:list', () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Swarmdesk is restarting.' } }));
    await act(async () => loadSessions());
    expect(shownIds()).toEqual(before);
    expect(useSessions.getState().complete).toBe(true);
    expect(screen.getByText(/Could not load the sessions: Swarmdesk is restarting\./)).toBeVisible();
  });
});
