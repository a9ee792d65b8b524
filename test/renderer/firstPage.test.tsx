import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/renderer/src/App';
import { bootApp } from '../../src/renderer/src/boot/boot';
import { FIRST_PAGE_ROWS, startEarly } from '../../src/renderer/src/boot/earlyStart';
import { withValidatedEvents } from '../../src/renderer/src/bridge/validatedEvents';
import {
  archiveSession,
  deleteSession,
  moveSession,
  resetSearch,
  saveRename,
  setPinned,
  setShowArchived,
  typeQuery,
} from '../../src/renderer/src/features/sessions/actions';
import { resetAppStore } from '../../src/renderer/src/stores/app';
import { resetEntriesStore } from '../../src/renderer/src/stores/entries';
import { resetPanesStore } from '../../src/renderer/src/stores/panes';
import { resetSessionsStore, useSessions } from '../../src/renderer/src/stores/sessions';
import { resetUiStore } from '../../src/renderer/src/stores/ui';
import { currentVisibleRows } from '../../src/renderer/src/stores/useVisibleRows';
import type { SessionRow } from '../../src/shared/domain/session';
import type { ChannelInput } from '../../src/shared/ipc/contract';
import type { Result } from '../../src/shared/result';
import { until } from '../support/until';
import { FakeApi, makeRow, NOW } from './support/fakeApi';

afterEach(() => cleanup());
beforeEach(() => {
  resetAppStore();
  resetEntriesStore();
  resetPanesStore();
  resetSessionsStore();
  resetSearch();
  resetUiStore();
});

const TOTAL = 250;

/**
 * Main with 250 sessions. The first page answers at once; the whole list is
 * held until the test releases it, and is then made from main's state at that
 * moment (as main would, handling requests in order).
 */
function swarmWithHeldRest() {
  const rows = Array.from({ length: TOTAL }, (_, i) => makeRow({ id: `r${i}`, position: i, title: `Row ${i} of the swarm` }));
  const api = new FakeApi(rows);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  api.override('sessions:list', async (input: ChannelInput<'sessions:list'>) => {
    const all = [...api.rows.values()].filter((row) => input.includeArchived || !row.archived);
    const ordered = all.sort((a, b) => Number(b.pinned) - Number(a.pinned) || a.position - b.position);
    if (input.limit !== undefined) return { ok: true, value: ordered.slice(0, input.limit) } as Result<SessionRow[]>;
    if (!input.includeArchived) await held;
    // Made when released: what main holds then.
    const now = [...api.rows.values()].filter((row) => input.includeArchived || !row.archived);
    return { ok: true, value: now.sort((a, b) => Number(b.pinned) - Number(a.pinned) || a.position - b.position) } as Result<SessionRow[]>;
  });
  return { api, release, held };
}

async function boot(api: FakeApi) {
  const validated = withValidatedEvents(api);
  const early = startEarly(validated);
  await act(async () => {
    await early.list;
    bootApp(validated, early);
  });
  render(<App now={NOW} />);
  await screen.findByRole('navigation', { name: 'Sessions' });
}

const shownIds = () => currentVisibleRows().map((row) => row.id);

