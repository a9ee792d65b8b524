import { act, cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { App } from '../../../src/renderer/src/App';
import { bootApp } from '../../../src/renderer/src/boot/boot';
import { withValidatedEvents } from '../../../src/renderer/src/bridge/validatedEvents';
import { FakeApi, NOW } from './fakeApi';
import { OPEN_PANES_KEY } from '../../../src/renderer/src/features/panes/actions';
import { restoreSidebarLayout } from '../../../src/renderer/src/features/sidebar/layout';
import { resetStores } from './resetStores';
import { tracked } from './bootTracker';

// Vitest runs without globals here, so Testing Library cannot unmount by itself.
afterEach(() => cleanup());

/** Fresh stores, the fake behind the same event validation as the real bridges, and the whole App. */
export async function renderApp(api: FakeApi = new FakeApi(), opts: { savedPanes?: string; storage?: Record<string, string>; restoreLayout?: boolean } = {}) {
  resetStores();
  // What a reload finds in localStorage (the panes open before it).
  if (opts.savedPanes !== undefined) localStorage.setItem(OPEN_PANES_KEY, opts.savedPanes);
  for (const [key, value] of Object.entries(opts.storage ?? {})) localStorage.setItem(key, value);
  let teardown: () => void = () => undefined;
  await act(async () => {
    teardown = tracked(bootApp(withValidatedEvents(api)));
    // As the app's start does: the local guess of the sidebar's layout right after the boot, before the first render.
    if (opts.restoreLayout) restoreSidebarLayout();
  });
  const view = render(<App now={NOW} />);
  // Let app:info and sessions:list settle.
  await act(async () => {
    await Promise.resolve();
  });
  return { api, ...view, teardown };
}
