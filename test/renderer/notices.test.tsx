import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../src/renderer/src/stores/app';
import { useUi } from '../../src/renderer/src/stores/ui';
import { until } from '../support/until';
import { FakeApi } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// The host keeps its notices in app:info for a window that connects later; a reload does not say them again.

const NOTICE = 'Imported 4 sessions from Claude Code and 1 from Codex.';

function hostWith(notices: string[]): FakeApi {
  const api = new FakeApi();
  api.override('app:info', () => ({ ok: true, value: { version: '0', platform: 'test', transport: 'web', dataDir: '/data/a', defaultFolder: '/x', notices, notifications: false } }));
  return api;
}

const toastTexts = () => useUi.getState().toasts.map((t) => t.message);

describe('notices', () => {
  it('a notice from app:info is said once, not again after a reload', async () => {
    const first = await renderApp(hostWith([NOTICE]));
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    const saved = localStorage.getItem('swarmdesk.shownNotices');
    first.teardown();
    first.unmount();
    // The reload: same page storage, same host.
    const api = hostWith([NOTICE]);
    await renderApp(api, { storage: { 'swarmdesk.shownNotices': saved ?? '' } });
    await act(async () => {
      await until(() => useApp.getState().info !== null, { message: 'app:info applied' });
    });
    expect(api.callsTo('app:info')).toHaveLength(1);
    expect(toastTexts()).toEqual([]);
  });

  it('a live notice is said, and then not again from app:info after a reload', async () => {
    const { api } = await renderApp(hostWith([]));
    act(() => api.push('app:notice', { message: NOTICE }));
    expect(toastTexts()).toEqual([NOTICE]);
    expect(JSON.parse(localStorage.getItem('swarmdesk.shownNotices') ?? '[]')).toEqual([`/data/a\n${NOTICE}`]);
  });
});
