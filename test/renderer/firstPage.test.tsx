import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/renderer/src/App';
import { bootApp } from '../../src/renderer/src/boot/boot';
import { tracked } from './support/bootTracker';
import { resetStores } from './support/resetStores';
import { FIRST_PAGE_ROWS, startEarly } from '../../src/renderer/src/boot/earlyStart';
import { withValidatedEvents } from '../../src/renderer/src/bridge/validatedEvents';
import {
  archiveSession,
  deleteSession,
  LIST_PAGE_ROWS,
  moveSession,
  saveRename,
  setPinned,
  setShowArchived,
  typeQuery,
} from '../../src/renderer/src/features/sessions/actions';
import { setFolderFilter, useSessions } from '../../src/renderer/src/stores/sessions';
import { currentVisibleRows } from '../../src/renderer/src/stores/useVisibleRows';
import type { SessionRow } from '../../src/shared/domain/session';
import type { ChannelInput } from '../../src/shared/ipc/contract';
import type { Result } from '../../src/shared/result';
import { until } from '../support/until';
import { FakeApi, makeRow, NOW } from './support/fakeApi';

afterEach(() => cleanup());
beforeEach(() => resetStores());

/** Three pages after the first one: 100 + 1,000 + 1,000 + 400. */
const TOTAL = FIRST_PAGE_ROWS + 2 * LIST_PAGE_ROWS + 400;

// Main's order: pinned first, then the newest first, then id.
const inMainsOrder = (a: SessionRow, b: SessionRow) => Number(b.pinned) - Number(a.pinned) || b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const cursorOf = (row: SessionRow) => ({ pinned: row.pinned, updatedAt: row.updatedAt, id: row.id });

/**
 * Main with TOTAL sessions. A list without `after` (a first page) answers at
 * once; each page after a row is held until the test lets it go, and is then
 * made from main's state at that moment (as main would, handling requests in order).
 */
function swarmWithHeldPages() {
  const rows = Array.from({ length: TOTAL }, (_, i) => makeRow({ id: `r${String(i).padStart(4, '0')}`, position: i, title: `Row ${i} of the swarm` }));
  const api = new FakeApi(rows);
  const waiting: (() => void)[] = [];
  let open = false;
  api.override('sessions:list', async (input: ChannelInput<'sessions:list'>) => {
    if (input.after !== undefined && !open) await new Promise<void>((resolve) => waiting.push(resolve));
    // Made when let go: what main holds then.
    const all = [...api.rows.values()].filter((row) => input.includeArchived || !row.archived).sort(inMainsOrder);
    const { after } = input;
    const from = after ? all.filter((row) => inMainsOrder(row, { ...row, ...after }) > 0) : all;
    return { ok: true, value: input.limit === undefined ? from : from.slice(0, input.limit) } as Result<SessionRow[]>;
  });
  /** Let the oldest held page go, and wait until it is applied. */
  const nextPage = async (): Promise<void> => {
    await until(() => waiting.length > 0, { message: 'a page asked for' });
    const asked = api.callsTo('sessions:list').length;
    await act(async () => {
      waiting.shift()?.();
      // Applied: the next page is asked for, or there is none.
      await until(() => useSessions.getState().complete || api.callsTo('sessions:list').length > asked, { message: 'the page applied' });
    });
  };
  /** Let every page go from now on. */
  const openAll = async (): Promise<void> => {
    open = true;
    await act(async () => {
      for (const go of waiting.splice(0)) go();
      await until(() => useSessions.getState().complete, { message: 'the rest applied' });
    });
  };
  return { api, nextPage, openAll, pagesWaiting: () => waiting.length };
}

async function boot(api: FakeApi) {
  const validated = withValidatedEvents(api);
  const early = startEarly(validated);
  await act(async () => {
    await early.list;
    tracked(bootApp(validated, early));
  });
  render(<App now={NOW} />);
  await screen.findByRole('navigation', { name: 'Sessions' });
}

const shownIds = () => currentVisibleRows().map((row) => row.id);

