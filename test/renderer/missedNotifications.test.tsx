import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { missedNotifications } from '../../src/renderer/src/features/notifications/rules';
import { useNotifications } from '../../src/renderer/src/features/notifications/store';
import { until } from '../support/until';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

describe('coming back: what was missed is told once (the rule)', () => {
  const missed = (n: number, status: 'waiting' | 'error' = 'waiting') =>
    Array.from({ length: n }, (_, i) => ({ sessionId: `s${i}`, status, label: `Session ${i + 1}` }));

  it('up to three: one notification each, as a live change would say it', () => {
    expect(missedNotifications([])).toEqual([]);
    expect(missedNotifications([...missed(2), { sessionId: 'e', status: 'error', label: 'Broken build' }])).toEqual([
      { sessionId: 's0', title: 'Session 1', body: 'Waiting for you.' },
      { sessionId: 's1', title: 'Session 2', body: 'Waiting for you.' },
      { sessionId: 'e', title: 'Broken build', body: 'Stopped with an error.' },
    ]);
  });

  it('more than three: one summary naming the first three, which opens the first', () => {
    expect(missedNotifications(missed(4))).toEqual([{ sessionId: 's0', title: '4 sessions are waiting for you', body: 'Session 1, Session 2, Session 3 and 1 more.' }]);
    expect(missedNotifications(missed(5, 'error'))[0]?.title).toBe('5 sessions stopped with an error');
    expect(missedNotifications([...missed(3), { sessionId: 'e', status: 'error', label: 'Broken build' }])[0]?.title).toBe('4 sessions need you');
  });
});

/** jsdom has no Notification API: a recording stand-in with the browser's shape. */
class RecordingNotification {
  static permission: NotificationPermission = 'granted';
  static created: RecordingNotification[] = [];
  onclick: (() => void) | null = null;
  constructor(
    readonly title: string,
    readonly options: { body?: string; tag?: string },
  ) {
    RecordingNotification.created.push(this);
  }
  close(): void {}
}

const shown = () => RecordingNotification.created.map((n) => [n.title, n.options.body]);

describe('coming back: the window asks at start and after a re-attach', () => {
  beforeEach(() => {
    RecordingNotification.created = [];
    vi.stubGlobal('Notification', RecordingNotification);
    // The user is elsewhere (the window is not focused): everything missed is worth a tap.
    vi.spyOn(document, 'hasFocus').mockImplementation(() => false);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function started(api: FakeApi): Promise<void> {
    await renderApp(api);
    await act(async () => {
      await until(() => useNotifications.getState().via !== null && api.callsTo('app:missed').length > 0, { message: 'notifications asked what was missed' });
    });
  }

  it('a missed wait the core says was told already (by another window) is not told again; a missed error is', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix the billing export', status: 'waiting' }), makeRow({ id: 'b', title: 'Port the retry policy', status: 'error' })]);
    api.missed = [
      { sessionId: 'a', status: 'waiting' },
      { sessionId: 'b', status: 'error' },
    ];
    api.override('app:claimWaitNotice', () => ({ ok: true, value: { notify: false } }));
    await started(api);
    await act(async () => {
      await until(() => RecordingNotification.created.length === 1, { message: 'the error told' });
    });
    expect(shown()).toEqual([['Port the retry policy', 'Stopped with an error.']]);
    expect(api.callsTo('app:claimWaitNotice')).toEqual([{ id: 'a' }]);
  });

  it('at start: one notification per missed session, labelled as in the list; a session beyond the loaded rows is fetched', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix the billing export', status: 'waiting' })]);
    api.missed = [
      { sessionId: 'a', status: 'waiting' },
      { sessionId: 'far', status: 'error' },
    ];
    // Not in the list the window loaded (a later page): only sessions:get knows it.
    api.override('sessions:get', (input) => ({ ok: true, value: makeRow({ id: input.id, title: 'Port the retry policy', status: 'error' }) }));
    await started(api);
    await act(async () => {
      await until(() => RecordingNotification.created.length === 2, { message: 'two notifications' });
    });
    expect(shown()).toEqual([
      ['Fix the billing export', 'Waiting for you.'],
      ['Port the retry policy', 'Stopped with an error.'],
    ]);
  });

  it('many at once: one summary; after the host re-attaches it asks again and tells only what is new', async () => {
    const rows = ['Alpha', 'Bravo', 'Charlie', 'Delta'].map((title, i) => makeRow({ id: `r${i}`, title: `${title} release notes`, status: 'waiting' }));
    const api = new FakeApi(rows);
    api.missed = rows.map((row) => ({ sessionId: row.id, status: 'waiting' as const }));
    await started(api);
    await act(async () => {
      await until(() => RecordingNotification.created.length === 1, { message: 'the summary' });
    });
    expect(shown()).toEqual([['4 sessions are waiting for you', 'Alpha release notes, Bravo release notes, Charlie release notes and 1 more.']]);

    api.missed = [{ sessionId: 'r3', status: 'waiting' }];
    act(() => api.push('host:state', { state: 'connected', message: '', reattached: true, hostVersion: '0.1.0' }));
    await act(async () => {
      await until(() => RecordingNotification.created.length === 2, { message: 'the one missed during the restart' });
    });
    expect(shown().at(-1)).toEqual(['Delta release notes', 'Waiting for you.']);
    expect(api.callsTo('app:missed')).toHaveLength(2);
  });

  it('with notifications switched off nothing is asked or shown', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix the billing export', status: 'waiting' })]);
    api.override('app:info', () => ({ ok: true, value: { version: '0', platform: 'test', transport: 'web', dataDir: '/tmp/x', defaultFolder: '/home', notices: [], notifications: false } }));
    api.missed = [{ sessionId: 'a', status: 'waiting' }];
    await renderApp(api);
    await act(async () => {
      await until(() => useNotifications.getState().via !== null, { message: 'notifications started' });
    });
    act(() => api.push('host:state', { state: 'connected', message: '', reattached: true, hostVersion: null }));
    await act(async () => {
      await until(() => api.callsTo('sessions:list').length >= 2, { message: 'the re-attach reloaded' });
    });
    expect(api.callsTo('app:missed')).toEqual([]);
    expect(RecordingNotification.created).toEqual([]);
  });
});
