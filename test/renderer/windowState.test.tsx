import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OPEN_PANES_KEY } from '../../src/renderer/src/features/panes/actions';
import { bootApp } from '../../src/renderer/src/boot/boot';
import { startEarly } from '../../src/renderer/src/boot/earlyStart';
import { withValidatedEvents } from '../../src/renderer/src/bridge/validatedEvents';
import { restoreSidebarLayout, SIDEBAR_LAYOUT_KEY } from '../../src/renderer/src/features/sidebar/layout';
import { useSessions } from '../../src/renderer/src/stores/sessions';
import { tracked } from './support/bootTracker';
import { resetStores } from './support/resetStores';
import { UNSAVED_KEY } from '../../src/renderer/src/features/windowState/actions';
import { openSession, usePanes } from '../../src/renderer/src/stores/panes';
import { useSidebarLayout } from '../../src/renderer/src/stores/sidebarLayout';
import type { SessionRow } from '../../src/shared/domain/session';
import type { UiState } from '../../src/shared/ipc/ui';
import type { Result } from '../../src/shared/result';
import { until } from '../support/until';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// What the window remembers comes from the core (`ui:state`): a restart on a new origin (web mode's
// new port) has an empty localStorage and still reopens the panes and the sidebar as they were.

const panes = () => [...document.querySelectorAll('section.pane')].map((pane) => pane.getAttribute('aria-label'));

function swarm(uiState?: UiState): FakeApi {
  const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha', position: 0 }), makeRow({ id: 'b', title: 'Bravo', position: 1 }), makeRow({ id: 'c', title: 'Charlie', position: 2 })]);
  if (uiState) api.uiState = uiState;
  return api;
}

const kept: UiState = {
  panes: { open: ['a', 'c'], focused: 'a' },
  sidebar: { width: 380, collapsed: false, grouping: 'recency', collapsedGroups: {}, reorderedGroups: {} },
};

/** A start as the app's: the boot, then the sidebar's local guess, before the first render. */
const start = (api: FakeApi, storage: Record<string, string> = {}) => renderApp(api, { storage, restoreLayout: true });

