import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostState } from '../../src/shared/ipc/host';
import { setApi } from '../../src/renderer/src/bridge';
import { withValidatedEvents } from '../../src/renderer/src/bridge/validatedEvents';
import { TerminalView } from '../../src/renderer/src/components/TerminalView';
import { BACK_SHOWN_MS } from '../../src/renderer/src/features/host/actions';
import { openSession, reloadPaneContents } from '../../src/renderer/src/stores/panes';
import { setConnection } from '../../src/renderer/src/stores/ui';
import { until } from '../support/until';
import { FakeApi, makeEntry, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';
import { StandInScreen } from './support/standInScreen';

afterEach(() => {
  vi.useRealTimers();
});

const state = (s: HostState['state'], extra: Partial<HostState> = {}): HostState => ({ state: s, message: '', reattached: false, hostVersion: null, ...extra });

/** The host's line, a status; absent while all is well. */
function hostStatus(): HTMLElement {
  const region = hostStatusOrNull();
  if (!region) throw new Error('no host status');
  return region;
}

function hostStatusOrNull(): HTMLElement | null {
  return screen.queryAllByRole('status').find((el) => el.classList.contains('host-status')) ?? null;
}

describe('the session host as the page sees it (host:state)', () => {
  it('restarting says so politely; back again, it reloads the list and the open transcripts and says so for a moment', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix the billing export' }), makeRow({ id: 'b', title: 'Write the release notes' })]);
    api.entries.set('a', [makeEntry({ sessionId: 'a', seq: 0, text: 'before the host died' })]);
    await renderApp(api);
    act(() => openSession('a'));
    await screen.findByText('before the host died');
    expect(hostStatusOrNull()).toBeNull();

    act(() => api.push('host:state', state('restarting', { message: 'The session host stopped; restarting…' })));
    expect(hostStatus()).toHaveTextContent('The session host stopped; restarting…');
    expect(hostStatus()).toHaveAttribute('aria-live', 'polite');

    // What the new host holds that was never pushed: a renamed row, a new row, a new entry.
    api.rows.set('b', { ...(api.rows.get('b') as ReturnType<typeof makeRow>), title: 'Ship the release notes' as never });
    api.rows.set('c', makeRow({ id: 'c', title: 'Port the retry policy' }));
    api.entries.set('a', [...(api.entries.get('a') ?? []), makeEntry({ sessionId: 'a', seq: 1, kind: 'assistant', text: 'written while you were away' })]);
    const listsBefore = api.callsTo('sessions:list').length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => api.push('host:state', state('connected', { reattached: true, hostVersion: '0.1.0' })));
    expect(hostStatus()).toHaveTextContent('The session host is back.');
    vi.useRealTimers();
    await act(async () => {
      await until(() => api.callsTo('sessions:list').length > listsBefore, { message: 'the list asked again' });
    });
    const list = screen.getByRole('list', { name: 'Sessions' });
    expect(await within(list).findByRole('listitem', { name: /^Ship the release notes/ })).toBeInTheDocument();
    expect(within(list).getByRole('listitem', { name: /^Port the retry policy/ })).toBeInTheDocument();
    expect(await screen.findByText('written while you were away')).toBeInTheDocument();
  });

  it('"The session host is back." goes after a few seconds; a first attach says nothing and reloads nothing', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix the billing export' })]);
    await renderApp(api);
    const lists = api.callsTo('sessions:list').length;
    act(() => api.push('host:state', state('connected')));
    expect(hostStatusOrNull()).toBeNull();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => api.push('host:state', state('connected', { reattached: true })));
    expect(hostStatus()).toHaveTextContent('The session host is back.');
    act(() => {
      vi.advanceTimersByTime(BACK_SHOWN_MS - 1);
    });
    expect(hostStatus()).toHaveTextContent('The session host is back.');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(hostStatusOrNull()).toBeNull();
    vi.useRealTimers();
    // Only the re-attach reloaded the list.
    await act(async () => {
      await until(() => api.callsTo('sessions:list').length === lists + 1, { message: 'one reload' });
    });
  });

  it('stopped on purpose: says so with Start, which asks the front to start the host; the host coming back reloads', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix the billing export' })]);
    api.override('host:start', () => {
      // As the front does: it attaches to the new host and pushes the re-attach before it answers.
      api.push('host:state', state('connected', { reattached: true }));
      return { ok: true, value: { started: true, message: 'Started the session host.' } };
    });
    await renderApp(api);
    act(() => api.push('host:state', state('stopped', { message: 'The session host was stopped.' })));
    expect(hostStatus()).toHaveTextContent('The session host was stopped.');
    const lists = api.callsTo('sessions:list').length;
    await userEvent.click(within(hostStatus()).getByRole('button', { name: 'Start' }));
    expect(api.callsTo('host:start')).toEqual([{ restart: 'no' }]);
    expect(hostStatus()).toHaveTextContent('The session host is back.');
    expect(within(hostStatus()).queryByRole('button', { name: 'Start' })).toBeNull();
    await act(async () => {
      await until(() => api.callsTo('sessions:list').length > lists, { message: 'the list asked again' });
    });
  });

  it('a Start the front refuses is said in an alert, and Start stays', async () => {
    const api = new FakeApi();
    api.override('host:start', () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'The data folder is locked by another Swarmdesk.' } }));
    await renderApp(api);
    act(() => api.push('host:state', state('stopped')));
    await userEvent.click(within(hostStatus()).getByRole('button', { name: 'Start' }));
    expect(within(hostStatus()).getByRole('alert')).toHaveTextContent('The data folder is locked by another Swarmdesk.');
    expect(within(hostStatus()).getByRole('button', { name: 'Start' })).toBeEnabled();
  });

  it('web mode: once the page lost its front (it ends with a stopped host), no Start; it says how to start again', async () => {
    const api = new FakeApi();
    await renderApp(api);
    act(() => api.push('host:state', state('stopped')));
    act(() => setConnection('reconnecting'));
    expect(within(hostStatus()).queryByRole('button', { name: 'Start' })).toBeNull();
    expect(hostStatus()).toHaveTextContent('run npm run serve again');
  });

  it('an older host: says which version it runs and which this window is', async () => {
    const api = new FakeApi();
    await renderApp(api);
    act(() => api.push('host:state', state('outdated', { hostVersion: '0.0.9' })));
    expect(hostStatus()).toHaveTextContent('The session host runs Swarmdesk 0.0.9; this window is 0.0.0.');
  });

  it('a push that is not a host state is dropped (the page keeps what it said)', async () => {
    const api = new FakeApi();
    await renderApp(api);
    act(() => api.push('host:state', state('restarting')));
    act(() => api.push('host:state', { state: 'exploded', message: '', reattached: false, hostVersion: null }));
    expect(hostStatus()).toHaveTextContent('The session host stopped; restarting…');
  });
});

