import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionStatus } from '../../src/shared/domain/session';
import { badgedTitle, notifyReason, shouldNotify, waitingCount } from '../../src/renderer/src/features/notifications/rules';
import { openSession, usePanes } from '../../src/renderer/src/stores/panes';
import { useUi } from '../../src/renderer/src/stores/ui';
import { setSettingsOpen } from '../../src/renderer/src/features/settings/store';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';
import { until } from '../support/until';
import { useNotifications } from '../../src/renderer/src/features/notifications/store';

/** Notifications start once the first paint is done (boot defers them off the first paint's path). */
async function notificationsStarted(): Promise<void> {
  await act(async () => {
    await until(() => useNotifications.getState().via !== null, { message: 'notifications started' });
  });
}

describe('which status changes notify', () => {
  const row = (status: SessionStatus, extra: { parentId?: string | null; archived?: boolean; unread?: boolean } = {}) => ({ status, parentId: null, archived: false, ...extra });

  it('working → waiting, working → done (idle with a turn to read) and anything → error; nothing else', () => {
    expect(notifyReason('working', row('waiting'))).toBe('waiting');
    expect(notifyReason('working', row('idle', { unread: true }))).toBe('done');
    // A stop leaves nothing to read: not done.
    expect(notifyReason('working', row('idle'))).toBeNull();
    expect(notifyReason('working', row('error'))).toBe('failed');
    expect(notifyReason('idle', row('error'))).toBe('failed');
    expect(notifyReason('idle', row('working'))).toBeNull();
    expect(notifyReason('waiting', row('idle'))).toBeNull();
    expect(notifyReason('error', row('error'))).toBeNull();
    expect(notifyReason('waiting', row('waiting'))).toBeNull();
    // A row seen for the first time has no transition; subagents and archived rows stay quiet.
    expect(notifyReason(undefined, row('waiting'))).toBeNull();
    expect(notifyReason('working', row('waiting', { parentId: 'p' }))).toBeNull();
    expect(notifyReason('working', row('error', { archived: true }))).toBeNull();
  });

  it('only when the window is unfocused or the session is not on screen', () => {
    expect(shouldNotify('a', { windowFocused: true, onScreen: new Set(['a']) })).toBe(false);
    expect(shouldNotify('a', { windowFocused: true, onScreen: new Set(['b']) })).toBe(true);
    expect(shouldNotify('a', { windowFocused: false, onScreen: new Set(['a']) })).toBe(true);
  });

  it('counts waiting sessions outside the archive; the tab title carries the count', () => {
    expect(waitingCount({ a: row('waiting'), b: row('waiting', { archived: true }), c: row('working'), d: row('waiting') })).toBe(2);
    expect(badgedTitle(2, 'Swarmdesk')).toBe('(2) Swarmdesk');
    expect(badgedTitle(0, 'Swarmdesk')).toBe('Swarmdesk');
  });
});

/** jsdom has no Notification API: a recording stand-in with the browser's shape. */
class RecordingNotification {
  static permission: NotificationPermission = 'granted';
  static created: RecordingNotification[] = [];
  static requestPermission = vi.fn(async () => {
    RecordingNotification.permission = 'granted';
    return 'granted' as NotificationPermission;
  });
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: { body?: string; tag?: string },
  ) {
    RecordingNotification.created.push(this);
  }
  close(): void {
    this.closed = true;
  }
}

