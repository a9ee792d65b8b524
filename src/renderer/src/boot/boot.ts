import type { SwarmdeskApi } from '../../../shared/ipc/api';
import type { EventName } from '../../../shared/ipc/events';
import { FIRST_PAGE_ROWS, type EarlyStart } from './earlyStart';
import { setApi } from '../bridge';
import { validPush, withValidatedEvents } from '../bridge/validatedEvents';
import { firstShowings, loadAppInfo } from '../features/app/actions';
import { loadChangeSummaries } from '../features/changes/actions';
import { loadHosts } from '../features/hosts/actions';
import { startNotifications } from '../features/notifications/actions';
import { rememberOpenPanes, reopenSavedPanes } from '../features/panes/actions';
import { adoptSidebarLayout } from '../features/sidebar/layout';
import { flushWindowState, loadWindowState, resetWindowState } from '../features/windowState/actions';
import { loadSessions, takeFirstPage } from '../features/sessions/actions';
import { applyQueuedChanges, useSessions } from '../stores/sessions';
import { showToast } from '../stores/ui';
import { warmUpLabels } from '../label/sessionLabel';
import { preloadMarkdown } from '../components/Markdown';
import { preloadScreen } from '../terminal/screen';
import { subscribeToPushes } from './pushes';

export { refreshAfterReconnect } from './refresh';

/** Run `work` once the frame now being prepared has been painted (what the first paint does not need). */
function afterNextPaint(work: () => void): () => void {
  return () => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(work, 0));
    else setTimeout(work, 0);
  };
}

/** Whether the loaded swarm holds a terminal session (one walk, once, after the swarm is in). */
function hasTerminalSession(): boolean {
  const { byId } = useSessions.getState();
  for (const id in byId) if (byId[id]?.kind === 'terminal') return true;
  return false;
}

/**
 * Start the renderer's data flow on a transport: subscribe to pushes first (so
 * nothing between the list and the subscription is missed), then load the app
 * facts and the swarm. Returns the teardown.
 */
export function bootApp(transport: SwarmdeskApi, early?: EarlyStart): () => void {
  // Pushes are schema-checked from here on (the entry chunk holds no zod); those the early start buffered, as they are replayed.
  const api = withValidatedEvents(transport);
  setApi(api);
  // Remember each push handler, to replay what an early start buffered.
  const handlers = new Map<EventName, (payload: unknown) => void>();
  const recording: SwarmdeskApi = {
    invoke: (channel, input) => api.invoke(channel, input),
    on(event, listener) {
      handlers.set(event, listener as (payload: unknown) => void);
      return api.on(event, listener);
    },
  };
  const unsubscribe = subscribeToPushes(recording);
  const forgetPanes = rememberOpenPanes();
  // What the window remembers, from the core (authoritative; the reopened panes wait for it too).
  resetWindowState();
  void loadWindowState(early?.uiState).then((state) => {
    if (!stopped && state) adoptSidebarLayout(state.sidebar);
  });
  // A change still waiting for its debounce is sent as the page goes away.
  const onPageHide = (): void => flushWindowState();
  if (typeof window !== 'undefined') window.addEventListener('pagehide', onPageHide);
  let stopNotifications: (() => void) | null = null;
  let stopped = false;
  // Work after the first paint, skipped once this boot has been torn down.
  const later = (work: () => void): (() => void) =>
    afterNextPaint(() => {
      if (!stopped) work();
    });
  void loadAppInfo(early?.appInfo).then((info) => {
    // Said once per window: a reload does not say the host's notices again.
    if (info) for (const notice of firstShowings(info.dataDir, info.notices)) showToast(notice);
    // Not on the first paint's path: reading the browser's notification permission blocks for a while.
    later(() => {
      if (info) stopNotifications = startNotifications(info);
    })();
  });
  // The rows' branch and counts: not on the first paint's path either.
  later(() => void loadChangeSummaries())();
  // The remote hosts and their links' states (rows of a host that is not connected say so).
  later(() => void loadHosts())();
  // Once the swarm is in: the markdown chunk, and xterm.js when the swarm has a terminal to open.
  const preload = later(() => {
    void preloadMarkdown().then(() => {
      if (!stopped && hasTerminalSession()) void preloadScreen();
    });
  });
  if (early) {
    // The first page was asked for already: apply it (or wait for it), then the pushes that came
    // after it. Once it is painted, the rest of the swarm, page by page (each newer than the pushes before it).
    const applyFirstPage = takeFirstPage(FIRST_PAGE_ROWS);
    const { arrived, pushes } = early.handOver();
    const first = arrived ? applyFirstPage(arrived) : null;
    // Buffered raw by the entry chunk (before zod loaded): checked now, as a live push would be.
    for (const { event, payload } of pushes) {
      // Checked only when something listens (no pane listens to terminal output yet).
      const handler = handlers.get(event);
      const valid = handler ? validPush(event, payload) : null;
      if (handler && valid) handler(valid.payload);
    }
    // The buffered rows, in one store update, before the first paint.
    applyQueuedChanges();
    const rest = ({ rest: loadRest }: { rest: (() => Promise<void>) | null }): void => {
      if (!stopped) void reopenSavedPanes();
      if (loadRest) later(() => void loadRest().then(preload))();
      else preload();
    };
    if (first) rest(first);
    else void early.list.then(applyFirstPage).then(rest);
  } else {
    void loadSessions().then(() => {
      if (!stopped) void reopenSavedPanes();
      preload();
    });
  }
  warmUpLabels();
  return () => {
    stopped = true;
    stopNotifications?.();
    forgetPanes();
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', onPageHide);
    flushWindowState();
    unsubscribe();
  };
}
