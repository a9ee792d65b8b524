import type { SwarmdeskApi } from '../../../shared/ipc/api';
import type { EventName } from '../../../shared/ipc/events';
import type { EarlyStart } from './earlyStart';
import { setApi } from '../bridge';
import { loadAppInfo } from '../features/app/actions';
import { loadChangeSummaries } from '../features/changes/actions';
import { startNotifications } from '../features/notifications/actions';
import { loadSessions } from '../features/sessions/actions';
import { loadLatestEntries } from '../features/transcript/actions';
import { forgetEntries } from '../stores/entries';
import { usePanes } from '../stores/panes';
import { applySessionList } from '../stores/sessions';
import { showToast } from '../stores/ui';
import { sessionLabel } from '../label/sessionLabel';
import { preloadMarkdown } from '../components/Markdown';
import { subscribeToPushes } from './pushes';

/**
 * The judge's large patterns compile on first use. Use them once while the
 * swarm is still on its way, so the first paint of the list does not pay for it.
 */
function warmUpLabels(): void {
  const row = { title: null, firstUserLine: 'Warm up the label rules', kind: 'chat', folder: '/', updatedAt: 0 } as const;
  sessionLabel(row, 0);
  sessionLabel({ ...row, title: 'Warm up the title judge' }, 0);
}

/** Run `work` once the frame now being prepared has been painted (what the first paint does not need). */
function afterNextPaint(work: () => void): () => void {
  return () => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(work, 0));
    else setTimeout(work, 0);
  };
}

/**
 * Start the renderer's data flow on a transport: subscribe to pushes first (so
 * nothing between the list and the subscription is missed), then load the app
 * facts and the swarm. Returns the teardown.
 */
export function bootApp(api: SwarmdeskApi, early?: EarlyStart): () => void {
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
  let stopNotifications: (() => void) | null = null;
  let stopped = false;
  void loadAppInfo().then((info) => {
    for (const notice of info?.notices ?? []) showToast(notice);
    if (info && !stopped) stopNotifications = startNotifications(info);
  });
  void loadChangeSummaries();
  const preload = afterNextPaint(() => void preloadMarkdown());
  if (early) {
    // The list was asked for already: apply it (or wait for it), then the pushes that came after it.
    const { arrived, pushes } = early.handOver();
    if (arrived) applySessionList(arrived);
    for (const { event, payload } of pushes) handlers.get(event)?.(payload);
    if (arrived) preload();
    else void early.list.then(applySessionList).then(preload);
  } else {
    void loadSessions().then(preload);
  }
  warmUpLabels();
  return () => {
    stopped = true;
    stopNotifications?.();
    unsubscribe();
  };
}

/**
 * After the web socket came back, pushes sent while it was down are lost:
 * fetch the swarm and the open transcripts again.
 */
export async function refreshAfterReconnect(): Promise<void> {
  const open = usePanes.getState().open;
  await Promise.all([
    loadSessions(),
    loadChangeSummaries(),
    ...open.map((id) => {
      forgetEntries(id);
      return loadLatestEntries(id);
    }),
  ]);
}
