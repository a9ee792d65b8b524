import { act, cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { App } from '../../../src/renderer/src/App';
import { bootApp } from '../../../src/renderer/src/boot/boot';
import { withValidatedEvents } from '../../../src/renderer/src/bridge/validatedEvents';
import { resetAppStore } from '../../../src/renderer/src/stores/app';
import { resetEntriesStore } from '../../../src/renderer/src/stores/entries';
import { resetPanesStore } from '../../../src/renderer/src/stores/panes';
import { resetSessionsStore } from '../../../src/renderer/src/stores/sessions';
import { resetSearch } from '../../../src/renderer/src/features/sessions/actions';
import { resetUiStore } from '../../../src/renderer/src/stores/ui';
import { resetNotificationsStore } from '../../../src/renderer/src/features/notifications/store';
import { resetUsageStore } from '../../../src/renderer/src/stores/usage';
import { FakeApi, NOW } from './fakeApi';
import { tracked } from './bootTracker';

// Vitest runs without globals here, so Testing Library cannot unmount by itself.
afterEach(() => cleanup());

/** Fresh stores, the fake behind the same event validation as the real bridges, and the whole App. */
export async function renderApp(api: FakeApi = new FakeApi()) {
  resetAppStore();
  resetEntriesStore();
  resetPanesStore();
  resetSessionsStore();
  resetSearch();
  resetUiStore();
  resetNotificationsStore();
  resetUsageStore();
  let teardown: () => void = () => undefined;
  await act(async () => {
    teardown = tracked(bootApp(withValidatedEvents(api)));
  });
  const view = render(<App now={NOW} />);
  // Let app:info and sessions:list settle.
  await act(async () => {
    await Promise.resolve();
  });
  return { api, ...view, teardown };
}