describe('the window state kept in the core', () => {
  it('with an empty localStorage, reopens the panes the core kept (the focused one focused) and its sidebar layout', async () => {
    const api = swarm(kept);
    await start(api); // renderApp clears localStorage first: a new origin's empty storage
    await act(async () => {
      await until(() => panes().length === 2, { message: 'both panes reopened' });
    });
    expect(panes()).toEqual(['Alpha', 'Charlie']);
    expect(screen.getByRole('main')).toHaveAccessibleName('Alpha');
    expect(await screen.findByRole('separator', { name: 'Resize sidebar' })).toHaveAttribute('aria-valuenow', '380');
    expect(useSidebarLayout.getState()).toMatchObject({ width: 380, grouping: 'recency' });
    // Cached here as the next start's first guess.
    expect(JSON.parse(localStorage.getItem(SIDEBAR_LAYOUT_KEY) ?? '{}')).toMatchObject({ width: 380, grouping: 'recency' });
  });

  it("the core's copy wins over a stale local guess; none at all in the core: nothing reopens", async () => {
    const stale = { [OPEN_PANES_KEY]: JSON.stringify({ open: ['b'], focused: 'b' }), [SIDEBAR_LAYOUT_KEY]: JSON.stringify({ width: 250, collapsed: true, grouping: 'project', collapsedGroups: {} }) };
    const first = swarm(kept);
    let answer: () => void = () => undefined;
    // The core answers late: until then the local guess is shown.
    first.override('ui:state', () => new Promise((resolve) => (answer = () => resolve({ ok: true, value: kept }))));
    await start(first, stale);
    expect(useSidebarLayout.getState()).toMatchObject({ width: 250, collapsed: true });
    answer();
    await act(async () => {
      await until(() => panes().length === 2 && useSidebarLayout.getState().width === 380, { message: "the core's panes and width" });
    });
    expect(panes()).toEqual(['Alpha', 'Charlie']);
    expect(useSidebarLayout.getState().collapsed).toBe(false);

    // The core saved "no panes": the local guess does not bring Bravo back.
    const api = swarm({ ...kept, panes: { open: [], focused: null } });
    await start(api, stale);
    await act(async () => {
      await until(() => api.callsTo('ui:state').length === 1 && api.callsTo('sessions:list').length > 0, { message: 'the list and the core state asked for' });
      await until(() => useSidebarLayout.getState().width === 380, { message: "the core's layout adopted" });
    });
    expect(usePanes.getState().open).toEqual([]);
  });

  it('what the core never saved is taken from the local guess and handed to the core', async () => {
    const api = swarm();
    await start(api, { [OPEN_PANES_KEY]: JSON.stringify({ open: ['b', 'c'], focused: 'b' }), [SIDEBAR_LAYOUT_KEY]: JSON.stringify({ width: 410, collapsed: false, grouping: 'project', collapsedGroups: { 'project:/x': true } }) });
    await act(async () => {
      await until(() => api.uiState.panes !== null && api.uiState.sidebar !== null, { message: 'both handed to the core' });
    });
    expect(panes()).toEqual(['Bravo', 'Charlie']);
    expect(api.uiState).toEqual({ panes: { open: ['b', 'c'], focused: 'b' }, sidebar: { width: 410, collapsed: false, grouping: 'project', collapsedGroups: { 'project:/x': true }, reorderedGroups: {} } });
  });

  it('a change the core never confirmed (the page went away within the pause) wins over its copy and is sent again', async () => {
    const api = swarm(kept);
    const unsaved = { sidebar: { width: 450, collapsed: false, grouping: 'recency', collapsedGroups: {} } };
    await start(api, { [UNSAVED_KEY]: JSON.stringify(unsaved), [SIDEBAR_LAYOUT_KEY]: JSON.stringify(unsaved.sidebar) });
    await act(async () => {
      await until(() => api.uiState.sidebar?.width === 450, { message: 'the unconfirmed width sent again' });
      await until(() => localStorage.getItem(UNSAVED_KEY) === null, { message: 'confirmed by the core' });
    });
    expect(useSidebarLayout.getState().width).toBe(450);
    expect(api.uiState.panes).toEqual(kept.panes);
  });

  it('changes are written back to the core, debounced: a burst of resizes is one write', async () => {
    const api = swarm(kept);
    await start(api);
    await act(async () => {
      await until(() => panes().length === 2, { message: 'panes reopened' });
      // Reopening writes the same panes back once; the burst below comes after it.
      await until(() => api.callsTo('ui:setState').length === 1, { message: 'the reopened panes written back' });
    });
    const writesBefore = api.callsTo('ui:setState').length;
    const edge = await screen.findByRole('separator', { name: 'Resize sidebar' });
    for (let i = 0; i < 3; i++) fireEvent.keyDown(edge, { key: 'ArrowRight' });
    act(() => openSession('b', { newPane: true }));
    await act(async () => {
      await until(() => api.uiState.sidebar?.width === 428 && api.uiState.panes?.open.includes('b'), { message: 'the new width and panes in the core' });
    });
    expect(api.callsTo('ui:setState').length - writesBefore).toBe(1);
    expect(api.uiState.panes).toEqual({ open: ['a', 'c', 'b'], focused: 'b' });
  });
});

describe('the window state at an early start', () => {
  it('is asked for before the list, once: the sidebar has the kept width when the rows first show', async () => {
    const api = swarm(kept);
    // The list's reply comes in a later message than ui:state's (as on a socket): held until released.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.override('sessions:list', async () => {
      await held;
      return { ok: true, value: [...api.rows.values()] } as Result<SessionRow[]>;
    });
    resetStores(); // a fresh window (this test boots as the app's start does, with an early start)
    const validated = withValidatedEvents(api);
    const early = startEarly(validated);
    let widthWhenShown: number | null = null;
    const stop = useSessions.subscribe((state, before) => {
      if (state.loaded && !before.loaded) widthWhenShown = useSidebarLayout.getState().width;
    });
    await act(async () => {
      tracked(bootApp(validated, early));
      restoreSidebarLayout(); // as the app's start: nothing stored on this new origin
      await until(() => useSidebarLayout.getState().width === 380, { message: "the core's layout, before the list" });
      release();
      await until(() => useSessions.getState().loaded, { message: 'the first page shown' });
    });
    stop();
    expect(widthWhenShown).toBe(380);
    expect(api.callsTo('ui:state')).toHaveLength(1);
    const order = api.calls.map((call) => call.channel);
    expect(order.indexOf('ui:state')).toBeLessThan(order.indexOf('sessions:list'));
  });
});