describe('web mode: browser notifications and the tab title', () => {
  let focused = true;
  beforeEach(() => {
    focused = true;
    RecordingNotification.created = [];
    RecordingNotification.permission = 'granted';
    vi.stubGlobal('Notification', RecordingNotification);
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
    // jsdom cannot raise a window; the click still must ask for it.
    vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    document.title = 'Swarmdesk';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a session out of sight that starts waiting notifies; the one on screen in a focused window does not; a click opens it', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix the billing export', status: 'working' }), makeRow({ id: 'b', title: 'Write the release notes', status: 'working' })]);
    await renderApp(api);
    await notificationsStarted();
    act(() => openSession('b'));
    act(() => api.push('session:changed', { ...api.rows.get('b'), status: 'waiting' }));
    expect(RecordingNotification.created).toEqual([]);
    expect(document.title).toBe('(1) Swarmdesk');
    act(() => api.push('session:changed', { ...api.rows.get('a'), status: 'waiting' }));
    await waitFor(() => expect(RecordingNotification.created.map((n) => [n.title, n.options.body])).toEqual([['Fix the billing export', 'Waiting for you.']]));
    expect(api.callsTo('app:claimWaitNotice')).toEqual([{ id: 'a' }]);
    expect(document.title).toBe('(2) Swarmdesk');
    act(() => RecordingNotification.created[0]?.onclick?.());
    expect(usePanes.getState().focused).toBe('a');
    expect(window.focus).toHaveBeenCalled();
    expect(RecordingNotification.created[0]?.closed).toBe(true);
    // The window loses focus: even the session on screen taps the user now, when it fails.
    focused = false;
    act(() => api.push('session:changed', { ...api.rows.get('b'), status: 'working' }));
    act(() => api.push('session:changed', { ...api.rows.get('b'), status: 'error' }));
    expect(RecordingNotification.created.at(-1)).toMatchObject({ title: 'Write the release notes', options: { body: 'Stopped with an error.' } });
    expect(document.title).toBe('(1) Swarmdesk');
  });

  it('a wait the core says was told already (another window, within 30 s, before a restart) is not told again', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix the billing export', status: 'working' })]);
    api.override('app:claimWaitNotice', () => ({ ok: true, value: { notify: false } }));
    await renderApp(api);
    await notificationsStarted();
    act(() => api.push('session:changed', { ...api.rows.get('a'), status: 'waiting' }));
    await waitFor(() => expect(api.callsTo('app:claimWaitNotice')).toEqual([{ id: 'a' }]));
    await act(async () => {
      await Promise.resolve();
    });
    expect(RecordingNotification.created).toEqual([]);
    // Still counted: the badge is what waits, not what was told.
    expect(document.title).toBe('(1) Swarmdesk');
  });

  it('done notifies only after "Also notify me when a session is done" is checked (kept in main); a stop never does', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix the billing export', status: 'working' })]);
    await renderApp(api);
    await notificationsStarted();
    act(() => api.push('session:changed', { ...api.rows.get('a'), status: 'idle', unread: true }));
    expect(RecordingNotification.created).toEqual([]);
    act(() => setSettingsOpen(true, 'notifications'));
    const optIn = await screen.findByRole('checkbox', { name: /Also notify me when a session is done/ });
    expect(optIn).not.toBeChecked();
    await userEvent.click(optIn);
    await waitFor(() => expect(optIn).toBeChecked());
    expect(api.callsTo('app:setNotifyDone')).toEqual([{ enabled: true }]);
    act(() => api.push('session:changed', { ...api.rows.get('a'), status: 'working', unread: false }));
    act(() => api.push('session:changed', { ...api.rows.get('a'), status: 'idle', unread: true }));
    expect(RecordingNotification.created.map((n) => [n.title, n.options.body])).toEqual([['Fix the billing export', 'Done: its turn is ready to read.']]);
    act(() => api.push('session:changed', { ...api.rows.get('a'), status: 'working', unread: false }));
    act(() => api.push('session:changed', { ...api.rows.get('a'), status: 'idle', unread: false }));
    expect(RecordingNotification.created).toHaveLength(1);
  });

  it('the off switch in settings silences notifications and clears the count; it is saved in main', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix the billing export', status: 'working' })]);
    api.override('app:setNotifications', (input) => ({ ok: true, value: { enabled: input.enabled } }));
    await renderApp(api);
    await notificationsStarted();
    act(() => api.push('session:changed', { ...api.rows.get('a'), status: 'waiting' }));
    await waitFor(() => expect(RecordingNotification.created).toHaveLength(1));
    expect(document.title).toBe('(1) Swarmdesk');
    act(() => setSettingsOpen(true, 'notifications'));
    const toggle = await screen.findByRole('checkbox', { name: /Notify me when a session waits/ });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.callsTo('app:setNotifications')).toEqual([{ enabled: false }]);
    expect(document.title).toBe('Swarmdesk');
    act(() => api.push('session:changed', { ...api.rows.get('a'), status: 'working' }));
    act(() => api.push('session:changed', { ...api.rows.get('a'), status: 'error' }));
    expect(RecordingNotification.created).toHaveLength(1);
  });

  it('turning the switch on asks the browser for permission inside the click', async () => {
    RecordingNotification.permission = 'default';
    const api = new FakeApi([]);
    api.override('app:info', () => ({ ok: true, value: { version: '0', platform: 'test', transport: 'web', dataDir: '/x', defaultFolder: '/x', notices: [], notifications: false } }));
    api.override('app:setNotifications', (input) => ({ ok: true, value: { enabled: input.enabled } }));
    await renderApp(api);
    await notificationsStarted();
    act(() => setSettingsOpen(true, 'notifications'));
    const toggle = await screen.findByRole('checkbox', { name: /Notify me when a session waits/ });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(RecordingNotification.requestPermission).toHaveBeenCalledTimes(1);
  });
});

describe('desktop: main shows the notification and the badge', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks main through app:notify and app:setBadge; a clicked notification (app:openSession) opens that session', async () => {
    vi.spyOn(document, 'hasFocus').mockImplementation(() => false);
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix the billing export', status: 'working' })]);
    api.override('app:info', () => ({ ok: true, value: { version: '0', platform: 'test', transport: 'electron', dataDir: '/x', defaultFolder: '/x', notices: [], notifications: true } }));
    api.override('app:notify', () => ({ ok: true, value: { shown: true } }));
    api.override('app:setBadge', () => ({ ok: true, value: { shown: true } }));
    await renderApp(api);
    await notificationsStarted();
    act(() => api.push('session:changed', { ...api.rows.get('a'), status: 'error' }));
    expect(api.callsTo('app:notify')).toEqual([{ sessionId: 'a', title: 'Fix the billing export', body: 'Stopped with an error.' }]);
    act(() => api.push('session:changed', { ...api.rows.get('a'), status: 'waiting' }));
    expect(api.callsTo('app:setBadge')).toEqual([{ count: 0 }, { count: 1 }]);
    expect(usePanes.getState().open).toEqual([]);
    act(() => api.push('app:openSession', { sessionId: 'a' }));
    expect(usePanes.getState().focused).toBe('a');
    expect(useUi.getState().toasts).toEqual([]);
  });

  it('a notification the OS refused (shown: false, e.g. an unsigned macOS build) is an in-app toast instead', async () => {
    vi.spyOn(document, 'hasFocus').mockImplementation(() => false);
    const api = new FakeApi([makeRow({ id: 'a', title: 'Fix the billing export', status: 'working' })]);
    api.override('app:info', () => ({ ok: true, value: { version: '0', platform: 'test', transport: 'electron', dataDir: '/x', defaultFolder: '/x', notices: [], notifications: true } }));
    api.override('app:notify', () => ({ ok: true, value: { shown: false } }));
    api.override('app:setBadge', () => ({ ok: true, value: { shown: true } }));
    await renderApp(api);
    await notificationsStarted();
    act(() => api.push('session:changed', { ...api.rows.get('a'), status: 'error' }));
    await waitFor(() => expect(useUi.getState().toasts.map((t) => t.message)).toEqual(['Fix the billing export: Stopped with an error.']));
  });
});