describe('terminal panes after a reconnect or a re-attach', () => {
  it('open their screen again as the core holds it now (no restart)', async () => {
    const api = new FakeApi([makeRow({ id: 't', kind: 'terminal' })]);
    api.override('terminal:open', () => ({ ok: true, value: { running: true, scrollback: '$ ', offset: 2, exit: null } }));
    setApi(withValidatedEvents(api));
    const screens: StandInScreen[] = [];
    render(<TerminalView sessionId="t" createScreen={() => screens[screens.push(new StandInScreen()) - 1]!} />);
    await act(async () => {
      await until(() => api.callsTo('terminal:open').length === 2, { message: 'opened (the screen, then the scrollback)' });
    });
    act(() => reloadPaneContents());
    await act(async () => {
      await until(() => api.callsTo('terminal:open').length === 4, { message: 'opened again' });
    });
    const screenThenAll = [
      { id: 't', cols: 80, rows: 24, restart: false, screenOnly: true },
      { id: 't', cols: 80, rows: 24, restart: false, screenOnly: false },
    ];
    expect(api.callsTo('terminal:open')).toEqual([...screenThenAll, ...screenThenAll]);
    expect(screens.filter((s) => s.disposed)).toHaveLength(1);
  });

  it('a terminal whose process went with the old host shows as ended, its screen kept, with Restart', async () => {
    const api = new FakeApi([makeRow({ id: 't', kind: 'terminal' })]);
    // The new host has the saved screen but no process and no exit of its own.
    api.override('terminal:open', (input) =>
      input.restart
        ? { ok: true, value: { running: true, scrollback: '', offset: 0, exit: null } }
        : { ok: true, value: { running: false, scrollback: 'counted to 41', offset: 13, exit: null } },
    );
    setApi(withValidatedEvents(api));
    const screens: StandInScreen[] = [];
    render(<TerminalView sessionId="t" createScreen={() => screens[screens.push(new StandInScreen()) - 1]!} />);
    expect(await screen.findByText('Not running: it ended when its session host stopped; its screen is kept.')).toBeInTheDocument();
    expect(screens.flatMap((s) => s.written)).toEqual(['counted to 41']);
    await userEvent.click(screen.getByRole('button', { name: 'Restart' }));
    await act(async () => {
      await until(() => api.callsTo('terminal:open').some((call) => (call as { restart: boolean }).restart), { message: 'restarted' });
    });
    expect(api.callsTo('terminal:open').filter((call) => (call as { restart: boolean }).restart)).toEqual([{ id: 't', cols: 80, rows: 24, restart: true, screenOnly: true }]);
    expect(screen.queryByText('Not running: it ended when its session host stopped; its screen is kept.')).toBeNull();
  });
});
