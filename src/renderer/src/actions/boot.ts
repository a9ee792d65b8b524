import type { SwarmdeskApi } from '../../../shared/ipc/api';
import { setApi } from '../bridge';
import { loadAppInfo } from '../stores/app';
import { loadSessions } from '../stores/sessions';
import { showToast } from '../stores/ui';
import { subscribeToPushes } from './pushes';

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
  void loadSessions();
  return unsubscribe;
}