describe('a lean first paint: the first page, then the rest of the swarm', () => {
  it('asks for the first page first, draws it, then asks for the whole list once and holds all rows once', async () => {
    const { api, release, held } = swarmWithHeldRest();
    await boot(api);
    expect(api.callsTo('sessions:list')[0]).toEqual({ includeArchived: false, limit: FIRST_PAGE_ROWS });
    expect(useSessions.getState().complete).toBe(false);
    expect(useSessions.getState().order).toHaveLength(FIRST_PAGE_ROWS);
    expect(screen.getAllByRole('listitem')[0]).toHaveAccessibleName(/^Row 0 of the swarm/);

    // After the first page is painted, the rest is asked for.
    await until(() => api.callsTo('sessions:list').length === 2, { message: 'the request for the rest' });
    expect(api.callsTo('sessions:list')[1]).toEqual({ includeArchived: false });
    await act(async () => {
      release();
      await held;
    });
    await until(() => useSessions.getState().complete, { message: 'the rest applied' });
    expect(shownIds()).toEqual(Array.from({ length: TOTAL }, (_, i) => `r${i}`));
  });

  it('pushes, rename, pin, archive, delete, reorder and search while the rest is on its way end in main\'s state, each row once', async () => {
    const { api, release, held } = swarmWithHeldRest();
    await boot(api);
    await until(() => api.callsTo('sessions:list').length === 2, { message: 'the request for the rest' });

    await act(async () => {
      // A push for a row not loaded yet: kept, in its place, once.
      const r200 = { ...(api.rows.get('r200') as SessionRow), subtitle: 'pushed before it was loaded' };
      api.rows.set('r200', r200);
      api.push('session:changed', r200);
      await setPinned('r150', true); // a row not loaded yet, pinned
      await archiveSession('r5');
      await deleteSession('r6');
      await saveRename('r7', 'Renamed during the load');
    });
    // Main renumbers the group and answers with the moved row only: the renderer asks for the
    // whole list again (a newer request than the rest's, whose reply is then dropped).
    let moved: Promise<void> = Promise.resolve();
    await act(async () => {
      moved = moveSession('r10', 'r1');
      await until(() => api.callsTo('sessions:list').length === 3, { message: 'the list asked again after the move' });
    });
    expect(useSessions.getState().complete).toBe(false);
    expect(shownIds()[0]).toBe('r150');
    expect(shownIds()).not.toContain('r5');
    expect(shownIds()).not.toContain('r6');
    expect(shownIds().filter((id) => id === 'r200')).toHaveLength(1);

    // A search while the rest is on its way: matches shown as they are known.
    await act(async () => {
      typeQuery('Row 24');
      await until(() => useSessions.getState().searchIds !== null, { message: 'search results' });
    });
    expect(shownIds()).toEqual(['r24']);

    await act(async () => {
      release();
      await held;
      await moved;
    });
    await until(() => useSessions.getState().complete, { message: 'the rest applied' });
    expect(shownIds().slice(0, 1)).toEqual(['r24']);
    // The search now finds the rows that arrived too (r240..r249), each once.
    expect(shownIds()).toEqual(['r24', ...Array.from({ length: 10 }, (_, i) => `r${240 + i}`)]);
    await act(async () => typeQuery(''));

    const expected = [...api.rows.values()]
      .filter((row) => !row.archived)
      .sort((a, b) => Number(b.pinned) - Number(a.pinned) || a.position - b.position)
      .map((row) => row.id);
    expect(shownIds()).toEqual(expected);
    expect(new Set(shownIds()).size).toBe(TOTAL - 2);
    expect(useSessions.getState().byId['r200']?.subtitle).toBe('pushed before it was loaded');
    expect(useSessions.getState().byId['r7']?.title).toBe('Renamed during the load');
  });

  it('switching to the archived view while the rest is on its way: the late reply does not undo the switch', async () => {
    const { api, release, held } = swarmWithHeldRest();
    api.rows.set('old', makeRow({ id: 'old', archived: true, title: 'An archived one' }));
    await boot(api);
    await until(() => api.callsTo('sessions:list').length === 2, { message: 'the request for the rest' });
    await act(async () => {
      await setShowArchived(true);
    });
    expect(shownIds()).toEqual(['old']);
    await act(async () => {
      release();
      await held;
    });
    // The stale reply (the swarm without the archive) is dropped: applied, it would empty the view.
    expect(shownIds()).toEqual(['old']);
    expect(useSessions.getState().showArchived).toBe(true);
  });

  it('a swarm smaller than a page: one request, complete at once', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' }), makeRow({ id: 'b', title: 'Bravo' })]);
    await boot(api);
    expect(useSessions.getState().complete).toBe(true);
    expect(api.callsTo('sessions:list')).toEqual([{ includeArchived: false, limit: FIRST_PAGE_ROWS }]);
  });
});