describe('a lean first paint: the first page, then the rest of the swarm page by page', () => {
  it('asks for the first page, then each page after the last row of the one before; holds every row once, in order', async () => {
    const { api, nextPage } = swarmWithHeldPages();
    await boot(api);
    expect(api.callsTo('sessions:list')[0]).toEqual({ includeArchived: false, limit: FIRST_PAGE_ROWS });
    expect(useSessions.getState().complete).toBe(false);
    expect(useSessions.getState().order).toHaveLength(FIRST_PAGE_ROWS);
    expect(screen.getAllByRole('listitem')[0]).toHaveAccessibleName(/^Row 0 of the swarm/);
    const all = [...api.rows.values()].sort(inMainsOrder);
    for (const [page, loaded] of [[1, FIRST_PAGE_ROWS + LIST_PAGE_ROWS], [2, FIRST_PAGE_ROWS + 2 * LIST_PAGE_ROWS], [3, TOTAL]] as const) {
      await nextPage();
      const cursor = cursorOf(all[FIRST_PAGE_ROWS + (page - 1) * LIST_PAGE_ROWS - 1] as SessionRow);
      expect(api.callsTo('sessions:list')[page]).toEqual({ includeArchived: false, limit: LIST_PAGE_ROWS, after: cursor });
      expect(useSessions.getState().order).toHaveLength(loaded);
      expect(useSessions.getState().complete).toBe(page === 3);
    }
    expect(api.callsTo('sessions:list')).toHaveLength(4);
    expect(shownIds()).toEqual(all.map((row) => row.id));
  });

  it('pushes, rename, pin, archive, delete, a renumbering, reorder and search between pages end in main\'s state, each row once', async () => {
    const { api, nextPage, openAll } = swarmWithHeldPages();
    await boot(api);
    await nextPage(); // rows up to r1099 are in
    await until(() => api.callsTo('sessions:list').length === 3, { message: 'the second page asked for' });

    await act(async () => {
      // A push for a row not loaded yet: kept, in its place, once.
      const r2000 = { ...(api.rows.get('r2000') as SessionRow), subtitle: 'pushed before it was loaded' };
      api.rows.set('r2000', r2000);
      api.push('session:changed', r2000);
      await setPinned('r1500', true); // a row not loaded yet, pinned
      await archiveSession('r0005');
      await deleteSession('r0006');
      await saveRename('r1800', 'Renamed during the load');
      // Main renumbers the unpinned group (as a move with no room does) and pushes every row of it:
      // the held page's cursor (r1099 at position 1099) now points elsewhere in the new numbering.
      const group = [...api.rows.values()].filter((row) => !row.pinned).sort(inMainsOrder);
      group.forEach((row, i) => {
        const renumbered = { ...row, position: 3 * i + 1 };
        api.rows.set(row.id, renumbered);
        api.pushWithinFrame('session:changed', renumbered);
      });
    });
    // A search while the rest is on its way: matches shown as they are known.
    await act(async () => {
      typeQuery('Row 2400');
      await until(() => useSessions.getState().searchIds !== null, { message: 'search results' });
    });
    await until(() => shownIds().length === 1, { message: 'the match (pushed by the renumbering) shown' });
    expect(shownIds()).toEqual(['r2400']);
    await act(async () => typeQuery(''));

    // Reorder: main answers with the moved row; it is in its place without another list.
    await act(async () => moveSession('r0010', 'r0001'));
    await nextPage();
    await openAll();
    const expected = [...api.rows.values()].filter((row) => !row.archived).sort(inMainsOrder).map((row) => row.id);
    expect(shownIds()).toEqual(expected);
    expect(shownIds()[0]).toBe('r1500');
    // The list is by time; the move is in the places (what a reordered group draws): right above its target.
    const { byId } = useSessions.getState();
    const byPlace = Object.values(byId).filter((row) => !row.pinned).sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1)).map((row) => row.id);
    expect(byPlace.indexOf('r0010')).toBe(byPlace.indexOf('r0001') - 1);
    expect(new Set(shownIds()).size).toBe(TOTAL - 2);
    expect(shownIds()).not.toContain('r0005');
    expect(shownIds()).not.toContain('r0006');
    expect(useSessions.getState().byId['r2000']?.subtitle).toBe('pushed before it was loaded');
    expect(useSessions.getState().byId['r1800']?.title).toBe('Renamed during the load');
  });

  it('a folder filter set while the rest is on its way shows the folder\'s rows as they arrive', async () => {
    const { api, openAll } = swarmWithHeldPages();
    for (const id of ['r0003', 'r1200', 'r2300']) api.rows.set(id, { ...(api.rows.get(id) as SessionRow), folder: '/home/ada/other' });
    await boot(api);
    act(() => setFolderFilter('/home/ada/other'));
    expect(shownIds()).toEqual(['r0003']);
    await openAll();
    expect(shownIds()).toEqual(['r0003', 'r1200', 'r2300']);
  });

  it('switching to the archived view while the rest is on its way: a late page does not undo the switch', async () => {
    const { api, openAll, pagesWaiting } = swarmWithHeldPages();
    api.rows.set('old', makeRow({ id: 'old', archived: true, title: 'An archived one', position: -1 }));
    await boot(api);
    await until(() => pagesWaiting() === 1, { message: 'the first page after the first one asked for' });
    let switched: Promise<void> = Promise.resolve();
    await act(async () => {
      switched = setShowArchived(true);
      await until(() => useSessions.getState().showArchived && shownIds().at(-1) === 'old', { message: 'the archived row added' });
    });
    // The stale page (of the swarm without the archive) is dropped; the archived view's own pages land.
    await openAll();
    await act(async () => switched);
    // The archived row stays, after the swarm's rows (which all arrived).
    expect(shownIds().at(-1)).toBe('old');
    expect(shownIds()).toHaveLength(api.rows.size);
    expect(useSessions.getState().showArchived).toBe(true);
  });

  it('a swarm smaller than a page: one request, complete at once', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' }), makeRow({ id: 'b', title: 'Bravo' })]);
    await boot(api);
    expect(useSessions.getState().complete).toBe(true);
    expect(api.callsTo('sessions:list')).toEqual([{ includeArchived: false, limit: FIRST_PAGE_ROWS }]);
  });
});
