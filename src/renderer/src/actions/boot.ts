import type { SwarmdeskApi } from '../../../shared/ipc/api';
import { setApi } from '../bridge';
import { loadAppInfo } from '../stores/app';
import { forgetEntries, loadLatestEntries } from '../stores/entries';
import { usePanes } from '../stores/panes';
import { loadSessions } from '../stores/sessions';
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
export function bootApp(api: SwarmdeskApi): () => void {
  setApi(api);
  const unsubscribe = subscribeToPushes(api);
  void loadAppInfo().then((info) => {
    for (const notice of info?.notices ?? []) showToast(notice);
  });
  void loadSessions().then(afterNextPaint(() => void preloadMarkdown()));
  warmUpLabels();
  return unsubscribe;
}

/**
 * After the web socket came back, pushes sent while it was down are lost:
 * fetch the swarm and the open transcripts again.
 */
export async function refreshAfterReconnect(): Promise<void> {
  const open = usePanes.getState().open;
  await Promise.all([
    loadSessions(),
    ...open.map((id) => {
      forgetEntries(id);
      return loadLatestEntries(id);
    }),
  ]);
}
